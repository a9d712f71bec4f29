import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStream, type AccountEvent } from '@boli/engine/accounts/account.events';
import { adStream, type AdEvent, type BidPhase, type BidType } from '@boli/engine/ads/ad.events';
import { adPosted } from '@boli/engine/ads/ad.fixtures';
import {
  formatPosition,
  parsePosition,
  type EventStore,
  type GlobalPosition,
} from '@boli/engine/eventStore/eventStore';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { paiseToRupees } from '@boli/engine/shared/money';
import { createTestDatabase, type TestDatabase } from '../../../ops/src/testing/database.ts';
import { topBidOf } from '@boli/engine/ads/ad.ranking';
import { bidSummaryFor, type BidRecord, type BidViewer } from '../bidSummary/bidSummary.ts';
import { startProjectionRunners } from '../runtime/runners.ts';
import { waitForProjections } from '../runtime/waitForProjections.ts';
import { BUILDS } from '../runtime/builds.ts';
import { tableHash } from '../runtime/testing/adBids.ts';
import { usersProjection } from '../users/users.projection.ts';
import { bidsProjection } from './bids.projection.ts';
import {
  bidPage,
  biddersAmong,
  bidsCheckpoint,
  bidsSince,
  bidSummaryView,
  ownerBidsOf,
  userBidPage,
} from './bids.queries.ts';
import { toSummaryView } from './bids.views.ts';
import { biddingStateAt, type StoredBid } from './bids.summary.ts';

let database: TestDatabase;
let db: Knex;
let store: EventStore;

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

const OWNER = { userId: 'u-ravi', username: 'ravi_k' };
const BIDDERS = [
  { userId: 'u-meena', username: 'meena_s', bidAlias: 'bluekite' },
  { userId: 'u-arjun', username: 'arjun_p', bidAlias: 'tigerlily' },
  { userId: 'u-kiran', username: 'kiran_m', bidAlias: 'greenowl' },
] as const;
const STRANGER = { userId: 'u-sita', username: 'sita_r' };
const AD = 'ad-many';
const OTHER_AD = 'ad-other';

async function register(userId: string, username: string, phone: string): Promise<void> {
  const events: AccountEvent[] = [
    {
      type: 'AccountRegistered',
      data: {
        userId,
        username,
        email: `${username}@example.in`,
        phone,
        phoneCode: '+91',
        firstname: 'Test',
        lastname: 'Member',
        bidAlias: 'zz-alias',
        gender: 'Female',
        dob: '1995-08-15',
        country: 'India',
        passwordHash: 'not-a-hash',
        registeredAt: at(0),
      },
    },
    {
      type: 'ProfilePictureChanged',
      data: { userId, profilepic: `${userId}.jpg`, changedAt: at(0) },
    },
  ];
  await store.append(
    accountStream(userId),
    events.map((event) => ({ ...event, metadata: { eventId: randomUUID(), now: at(0) } })),
    'any',
  );
}

let lastPosition: GlobalPosition;

/**
 * Runs the read models until they have the last event appended here (the log's head as a
 * reader sees it can lag behind while other databases' transactions run on the same server).
 */
async function project(): Promise<void> {
  const runners = await startProjectionRunners({
    databaseUrl: database.url,
    store,
    projections: [usersProjection, bidsProjection],
    wakeUp: false,
    idlePollMs: 10,
  });
  try {
    expect(await waitForProjections(db, ['users', 'bids'], lastPosition, 30_000)).toBe(true);
  } finally {
    await runners.stop();
  }
}

async function appendAd(adId: string, event: AdEvent) {
  const result = await store.append(
    adStream(adId),
    [{ ...event, metadata: { eventId: randomUUID(), now: at(0) } }],
    'any',
  );
  lastPosition = result.lastPosition;
  return result;
}

/** Every bid as the oracle (`bidSummaryFor`) takes it, with its position. */
const placed: StoredBid[] = [];

type Generated = { bidder: 0 | 1 | 2; amount: number; type: BidType };
// Open amounts are multiples of 1000 rupees; hidden ones end in 7 rupees, so a leak is findable.
const generated: Generated[] = fc.sample(
  fc.record({
    bidder: fc.constantFrom(0 as const, 1 as const, 2 as const),
    amount: fc.integer({ min: 1, max: 12 }),
    type: fc.constantFrom<BidType>('Open', 'Hidden'),
  }),
  { numRuns: 37, seed: 20260301 },
);
const BEFORE = 24;

async function placeBid(adId: string, n: number, g: Generated, phase: BidPhase) {
  const bidder = BIDDERS[g.bidder];
  const amount = g.type === 'Open' ? g.amount * 1000_00 : (g.amount * 1000 + 7) * 100;
  const data = {
    adId,
    bidId: `${adId}-bid-${n}`,
    bidderId: bidder.userId,
    username: bidder.username,
    bidAlias: bidder.bidAlias,
    amount,
    type: g.type,
    phase,
    placedAt: at(10 + n),
  };
  const { lastPosition } = await appendAd(adId, { type: 'BidPlaced', data });
  return {
    ...data,
    phone: `98765432${g.bidder}0`,
    profilepic: `${bidder.userId}.jpg`,
    position: formatPosition(lastPosition),
  } satisfies StoredBid;
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 4 } });
  store = createPostgresEventStore({ connectionString: database.url });
  await register(OWNER.userId, OWNER.username, '9000000000');
  for (const [i, bidder] of BIDDERS.entries()) {
    await register(bidder.userId, bidder.username, `98765432${i}0`);
  }
  for (const adId of [AD, OTHER_AD]) {
    await appendAd(adId, {
      ...adPosted(at(1)),
      data: { ...adPosted(at(1)).data, adId, postedBy: OWNER.userId, postedByUsername: 'ravi_k' },
    });
  }
  for (const [n, g] of generated.entries()) {
    if (n === BEFORE) {
      await appendAd(AD, {
        type: 'FinalCallMade',
        data: { adId: AD, deadline: at(24 * 60), madeAt: at(10 + n) },
      });
    }
    placed.push(await placeBid(AD, n, g, n < BEFORE ? 'beforeFinalCall' : 'afterFinalCall'));
  }
  await placeBid(OTHER_AD, 99, { bidder: 0, amount: 3, type: 'Open' }, 'beforeFinalCall');
  await project();
});

afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

const VIEWERS: Record<string, { userId?: string }> = {
  owner: { userId: OWNER.userId },
  meena: { userId: BIDDERS[0].userId },
  arjun: { userId: BIDDERS[1].userId },
  stranger: { userId: STRANGER.userId },
  guest: {},
};

const oracleViewer = (viewer: { userId?: string }): BidViewer => ({
  ...viewer,
  isOwner: viewer.userId === OWNER.userId,
});

describe('the bid summary read from the read model', () => {
  it('equals the pure summary over every bid, for each viewer and page, open and closed', async () => {
    const position = formatPosition((await bidsCheckpoint(db))!);
    const ad = {
      adId: AD,
      ownerId: OWNER.userId,
      finalCallMade: true,
      deadline: at(24 * 60),
      closedAt: null,
      closeReason: null,
    };
    const positionOf = new Map(placed.map((bid) => [bid.bidId, bid.position]));
    // While the final call runs, and once its deadline has passed (closed, with each bidder's result).
    for (const now of [new Date(at(100)), new Date(Date.parse(ad.deadline) + 1)])
      for (const [name, viewer] of Object.entries(VIEWERS)) {
        for (const pages of [
          {},
          { beforeFinalCall: 1, afterFinalCall: 1 },
          { beforeFinalCall: 2 },
        ]) {
          const actual = await bidSummaryView(db, { adId: AD, viewer, pages, now });
          const records: BidRecord[] = placed;
          const expected = bidSummaryFor(records, oracleViewer(viewer), pages);
          const withPositions = {
            ...expected,
            beoreFinalCallBids: expected.beoreFinalCallBids.map((bid) => ({
              ...bid,
              position: positionOf.get(bid.bidId)!,
            })),
            afterFinalCallBids: expected.afterFinalCallBids.map((bid) => ({
              ...bid,
              position: positionOf.get(bid.bidId)!,
            })),
          };
          const view = toSummaryView({
            adId: AD,
            summary: withPositions,
            state: biddingStateAt(ad, now),
            isOwner: name === 'owner',
            position,
          });
          expect({ name, pages, summary: actual }).toEqual({ name, pages, summary: view });
        }
      }
    // One bidder won, the top-ranked bid's; nobody is told before the close.
    const resultAt = async (userId: string | undefined, now: Date) =>
      (await bidSummaryView(db, { adId: AD, viewer: { userId }, pages: {}, now }))?.bidResult;
    const closed = new Date(Date.parse(ad.deadline) + 1);
    const winner = topBidOf(placed)!.bidderId;
    for (const bidder of BIDDERS) {
      expect(await resultAt(bidder.userId, closed)).toBe(
        bidder.userId === winner ? 'highest' : 'notHighest',
      );
    }
    expect(await resultAt(winner, new Date(at(100)))).toBeNull();
    expect(await resultAt(STRANGER.userId, closed)).toBeNull();
    expect(await resultAt(OWNER.userId, closed)).toBeNull();
  });

  it("never shows a stranger or a guest another member's hidden amount", async () => {
    const hiddenRupees = placed
      .filter((bid) => bid.type === 'Hidden')
      .map((bid) => paiseToRupees(bid.amount));
    expect(hiddenRupees.length).toBeGreaterThan(3);
    for (const viewer of [VIEWERS.stranger!, VIEWERS.guest!]) {
      for (const page of [0, 1, 2]) {
        const summary = await bidSummaryView(db, {
          adId: AD,
          viewer,
          pages: { beforeFinalCall: page, afterFinalCall: page },
          now: new Date(at(100)),
        });
        const text = JSON.stringify(summary);
        for (const rupees of hiddenRupees) expect(text).not.toContain(`:${rupees}`);
        expect(text).not.toContain('98765432');
        expect(text).not.toContain('meena_s');
      }
    }
  });

  it('tells the owner’s My Ads each ad’s bid count and top-ranked bid, Hidden ones included', async () => {
    const owners = await ownerBidsOf(db, [AD, 'no-such-ad']);
    const top = topBidOf(placed)!;
    expect(owners.get(AD)).toEqual({
      bids: placed.length,
      highest: { amount: top.amount, username: top.username },
    });
    expect(owners.get('no-such-ad')).toEqual({ bids: 0, highest: null });
    expect((await ownerBidsOf(db, [])).size).toBe(0);
  });

  it('shows the owner every bidder: username, user id, avatar and phone', async () => {
    const summary = await bidSummaryView(db, {
      adId: AD,
      viewer: VIEWERS.owner!,
      now: new Date(at(100)),
    });
    const bid = summary!.beoreFinalCallBids[0]!;
    expect(bid).toMatchObject({
      postedBy: expect.stringMatching(/^u-/),
      postedByUsername: expect.any(String),
      phone: expect.stringMatching(/^98765432\d0$/),
      profilepic: `/media/${bid.postedBy}.jpg`,
    });
    expect(summary!.isOwner).toBe(true);
  });

  it('answers nothing for an ad it does not know', async () => {
    expect(
      await bidSummaryView(db, { adId: 'ad-none', viewer: {}, now: new Date(at(100)) }),
    ).toBeUndefined();
  });
});

describe('pages, missed bids and bidders', () => {
  it('pages an ad list by 10, newest first', async () => {
    const before = placed.filter((bid) => bid.phase === 'beforeFinalCall').reverse();
    const pages = await Promise.all(
      [0, 1, 2, 3].map((page) =>
        bidPage(db, { adId: AD, viewer: {}, phase: 'beforeFinalCall', page }),
      ),
    );
    expect(pages.map((p) => p!.bids.length)).toEqual([10, 10, 4, 0]);
    expect(pages.flatMap((p) => p!.bids.map((bid) => bid._id))).toEqual(
      before.map((bid) => bid.bidId),
    );
    expect(pages[0]!.pageCount).toBe(3);
  });

  it("pages a member's own bids, on one ad or on all", async () => {
    const meena = BIDDERS[0].userId;
    const mine = placed.filter((bid) => bid.bidderId === meena).reverse();
    const onAd = await userBidPage(db, { bidderId: meena, adId: AD, page: 0 });
    expect(onAd.bids.map((bid) => bid._id)).toEqual(mine.slice(0, 10).map((bid) => bid.bidId));
    expect(onAd.bids.every((bid) => bid.bidamt !== null && bid.postedBy === meena)).toBe(true);
    const everywhere = await userBidPage(db, { bidderId: meena, page: 0 });
    expect(everywhere.bids[0]!.item_id).toBe(OTHER_AD);
    const after = await userBidPage(db, {
      bidderId: meena,
      adId: AD,
      phase: 'afterFinalCall',
      page: 0,
    });
    expect(after.bids.every((bid) => bid.isAfterFinalCall)).toBe(true);
  });

  it('gives a reconnecting client the bids after its position, oldest first', async () => {
    const since = parsePosition(placed[30]!.position);
    const missed = await bidsSince(db, AD, since);
    expect(missed.map((bid) => bid.bidId)).toEqual(placed.slice(31).map((bid) => bid.bidId));
    // From before the final call: both phases' bids, in the order they were placed.
    const acrossTheCall = await bidsSince(db, AD, parsePosition(placed[BEFORE - 3]!.position));
    expect(acrossTheCall.map((bid) => bid.bidId)).toEqual(
      placed.slice(BEFORE - 2).map((bid) => bid.bidId),
    );
    // At most `limit`: the newest, still oldest first.
    const newest = await bidsSince(db, AD, parsePosition(placed[0]!.position), 5);
    expect(newest.map((bid) => bid.bidId)).toEqual(placed.slice(-5).map((bid) => bid.bidId));
    const limitAcrossTheCall = await bidsSince(db, AD, parsePosition(placed[0]!.position), 30);
    expect(limitAcrossTheCall.map((bid) => bid.bidId)).toEqual(
      placed.slice(-30).map((bid) => bid.bidId),
    );
  });

  it('knows which viewers have bid on the ad', async () => {
    const found = await biddersAmong(db, OTHER_AD, [BIDDERS[0].userId, BIDDERS[1].userId]);
    expect([...found]).toEqual([BIDDERS[0].userId]);
  });

  it('counts bidders and keeps its rows when the log is replayed', async () => {
    const summary = await bidSummaryView(db, { adId: AD, viewer: {}, now: new Date(at(100)) });
    expect(summary!.noOfBuyers).toBe(new Set(placed.map((bid) => bid.bidderId)).size);
    const hashes = async () => [
      await tableHash(db, 'bids', 'bid_id'),
      await tableHash(db, 'ad_bidding'),
    ];
    const first = await hashes();
    await db(BUILDS)
      .where({ name: 'bids', status: 'live' })
      .update({ checkpoint_commit: 0, checkpoint_prepare: 0 });
    await project();
    expect(await hashes()).toEqual(first);
  });
});

describe('the bidding state', () => {
  it('is closed from the final-call deadline, before the timer records it', async () => {
    const open = await bidSummaryView(db, { adId: AD, viewer: {}, now: new Date(at(100)) });
    expect(open).toMatchObject({
      bidOpen: true,
      finalCallMade: true,
      finalCallDateTime: at(24 * 60),
      closedAt: null,
    });
    const due = await bidSummaryView(db, { adId: AD, viewer: {}, now: new Date(at(24 * 60)) });
    expect(due).toMatchObject({
      bidOpen: false,
      closedAt: at(24 * 60),
      closeReason: 'finalCallExpired',
    });
  });

  it('records an early close', async () => {
    await appendAd(OTHER_AD, {
      type: 'BiddingClosed',
      data: { adId: OTHER_AD, reason: 'closedEarlyByOwner', closedAt: at(50) },
    });
    await project();
    const summary = await bidSummaryView(db, { adId: OTHER_AD, viewer: {}, now: new Date(at(60)) });
    expect(summary).toMatchObject({
      bidOpen: false,
      finalCallMade: false,
      closedAt: at(50),
      closeReason: 'closedEarlyByOwner',
    });
  });
});
