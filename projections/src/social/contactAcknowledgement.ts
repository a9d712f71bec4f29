import type { ContactMessageReceived } from '@boli/engine/social/contact.events';

/*
 * The email that acknowledges a contact message, as an outbox row (projections/src/outbox): the
 * outbox projection inserts it when it sees `ContactMessageReceived`, and the outbox delivery
 * job sends it like every other message. Pure.
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
  const hello = data.firstname ? `Hello ${data.firstname},` : 'Hello,';
  return {
    id: event.metadata.eventId,
    user_id: data.sentBy ?? '',
    kind: CONTACT_ACKNOWLEDGEMENT_KIND,
    channel: 'email' as const,
    recipient: data.email,
    subject: `We received your message: ${data.subject}`,
    text:
      `${hello}\n\nThank you for writing to Boli. We have received your message and you will hear ` +
      `from us shortly.\n\nSubject: ${data.subject}\nYour message: ${data.description}\n\n` +
      `If you did not write to us, ignore this email.`,
    created_at: event.recordedAt,
    expires_at: new Date(event.recordedAt.getTime() + VALID_HOURS * 3600_000),
  };
}
