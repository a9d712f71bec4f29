import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/decider.ts';
import type { AdCommand } from './ad.commands.ts';
import { adDecider } from './ad.decider.ts';
import { hasBid } from './ad.bidBook.ts';
import { BID_PHASES, CLOSE_REASONS, GALLERY_TYPES, type AdEvent } from './ad.events.ts';
import {
  AD_ID,
  ARJUN,
  MEENA,
  OWNER,
  adPosted,
  at,
  closeByOwner,
  closeByTimer,
  makeFinalCall,
  metadata,
  photo,
  placeBid,
  postAd,
} from './ad.fixtures.ts';
import { adStatus } from './ad.machine.ts';
import type { AdState } from './ad.state.ts';

const instant = fc.integer({ min: -60, max: 3000 }).map((m) => at(m));
const name = fc.constantFrom('p1.jpg', 'p2.jpg', 'v1.mp4', 'x.png');
const who = fc.constantFrom(OWNER.userId, MEENA.userId, ARJUN.userId);

/** Any event, in any order: histories no valid stream holds, too. */
const anyEvent: fc.Arbitrary<AdEvent> = fc.oneof(
  instant.map((now): AdEvent => adPosted(now)),
  fc
    .record({ price: fc.integer(), itemName: fc.string(), make: fc.option(fc.string()) })
    .map((changes): AdEvent => ({
      type: 'AdEdited',
      data: { adId: AD_ID, changes, editedAt: at(1) },
    })),
  fc.tuple(fc.constantFrom(...GALLERY_TYPES), name).map(([galleryType, n]): AdEvent => ({
    type: 'MediaAdded',
    data: { adId: AD_ID, galleryType, name: n, thumbnail: `t-${n}`, addedAt: at(1) },
  })),
  name.map((n): AdEvent => ({
    type: 'MediaRemoved',
    data: { adId: AD_ID, name: n, removedAt: at(1) },
  })),
  name.map((n): AdEvent => ({
    type: 'ThumbnailChosen',
    data: { adId: AD_ID, name: n, thumbnail: `t-${n}`, chosenAt: at(1) },
  })),
  fc
    .record({
      bidId: fc.constantFrom('b1', 'b2', 'b3'),
      bidderId: who,
      amount: fc.integer(),
      type: fc.constantFrom('Open' as const, 'Hidden' as const),
      phase: fc.constantFrom(...BID_PHASES),
      placedAt: instant,
    })
    .map((bid): AdEvent => ({
      type: 'BidPlaced',
      data: { adId: AD_ID, username: 'u', bidAlias: 'alias', ...bid },
    })),
  fc
    .tuple(fc.oneof(instant, fc.constant('not a date')), instant)
    .map(([deadline, madeAt]): AdEvent => ({
      type: 'FinalCallMade',
      data: { adId: AD_ID, deadline, madeAt },
    })),
  fc.tuple(fc.constantFrom(...CLOSE_REASONS), instant).map(([reason, closedAt]): AdEvent => ({
    type: 'BiddingClosed',
    data: { adId: AD_ID, reason, closedAt },
  })),
);

/** Commands members and the timer might send, valid or not, at increasing times. */
const anyCommand = (now: string): fc.Arbitrary<AdCommand> =>
  fc.oneof(
    fc.constant(postAd({}, now)),
    fc
      .record({
        bidId: fc.constantFrom('b1', 'b2', 'b3', 'b4'),
        amount: fc.oneof(fc.integer({ min: -5, max: 1e9 }), fc.constant(null)),
        type: fc.constantFrom('Open', 'Hidden', 'Select Type'),
        bidderEntitled: fc.boolean(),
      })
      .chain((data) =>
        fc
          .constantFrom({ ...OWNER, bidAlias: 'seller' }, MEENA, ARJUN)
          .map((bidder) => placeBid(data, now, bidder)),
      ),
    fc.integer({ min: -10, max: 600 }).map((m) => makeFinalCall(at(m, now), now)),
    fc.constant(closeByOwner(now)),
    fc.integer({ min: -600, max: 0 }).map((m) => closeByTimer(at(m, now), now)),
    fc.integer({ min: 1, max: 9 }).map((n): AdCommand => ({
      type: 'AddMedia',
      data: { userId: OWNER.userId, ...photo(n) },
      metadata: metadata(now),
    })),
    fc.integer({ min: 1, max: 9 }).map((n): AdCommand => ({
      type: 'RemoveMedia',
      data: { userId: OWNER.userId, name: photo(n).name },
      metadata: metadata(now),
    })),
    fc
      .shuffledSubarray([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => photo(n).name))
      .map((order): AdCommand => ({
        type: 'ReorderMedia',
        data: { userId: OWNER.userId, order },
        metadata: metadata(now),
      })),
    fc.integer({ min: 1, max: 9 }).map((n): AdCommand => ({
      type: 'ChooseThumbnail',
      data: { userId: OWNER.userId, name: photo(n).name },
      metadata: metadata(now),
    })),
    fc.integer({ min: -1, max: 1e9 }).map((price): AdCommand => ({
      type: 'EditAd',
      data: { userId: OWNER.userId, changes: { price } },
      metadata: metadata(now),
    })),
  );

const commandSequence = fc
  .array(fc.integer({ min: 0, max: 120 }), { maxLength: 40 })
  .chain((gaps) => {
    let minutes = 0;
    const times = gaps.map((gap) => at((minutes += gap)));
    return fc.tuple(...times.map(anyCommand));
  });

/** The state shows the event: the lifecycle took it and the data fold recorded it. */
const reflects = (before: AdState, after: AdState, event: AdEvent): void => {
  switch (event.type) {
    case 'AdPosted':
      expect(adStatus(after.machine)).toBe('open');
      expect(after.details?.itemName).toBe(event.data.itemName);
      return;
    case 'AdEdited':
      expect(after.details).toMatchObject(event.data.changes);
      return;
    case 'MediaAdded':
      expect(after.media.map((m) => m.name)).toContain(event.data.name);
      return;
    case 'MediaRemoved':
      expect(after.media.map((m) => m.name)).not.toContain(event.data.name);
      return;
    case 'MediaReordered':
      expect(after.media.map((m) => m.name)).toEqual(event.data.order);
      return;
    case 'ThumbnailChosen':
      expect(after.thumbnail?.name).toBe(event.data.name);
      return;
    case 'BidPlaced': {
      const { beforeCount: b0, afterCount: a0 } = before.bids;
      const { beforeCount: b1, afterCount: a1 } = after.bids;
      expect(b1 + a1).toBe(b0 + a0 + 1);
      expect(adStatus(after.machine)).toBe(adStatus(before.machine));
      expect(hasBid(after.bids, event.data.bidId)).toBe(true);
      return;
    }
    case 'FinalCallMade':
      expect(adStatus(after.machine)).toBe('finalCallMade');
      expect(after.machine.context.deadline).toBe(event.data.deadline);
      return;
    case 'BiddingClosed':
      expect(adStatus(after.machine)).toBe('closed');
      expect(after.closedReason).toBe(event.data.reason);
      return;
    default: {
      const _exhaustive: never = event;
      return;
    }
  }
};

describe('ad decider properties', () => {
  it('evolve never throws, on any history', () => {
    fc.assert(
      fc.property(fc.array(anyEvent, { maxLength: 40 }), (events) => {
        const state = events.reduce(adDecider.evolve, adDecider.initialState());
        expect(['none', 'open', 'finalCallMade', 'closed']).toContain(adStatus(state.machine));
      }),
      { numRuns: 500 },
    );
  });

  it('decide only throws DomainErrors, and every event it emits folds back', () => {
    let emitted = 0;
    fc.assert(
      fc.property(commandSequence, (commands) => {
        let state = adDecider.initialState();
        for (const command of commands) {
          let events: AdEvent[];
          try {
            events = adDecider.decide(command, state);
          } catch (error) {
            expect(error).toBeInstanceOf(DomainError);
            continue;
          }
          for (const event of events) {
            const after = adDecider.evolve(state, event);
            reflects(state, after, event);
            state = after;
            emitted += 1;
          }
        }
      }),
      { numRuns: 300 },
    );
    expect(emitted).toBeGreaterThan(0);
  });
});
