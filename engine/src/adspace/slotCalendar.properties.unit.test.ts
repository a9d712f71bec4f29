import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AdSlotEvent, SlotBid } from './adSlot.events.ts';
import { highestBid } from './adSlot.rules.ts';
import { addDays } from '../shared/indiaTime.ts';
import { calendarKey, calendarOf } from './slotCalendar.ts';

/*
 * The calendar shows, for every slot, the highest amount bid for it. Checked against the
 * simplest recomputation: for each (type, date), the maximum over all bids with that type and
 * date, and their count.
 */

const bidArbitrary: fc.Arbitrary<SlotBid> = fc.record({
  bidId: fc.uuid(),
  userId: fc.constantFrom('u-asha', 'u-bala', 'u-chitra'),
  username: fc.constantFrom('asha', 'bala', 'chitra'),
  type: fc.constantFrom('authPages', 'sidePanels'),
  slotdate: fc.integer({ min: 0, max: 6 }).map((offset) => addDays('2026-05-10', offset)),
  company: fc.string({ maxLength: 8 }),
  bidamt: fc.integer({ min: 20_000_001, max: 5_000_000_000 }),
  biddate: fc
    .integer({ min: 0, max: 1_000_000 })
    .map((seconds) => new Date(Date.parse('2026-05-01T00:00:00Z') + seconds * 1000).toISOString()),
});

const historyArbitrary = fc
  .array(bidArbitrary, { maxLength: 60 })
  .map((bids) => bids.map((bid): AdSlotEvent => ({ type: 'SlotBidPlaced', data: bid })));

describe('the bid calendar', () => {
  it("shows each slot's highest bid and bid count, as a brute-force recomputation finds them", () => {
    fc.assert(
      fc.property(historyArbitrary, (history) => {
        const calendar = calendarOf(history);
        const bids = history.map((event) => event.data as SlotBid);
        const slots = new Set(bids.map((bid) => calendarKey(bid.type, bid.slotdate)));
        expect(new Set(calendar.keys())).toEqual(slots);
        for (const key of slots) {
          const ofSlot = bids.filter((bid) => calendarKey(bid.type, bid.slotdate) === key);
          const day = calendar.get(key)!;
          expect(day.highest).toBe(Math.max(...ofSlot.map((bid) => bid.bidamt)));
          expect(day.bids).toBe(ofSlot.length);
        }
      }),
    );
  });

  it('names as the winner a bid whose amount is the calendar highest', () => {
    fc.assert(
      fc.property(historyArbitrary, (history) => {
        const bids = history.map((event) => event.data as SlotBid);
        const calendar = calendarOf(history);
        for (const day of calendar.values()) {
          const winner = highestBid(
            bids.filter((bid) => bid.type === day.type && bid.slotdate === day.slotdate),
          );
          expect(winner?.bidamt).toBe(day.highest);
        }
      }),
    );
  });
});
