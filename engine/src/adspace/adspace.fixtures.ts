import type { NewEventMetadata } from '../eventStore/eventStore.ts';
import type { SlotBid } from './adSlot.events.ts';

/* Test data: Asha and Bala bid for side-panel slots; Chitra buys an in-stream space. */

export const ASHA = 'u-asha';
export const BALA = 'u-bala';
export const CHITRA = 'u-chitra';

/** 10:00 India time on 1 May 2026. */
export const T0 = '2026-05-01T04:30:00.000Z';
export const SLOT_DATE = '2026-05-10';
/** 00:00 India time on the slot date. */
export const SLOT_START = '2026-05-09T18:30:00.000Z';
/** Bidding for it ends a day before: 00:00 India time on 9 May. */
export const BIDDING_ENDS = '2026-05-08T18:30:00.000Z';
/** Its day ends: 00:00 India time on 11 May. */
export const SLOT_END = '2026-05-10T18:30:00.000Z';

export const at = (minutes: number, from: string = T0): string =>
  new Date(Date.parse(from) + minutes * 60_000).toISOString();

export const metadata = (now: string = T0, actorId?: string): NewEventMetadata => ({
  eventId: `evt-${now}`,
  now,
  ...(actorId === undefined ? {} : { actor: { userId: actorId, role: 'member' } }),
});

/** Rupees to paise, for readable amounts. */
export const rupees = (amount: number): number => amount * 100;

export const slotBid = (data: Partial<SlotBid> = {}): SlotBid => ({
  bidId: 'b-1',
  userId: ASHA,
  username: 'asha',
  type: 'sidePanels',
  slotdate: SLOT_DATE,
  company: 'Asha Sweets',
  bidamt: rupees(250_000),
  biddate: T0,
  ...data,
});
