import type { ContactMessageReceived } from '@boli/engine/social/contact.events';

/*
 * The email that acknowledges a contact message, as an outbox row (projections/src/outbox): the
 * outbox projection inserts it when it sees `ContactMessageReceived`, and the outbox delivery
 * job sends it like every other message. Pure.
 *
 * Anyone may write in, giving any address: the email says nothing the sender typed but the
 * subject, which is one of the form's list (`isContactSubject`). Quoting the message, or greeting
 * by the name typed, let a stranger make Boli send their words and links to anyone.
 */

export const CONTACT_ACKNOWLEDGEMENT_KIND = 'contactAcknowledgement';

/** An acknowledgement not sent within a day is no longer worth sending. */
const VALID_HOURS = 24;

export function contactAcknowledgement(event: {
  readonly data: ContactMessageReceived['data'];
  readonly metadata: { readonly eventId: string };
  readonly recordedAt: Date;
}) {
  const { data } = event;
  return {
    id: event.metadata.eventId,
    user_id: data.sentBy ?? '',
    kind: CONTACT_ACKNOWLEDGEMENT_KIND,
    channel: 'email' as const,
    recipient: data.email,
    subject: `We received your message: ${data.subject}`,
    text:
      `Hello,\n\nThank you for writing to Boli. We have received your message (${data.subject}) ` +
      `and you will hear from us shortly.\n\nIf you did not write to us, ignore this email: ` +
      `someone gave this address on our Contact Us form, and nothing more will be sent to it.`,
    created_at: event.recordedAt,
    expires_at: new Date(event.recordedAt.getTime() + VALID_HOURS * 3600_000),
  };
}
