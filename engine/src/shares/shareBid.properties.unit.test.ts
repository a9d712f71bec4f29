import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/decider.ts';
import type { PlaceShareBid } from './shareBid.commands.ts';
import { shareBidsDecider, type ShareBidsState } from './shareBid.decider.ts';
import type { ShareBidEvent } from './shareBid.events.ts';

/*
 * Any sequence of bids under one company name, from a few members, with retries, bad details and
 * unpaid fees mixed in: every posted bid folds back, a bid id is posted at most once, and every
 * posted bid is the first bidder's.
 */

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const MEMBERS = [
  { userId: 'u-asha', username: 'asha_rao' },
  { userId: 'u-bala', username: 'bala_k' },
  { userId: 'u-chitra', username: 'chitra_s' },
];

const command: fc.Arbitrary<PlaceShareBid> = fc
  .record({
    bidId: fc.constantFrom('b1', 'b2', 'b3', 'b4', 'b5'),
    member: fc.constantFrom(...MEMBERS),
    company: fc.constantFrom('Mango Traders', ' mango traders', 'MANGO TRADERS '),
    amount: fc.oneof(fc.constant(null), fc.integer({ min: -100, max: 10_000_000 })),
    type: fc.constantFrom('Open', 'Hidden', 'Select Type', null),
    feePaid: fc.boolean(),
    minutes: fc.nat({ max: 10_000 }),
  })
  .map(({ member, minutes, ...data }) => ({
    type: 'PlaceShareBid',
    data: { ...data, ...member },
    metadata: { eventId: `e-${minutes}`, now: new Date(T0 + minutes * 60_000).toISOString() },
  }));

describe('the bids under one company name', () => {
  it('post each bid id once, all from the first bidder, and every event folds back', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 30 }), (commands) => {
        let state: ShareBidsState = shareBidsDecider.initialState();
        const posted: ShareBidEvent[] = [];
        for (const next of commands) {
          let events: ShareBidEvent[] = [];
          try {
            events = shareBidsDecider.decide(next, state);
          } catch (error) {
            expect(error).toBeInstanceOf(DomainError);
          }
          state = events.reduce(shareBidsDecider.evolve, state);
          posted.push(...events);
        }
        const ids = posted.map((event) => event.data.bidId);
        expect(new Set(ids).size).toBe(ids.length);
        expect(new Set(posted.map((event) => event.data.userId)).size).toBeLessThanOrEqual(1);
        expect(posted.every((event) => event.data.amount > 0)).toBe(true);
        expect(state.bidIds).toEqual(new Set(ids));
      }),
      { numRuns: 300 },
    );
  });
});
