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

export type ContactEvent = ContactMessageReceived;
export const CONTACT_EVENT_TYPES = [
  'ContactMessageReceived',
] as const satisfies readonly ContactEvent['type'][];
