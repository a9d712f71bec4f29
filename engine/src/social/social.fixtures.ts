import type { Actor, NewEventMetadata } from '../eventStore/eventStore.ts';

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
