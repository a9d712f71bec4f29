import type { ContactMessageReceived } from '@boli/engine/social/contact.events';
import { LIMITS } from '@boli/engine/shared/limits';

/*
 * The email that acknowledges a contact message, as an outbox row (projections/src/outbox): the
 * outbox projection inserts it when it sees `ContactMessageReceived`, and the outbox delivery
 * job sends it like every other message. Pure.
 *
 * Anyone may write in, giving any address: the email says nothing the sender typed but the
 * subject, which is one of the form's list (`isContactSubject`). Quoting the message, or greeting
 * by the name typed, let a stranger make Boli send their words and links to anyone. Nor may the
 * form make Boli mail one address again and again: an address is acknowledged at most once in
 * `LIMITS.contactAcknowledgementEveryHours` (`acknowledgedLately` in the outbox projection).
 */

export const CONTACT_ACKNOWLEDGEMENT_KIND = 'contactAcknowledgement';

/** An acknowledgement not sent within a day is no longer worth sending. */
const VALID_HOURS = 24;

const EVERY_HOURS = LIMITS.contactAcknowledgementEveryHours;
const ONCE_IN_WORDS = EVERY_HOURS === 24 ? 'once a day' : `once in ${EVERY_HOURS} hours`;

/** The earliest time an earlier acknowledgement to the same address keeps this one from going. */
export const acknowledgedSince = (recordedAt: Date): Date =>
  new Date(recordedAt.getTime() - EVERY_HOURS * 3600_000);

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
      `someone gave this address on our Contact Us form. We send this note to an address ` +
      `${ONCE_IN_WORDS} at most, whatever the form is sent with.`,
    created_at: event.recordedAt,
    expires_at: new Date(event.recordedAt.getTime() + VALID_HOURS * 3600_000),
  };
}
