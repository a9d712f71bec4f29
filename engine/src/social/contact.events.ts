import type { DomainEvent } from '../shared/decider.ts';
import type { ContactSubject } from './contact.rules.ts';

/** Each message to support is its own stream, `contact-<messageId>`. */
export const contactStream = (messageId: string): string => `contact-${messageId}`;

/** Section 3's Contact message, for support staff; acknowledged to `email` through the outbox. */
export type ContactMessageReceived = DomainEvent<
  'ContactMessageReceived',
  {
    readonly messageId: string;
    /** The signed-in member who sent it; null for a guest (the page is public). */
    readonly sentBy: string | null;
    readonly country: string;
    readonly firstname: string;
    readonly lastname: string;
    readonly email: string;
    readonly mobile: string;
    readonly description: string;
    readonly subject: ContactSubject;
    readonly receivedAt: string;
  }
>;

/** Support staff dealt with the message (answered the sender, or found nothing to do). */
export type ContactMessageHandled = DomainEvent<
  'ContactMessageHandled',
  { readonly messageId: string; readonly handledBy: string; readonly handledAt: string }
>;

/** A handled message needs looking at again. */
export type ContactMessageReopened = DomainEvent<
  'ContactMessageReopened',
  { readonly messageId: string; readonly reopenedBy: string; readonly reopenedAt: string }
>;

export type ContactEvent = ContactMessageReceived | ContactMessageHandled | ContactMessageReopened;
export const CONTACT_EVENT_TYPES = [
  'ContactMessageReceived',
  'ContactMessageHandled',
  'ContactMessageReopened',
] as const satisfies readonly ContactEvent['type'][];
