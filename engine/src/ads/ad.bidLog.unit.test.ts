import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BidLog, type BookedBid } from './ad.bidLog.ts';
import { BID_PHASES } from './ad.events.ts';
import { nameSkeleton } from '../shared/characters.ts';
import { BID_TYPES } from '../shared/limits.ts';
import { idsSharingHash } from '../shared/testing/idsSharingHash.ts';

const position = fc.record({
  commit: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
  prepare: fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }),
});

/** Any bid a fold may meet: any amount, positions past 2^53, and `placedAt` in any form. */
const bookedBid: fc.Arbitrary<BookedBid> = fc.record({
  adId: fc.constantFrom('ad-1', 'ad-2'),
  bidId: fc.uuid(),
  bidderId: fc.constantFrom('u-1', 'u-2', 'u-3'),
  username: fc.string(),
  bidAlias: fc.string(),
  amount: fc.oneof(fc.maxSafeNat(), fc.double()),
  type: fc.constantFrom(...BID_TYPES),
  phase: fc.constantFrom(...BID_PHASES),
  placedAt: fc.oneof(
    fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    fc.constantFrom('2026-03-01T10:00:00Z', '2026-03-01T15:30:00+05:30', 'not a date', ''),
  ),
  position: fc.option(position, { nil: undefined }),
});

describe('an ad’s packed log of bids', () => {
  it('gives back every bid as it was added, and finds it by id, bidder, phase and alias', () => {
    fc.assert(
      fc.property(fc.uniqueArray(bookedBid, { selector: (bid) => bid.bidId }), (bids) => {
        const log = new BidLog();
        bids.forEach((bid, index) => expect(log.push(bid)).toBe(index));
        expect(log.length).toBe(bids.length);
        bids.forEach((bid, index) => {
          expect(log.bid(index)).toEqual(bid);
          expect(log.indexOf(bid.bidId)).toBe(index);
          expect(log.placedAtMs(index)).toBe(Date.parse(bid.placedAt));
        });
        for (const bidderId of ['u-1', 'u-2', 'u-3']) {
          expect(log.indicesOfBidder(bidderId)).toEqual(
            bids.flatMap((bid, index) => (bid.bidderId === bidderId ? [index] : [])),
          );
        }
        for (const phase of BID_PHASES) {
          expect(log.indicesOfPhase(phase)).toEqual(
            bids.flatMap((bid, index) => (bid.phase === phase ? [index] : [])),
          );
        }
        // Aliases that read alike are one (nameSkeleton: 'i' and '|', 'rn' and 'm'…).
        for (const bid of bids) {
          const first = bids.findIndex(
            (other) => nameSkeleton(other.bidAlias) === nameSkeleton(bid.bidAlias),
          );
          expect(log.firstUnderAlias(` ${bid.bidAlias} `)).toBe(first);
        }
      }),
    );
  });

  it('rewrites a bid’s row in place, as when its position becomes known', () => {
    fc.assert(
      fc.property(bookedBid, bookedBid, position, (first, second, known) => {
        const log = new BidLog();
        log.push({ ...first, position: undefined });
        log.push({ ...second, bidId: `${first.bidId}-2` });
        log.write(0, { ...first, position: known });
        expect(log.bid(0)).toEqual({ ...first, position: known });
        expect(log.bid(1)).toEqual({ ...second, bidId: `${first.bidId}-2` });
      }),
    );
  });

  it('keeps hundreds of bids, their ids of any length and those sharing a hash among them', () => {
    // Two ids with one hash (the log finds ids by hash).
    const shared = idsSharingHash((n) => `bid-${n}`);
    fc.assert(
      fc.property(
        fc.uniqueArray(bookedBid, { selector: (bid) => bid.bidId, minLength: 150, maxLength: 300 }),
        fc.nat(),
        (generated, at) => {
          // Ids as the api makes them (uuids, 32-character hashes) and any others.
          const bids = generated.map((bid, index) => ({
            ...bid,
            bidId:
              index % 3 === 0 ? bid.bidId : index % 3 === 1 ? `${index}`.repeat(5) : `x${index}`,
          }));
          const cut = at % bids.length;
          bids.splice(cut, 0, { ...bids[cut]!, bidId: shared[0] });
          const log = new BidLog();
          bids.forEach((bid) => log.push(bid));
          bids.forEach((bid, index) => {
            expect(log.bid(index)).toEqual(bid);
            expect(log.bidId(index)).toBe(bid.bidId);
            expect(log.indexOf(bid.bidId)).toBe(index);
          });
          // Absent, with the hash of one present.
          expect(log.indexOf(shared[1])).toBeUndefined();
          log.push({ ...bids[0]!, bidId: shared[1] });
          expect(log.indexOf(shared[1])).toBe(bids.length);
          expect(log.indexOf(shared[0])).toBe(cut);
          for (const bidderId of ['u-1', 'u-2', 'u-3']) {
            expect(log.indicesOfBidder(bidderId)).toEqual(
              [...bids, bids[0]!].flatMap((bid, index) =>
                bid.bidderId === bidderId ? [index] : [],
              ),
            );
          }
        },
      ),
      { numRuns: 20 },
    );
  });
});
