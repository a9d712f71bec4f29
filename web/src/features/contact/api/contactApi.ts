import { apiEnvelope } from '../../../app/api/client.ts';
import type { ContactForm } from '@boli/engine/social/contact.rules';

/** POST /api/contactus (public; a signed-in member's token is sent so support knows who wrote). */
export async function sendContactMessage(form: ContactForm, token: string | null): Promise<string> {
  const { msg } = await apiEnvelope<{ messageId: string }>('/api/contactus', {
    method: 'POST',
    json: form,
    token,
  });
  return msg;
}
