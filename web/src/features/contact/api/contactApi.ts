import { apiEnvelope } from '../../../app/api/client.ts';
import type { ApiEnvelopeRequest, ApiRequest } from '../../../app/session/useApi.ts';
import type { ContactForm } from '@boli/engine/social/contact.rules';
import { isRecord } from '../../../lib/records.ts';

/** The member's own details (GET /api/user) that the form asks for: who writes and how to reach them. */
export async function fetchSendersDetails(
  request: ApiRequest,
  signal?: AbortSignal,
): Promise<Partial<ContactForm>> {
  const data = await request<unknown>('/api/user', { signal });
  if (!isRecord(data)) return {};
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  const details: Partial<Record<keyof ContactForm, string>> = {
    country: text(data.country),
    firstname: text(data.firstname),
    lastname: text(data.lastname),
    email: text(data.email),
    mobile: text(data.phone),
  };
  return Object.fromEntries(Object.entries(details).filter(([, value]) => value !== ''));
}

/**
 * POST /api/contactus (public; a signed-in member's token is sent so support knows who wrote),
 * with the submission's Idempotency-Key: sent again after a lost answer, it is one message.
 */
export async function sendContactMessage(
  form: ContactForm,
  token: string | null,
  idempotencyKey: string,
): Promise<string> {
  const { msg } = await apiEnvelope<{ messageId: string }>('/api/contactus', {
    method: 'POST',
    json: form,
    token,
    idempotencyKey,
  });
  return msg;
}

/** A Contact Us message as support reads it (GET /api/contactus, docs/api/social.md). */
export type ContactMessage = {
  _id: string;
  /** The member who wrote it while signed in, or null for a guest. */
  sentBy: string | null;
  country: string;
  firstname: string;
  lastname: string;
  email: string;
  mobile: string;
  description: string;
  subject: string;
  createdAt: string;
  /** When support marked it handled, and who; null while it waits. */
  handledAt: string | null;
  handledBy: { userId: string; username: string | null } | null;
};

/** Which messages the inbox lists (GET /api/contactus?status). */
export type ContactMessageFilter = 'open' | 'handled' | 'all';

export type ContactMessagePage = { messages: ContactMessage[]; page: number; totalPages: number };

/** GET /api/contactus?page&status (support and admins): newest first; `page` zero-based. */
export const fetchContactMessages = (
  request: ApiRequest,
  { page, status }: { page: number; status: ContactMessageFilter },
  signal?: AbortSignal,
): Promise<ContactMessagePage> =>
  request<ContactMessagePage>('/api/contactus', { query: { page, status }, signal });

/**
 * POST /api/contactus/{id}/handled or /reopen (support and admins): what to tell the staff member,
 * and whether it changed anything (not when a colleague had already done it).
 */
export async function markContactMessage(
  envelope: ApiEnvelopeRequest,
  messageId: string,
  handled: boolean,
): Promise<{ msg: string; changed: boolean }> {
  const answer = await envelope<{ changed?: boolean }>(
    `/api/contactus/${encodeURIComponent(messageId)}/${handled ? 'handled' : 'reopen'}`,
    { method: 'POST', json: {} },
  );
  return { msg: answer.msg, changed: answer.data?.changed !== false };
}
