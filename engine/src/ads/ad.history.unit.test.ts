import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../eventStore/eventStore.ts';
import type { AdEvent } from './ad.events.ts';
import {
  ARJUN,
  DEADLINE,
  MEENA,
  POSTED,
  T0,
  at,
  bidPlaced,
  biddingClosed,
  finalCallMade,
} from './ad.fixtures.ts';
import { adEditsOf, replayAd, toHistoryEntry } from './ad.history.ts';

/** The ad's stream as the store would return it, each event made at `times[i]`. */
const recorded = (events: readonly [AdEvent, string][]): RecordedEvent[] =>
  events.map(([event, now], version) => ({
    streamId: 'ad-ad-1',
    streamVersion: version,
    position: { commit: BigInt(100 + version), prepare: BigInt(version) },
    type: event.type,
    data: event.data,
    schemaVersion: 1,
    metadata: { eventId: `e-${version}`, now, actor: { userId: 'u-x', role: 'member' } },
    recordedAt: new Date(Date.parse(now) + 5),
    hash: `h${version}`,
    prevHash: version === 0 ? '0'.repeat(64) : `h${version - 1}`,
  }));

const stream = recorded([
  ...POSTED.map((event): [AdEvent, string] => [event, T0]),
  [bidPlaced({ bidId: 'b1', amount: 100_00, placedAt: at(10) }), at(10)],
  [bidPlaced({ bidId: 'b2', amount: 250_00, type: 'Hidden', placedAt: at(20) }, ARJUN), at(20)],
  [bidPlaced({ bidId: 'b3', amount: 150_00, placedAt: at(30) }, ARJUN), at(30)],
  [finalCallMade(DEADLINE, at(60)), at(60)],
  [bidPlaced({ bidId: 'b4', amount: 300_00, phase: 'afterFinalCall', placedAt: at(70) }), at(70)],
  [biddingClosed('finalCallExpired', DEADLINE), DEADLINE],
]);

/** The owner's edit, as the stream records it: the new values only. */
const adEdited = (changes: Record<string, unknown>, editedAt: string): AdEvent =>
  ({ type: 'AdEdited', data: { adId: 'ad-1', changes, editedAt } }) as AdEvent;

const edited = recorded([
  ...POSTED.map((event): [AdEvent, string] => [event, T0]),
  [bidPlaced({ bidId: 'b1', amount: 100_00, placedAt: at(10) }), at(10)],
  [adEdited({ yearOfManufacture: 2018, price: 11_000_000 }, at(20)), at(20)],
  [adEdited({ price: 10_500_000 }, at(30)), at(30)],
]);

describe('an edited ad, for a dispute', () => {
  it('says what each edit changed, from what to what', () => {
    expect(adEditsOf(edited)).toEqual([
      {
        version: 4,
        changes: [
          { field: 'yearOfManufacture', from: 2019, to: 2018 },
          { field: 'price', from: 12_500_000, to: 11_000_000 },
        ],
      },
      { version: 5, changes: [{ field: 'price', from: 11_000_000, to: 10_500_000 }] },
    ]);
    expect(adEditsOf(stream)).toEqual([]);
  });

  it('replays the details the bids were placed on, as they read at the instant', () => {
    expect(replayAd(edited, at(15)).details).toMatchObject({
      yearOfManufacture: 2019,
      price: 12_500_000,
    });
    expect(replayAd(edited).details).toMatchObject({ yearOfManufacture: 2018, price: 10_500_000 });
    expect(replayAd(edited, at(-1)).details).toBeNull();
  });
});

describe('replaying an ad for a dispute', () => {
  it('shows every bid with its amount, Hidden ones included, and how bidding ended', () => {
    const replay = replayAd(stream);
    expect(replay.status).toBe('closed');
    expect(replay.closedReason).toBe('finalCallExpired');
    expect(replay.bids.map((b) => [b.bidId, b.amount, b.type])).toEqual([
      ['b1', 100_00, 'Open'],
      ['b2', 250_00, 'Hidden'],
      ['b3', 150_00, 'Open'],
      ['b4', 300_00, 'Open'],
    ]);
    expect(replay.highest.map((b) => b.bidId)).toEqual(['b2', 'b3', 'b4']);
    expect(replay.leading?.bidId).toBe('b4');
    expect(replay.bids[0]).toMatchObject({ bidderId: MEENA.userId, username: MEENA.username });
  });

  it('names the bid that leads at an instant, a Hidden one too; at equal amounts the first', () => {
    expect(replayAd(stream, at(25)).leading?.bidId).toBe('b2');
    const tied = recorded([
      ...POSTED.map((event): [AdEvent, string] => [event, T0]),
      [bidPlaced({ bidId: 'b1', amount: 200_00, type: 'Hidden', placedAt: at(10) }), at(10)],
      [bidPlaced({ bidId: 'b2', amount: 200_00, placedAt: at(20) }, ARJUN), at(20)],
    ]);
    expect(replayAd(tied).leading?.bidId).toBe('b1');
    expect(replayAd(tied).highest.map((b) => b.bidId)).toEqual(['b1', 'b2']);
    expect(replayAd(stream, at(-1)).leading).toBeNull();
  });

  it('stands the ad as it was at an instant, judged by the command clock', () => {
    const beforeFinalCall = replayAd(stream, at(25));
    expect(beforeFinalCall.status).toBe('open');
    expect(beforeFinalCall.bids.map((b) => b.bidId)).toEqual(['b1', 'b2']);
    expect(beforeFinalCall.deadline).toBeNull();
    expect(beforeFinalCall.finalCallMadeAt).toBeNull();

    const duringFinalCall = replayAd(stream, at(65));
    expect(duringFinalCall.status).toBe('finalCallMade');
    expect(duringFinalCall.deadline).toBe(DEADLINE);
    // When it was made: the instant that turns a bid's phase.
    expect(duringFinalCall.finalCallMadeAt).toBe(at(60));
  });

  it('counts the final call as over at its deadline even before the timer closed it', () => {
    const withoutClose = stream.slice(0, -1);
    expect(replayAd(withoutClose, DEADLINE).status).toBe('closed');
  });

  it('shows nothing before the ad was posted', () => {
    const replay = replayAd(stream, at(-1));
    expect(replay).toMatchObject({ status: 'none', eventsApplied: 0, bids: [] });
  });

  it('lists each event with both clocks, its actor and position', () => {
    expect(toHistoryEntry(stream[3]!)).toMatchObject({
      version: 3,
      type: 'BidPlaced',
      commandTime: at(10),
      recordedAt: new Date(Date.parse(at(10)) + 5).toISOString(),
      actor: { userId: 'u-x', role: 'member' },
      position: '103.3',
    });
  });
});
