import type { Actor, NewEventMetadata } from '../eventStore/eventStore.ts';
import type { ContactForm } from './contact.rules.ts';

/* Test data for the social tests: Asha asks, Bala owns the number. */

export const ASHA = 'u-asha';
export const BALA = 'u-bala';
export const T0 = '2026-03-01T10:00:00.000Z';

export const at = (minutes: number): string =>
  new Date(Date.parse(T0) + minutes * 60_000).toISOString();

export const metadata = (now: string = T0, actorId?: string): NewEventMetadata => ({
  eventId: `evt-${now}`,
  now,
  ...(actorId === undefined ? {} : { actor: { userId: actorId, role: 'member' } satisfies Actor }),
});

/** A guest's Contact Us message that passes every rule. */
export const GUEST_CONTACT_FORM = {
  country: 'India',
  firstname: 'Guest',
  lastname: 'Visitor',
  email: 'guest.visitor@example.in',
  mobile: '98765',
  description: 'How do Hidden bids work?',
  subject: 'Inquiry',
} as const satisfies ContactForm;
