import { randomUUID } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStream, type AccountEvent } from '@boli/engine/accounts/account.events';
import { memberRegistered } from '@boli/engine/accounts/account.fixtures';
import {
  ARJUN,
  MEENA,
  OWNER,
  adPosted,
  at,
  bidPlaced,
  biddingClosed,
  finalCallMade,
} from '@boli/engine/ads/ad.fixtures';
import { adStream, type AdEvent } from '@boli/engine/ads/ad.events';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { contactStream, type ContactMessageReceived } from '@boli/engine/social/contact.events';
import {
  mobileRequestStream,
  type MobileRequestEvent,
} from '@boli/engine/social/mobileRequest.events';
import {
  reviewsStream,
  type ReviewEvent,
  type ReviewPosted,
} from '@boli/engine/social/review.events';
import { createTestDatabase, type TestDatabase } from '../../../ops/src/testing/database.ts';
import { physicalTables, type Projection } from '../runtime/projection.ts';
import { catchUpAll } from '../runtime/testing/catchUpAll.ts';
import { startProjectionRunners } from '../runtime/runners.ts';
import { waitForProjections } from '../runtime/waitForProjections.ts';
import { tableHash } from '../runtime/testing/adBids.ts';
import { usersProjection } from '../users/users.projection.ts';
import { adsProjection } from '../ads/ads.projection.ts';
import { bidsProjection } from '../bids/bids.projection.ts';
import { contactMessagesProjection } from './contactMessages.projection.ts';
import { listContactMessages } from './contactMessages.queries.ts';
import { mobileRequestsProjection } from './mobileRequests.projection.ts';
import { findMobileRequestBetween, mobileRequestApproved } from './mobileRequests.queries.ts';
import { notificationsForAdEvent } from './notifications.evolve.ts';
import { adsReadSql, notificationsProjection } from './notifications.projection.ts';
import { listNotifications } from './notifications.queries.ts';
import { notificationPushesAfter } from './notifications.live.ts';
import { reviewsProjection } from './reviews.projection.ts';
import { listReviews } from './reviews.queries.ts';

/*
 * The social read models from real events in PostgreSQL, each replayed a second time over its
 * rows without changing them. Meena and Arjun bid on Ravi's ad (the ads fixtures); Meena asks
 * Arjun for his number and reviews him.
 */

let database: TestDatabase;
let db: Knex;
let store: EventStore;

const PROJECTIONS: Projection[] = [
  usersProjection,
  // The notifications about an ad are read beside it (a blocked owner's are left out), a request
  // for a number beside the bids that tie the asker to the member asked.
  adsProjection,
  bidsProjection,
  reviewsProjection,
  mobileRequestsProjection,
  notificationsProjection,
  contactMessagesProjection,
];

async function append(
  streamId: string,
  events: { type: string; data: unknown }[],
  now: (i: number) => string,
) {
  await store.append(
    streamId,
    events.map((event, i) => ({ ...event, metadata: meta(now(i)) })),
    'no-stream',
  );
}

const meta = (now: string) => ({ eventId: randomUUID(), now });

async function register(userId: string, username: string): Promise<void> {
  const events: AccountEvent[] = [memberRegistered(userId, username, at(0))];
  await append(accountStream(userId), events, () => at(0));
}

const parties = { requestId: 'req-1', requestedBy: MEENA.userId, requestedTo: ARJUN.userId };

beforeAll(async () => {
  database = await createTestDatabase();
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 4 } });
  store = createPostgresEventStore({ connectionString: database.url });
  await register(OWNER.userId, OWNER.username);
  await register(MEENA.userId, MEENA.username);
  await register(ARJUN.userId, ARJUN.username);
  const adEvents: AdEvent[] = [
    adPosted(),
    bidPlaced({ bidId: 'b1', amount: 13_000_000 }, MEENA),
    bidPlaced({ bidId: 'b2', amount: 14_000_000 }, ARJUN),
    finalCallMade(),
  ];
  await append(adStream('ad-1'), adEvents, (i) => at(10 + i));
  const requestEvents: MobileRequestEvent[] = [
    { type: 'MobileNumberRequested', data: { ...parties, requestedAt: at(20) } },
    { type: 'MobileRequestApproved', data: { ...parties, approvedAt: at(21) } },
  ];
  await append(mobileRequestStream(ARJUN.userId, MEENA.userId), requestEvents, (i) => at(20 + i));
  const reviews: ReviewPosted[] = ['First deal', 'Second deal'].map((text, i) => ({
    type: 'ReviewPosted',
    data: {
      reviewId: `r-${i}`,
      userId: ARJUN.userId,
      postedBy: MEENA.userId,
      text,
      postedAt: at(30 + i),
    },
  }));
  await append(reviewsStream(ARJUN.userId), reviews, (i) => at(30 + i));
  const contact: ContactMessageReceived = {
    type: 'ContactMessageReceived',
    data: {
      messageId: 'm-1',
      sentBy: null,
      country: 'India',
      firstname: 'Guest',
      lastname: 'User',
      email: 'guest@example.in',
      mobile: '98765',
      description: 'Hello',
      subject: 'Inquiry',
      receivedAt: at(40),
    },
  };
  await append(contactStream('m-1'), [contact], () => at(40));
  await catchUpAll({ databaseUrl: database.url, store, projections: PROJECTIONS });
}, 120_000);

afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

/**
 * Four bidders on `adId`, Open and Hidden, below and above the highest Open amount; an edit and
 * a final call, which tell every bidder; a late bid at the top amount; the close.
 */
function biddingHistory(adId: string): AdEvent[] {
  const bidder = (n: number) => ({
    userId: `u-b${n}`,
    username: `bidder_${n}`,
    bidAlias: `al${n}x`,
  });
  const [a, b, c, d] = [bidder(1), bidder(2), bidder(3), bidder(4)];
  return [
    { ...adPosted(), data: { ...adPosted().data, adId } },
    bidPlaced({ adId, bidId: `${adId}-c1`, amount: 10_000 }, a),
    bidPlaced({ adId, bidId: `${adId}-c2`, amount: 20_000 }, b),
    // Below the highest Open amount: whatever they bid next, only an amount above it counts.
    bidPlaced({ adId, bidId: `${adId}-c3`, amount: 15_000, type: 'Hidden' }, c),
    bidPlaced({ adId, bidId: `${adId}-c4`, amount: 5_000, type: 'Hidden' }, a),
    bidPlaced({ adId, bidId: `${adId}-c5`, amount: 30_000 }, d),
    bidPlaced({ adId, bidId: `${adId}-c6`, amount: 25_000, type: 'Hidden' }, c),
    bidPlaced({ adId, bidId: `${adId}-c7`, amount: 40_000 }, a),
    // Tells every bidder, those below the highest Open amount too (read for it alone).
    { type: 'AdEdited', data: { adId, changes: { price: 3_000_000 }, editedAt: at(58) } },
    { ...finalCallMade(), data: { ...finalCallMade().data, adId } },
    // The same top amount, bid later: the first bid of it stays the top-ranked one.
    bidPlaced({ adId, bidId: `${adId}-c8`, amount: 40_000, type: 'Hidden' }, b),
    { ...biddingClosed(), data: { ...biddingClosed().data, adId } },
  ];
}

/** What the pure rule says over the whole history, every bidder remembered: `member:kind:amount`. */
function notesTheRuleGives(history: AdEvent[]): string[] {
  let tracking: Parameters<typeof notificationsForAdEvent>[0];
  const notes: string[] = [];
  for (const event of history) {
    const after = notificationsForAdEvent(tracking, event);
    tracking = after.tracking;
    notes.push(...after.notes.map((n) => `${n.userId}:${n.kind}:${n.params.amount ?? ''}`));
  }
  return notes.sort();
}

/** The notes stored about `adId`, as `notesTheRuleGives` writes them. */
async function storedNotes(adId: string): Promise<string[]> {
  const stored = await db('notifications')
    .where({ ad_id: adId })
    .select('user_id', 'kind', 'params');
  return stored
    .map((n) => `${n.user_id}:${n.kind}:${(n.params as { amount?: number }).amount ?? ''}`)
    .sort();
}

describe('the social read models', () => {
  it('tell Meena she was outbid and both bidders of the final call, Arjun of the request and reviews', async () => {
    const meena = (await listNotifications(db, MEENA.userId)).notifications;
    expect(meena.map((n) => n.kind)).toEqual(['mobileRequestApproved', 'finalCallMade', 'outbid']);
    expect(meena[0]).toMatchObject({
      message: `${ARJUN.username} approved your request. Their mobile number is now shown on their profile.`,
      requestId: 'req-1',
      requestStatus: 'approved',
      canAnswer: false,
    });
    expect(meena[2]?.message).toBe(
      'You have been outbid on Royal Enfield Classic 350: an Open bid of ₹1,40,000 was placed.',
    );
    const arjun = (await listNotifications(db, ARJUN.userId)).notifications;
    expect(arjun.map((n) => n.kind)).toEqual([
      'reviewReceived',
      'reviewReceived',
      'mobileRequest',
      'finalCallMade',
    ]);
    expect(arjun[2]).toMatchObject({
      message: `${MEENA.username} has requested your mobile number.`,
      requestStatus: 'approved',
      canAnswer: true,
    });
    // The owner, of the first bid alone.
    const owner = (await listNotifications(db, OWNER.userId)).notifications;
    expect(owner.map((n) => [n.kind, n.actorId])).toEqual([['firstBid', MEENA.userId]]);
    // Its final call is made: the note no longer says one can be.
    expect(owner[0]?.message).toMatch(
      /^\S+ placed the first bid on Royal Enfield Classic 350: .+\.$/,
    );
    expect(owner[0]?.message).not.toContain('You can now make a final call');
  });

  it('know that Arjun shares his number with Meena, and no one else', async () => {
    expect(await mobileRequestApproved(db, { ownerId: ARJUN.userId, viewerId: MEENA.userId })).toBe(
      true,
    );
    expect(await mobileRequestApproved(db, { ownerId: MEENA.userId, viewerId: ARJUN.userId })).toBe(
      false,
    );
    expect(
      await findMobileRequestBetween(db, { requestedBy: MEENA.userId, requestedTo: ARJUN.userId }),
    ).toMatchObject({ requestId: 'req-1', status: 'approved' });
  });

  it('list reviews newest first with the reviewer’s name', async () => {
    const reviews = await listReviews(db, ARJUN.userId);
    expect(reviews.map((r) => [r.text, r.postedByUsername])).toEqual([
      ['Second deal', MEENA.username],
      ['First deal', MEENA.username],
    ]);
  });

  it('keep contact messages for support', async () => {
    const page = await listContactMessages(db, { page: 0, pageSize: 20 });
    expect(page.messages).toMatchObject([
      { _id: 'm-1', email: 'guest@example.in', subject: 'Inquiry' },
    ]);
  });

  it('give the live push every stored notification, addressed to its member’s room', async () => {
    const { pushes, next } = await notificationPushesAfter(db);
    expect(pushes).toHaveLength(8);
    expect(new Set(pushes.map((push) => push.room))).toEqual(
      new Set([`user:${MEENA.userId}`, `user:${ARJUN.userId}`, `user:${OWNER.userId}`]),
    );
    expect((await notificationPushesAfter(db, next)).pushes).toEqual([]);
  });

  it('tell exactly whom the whole history tells, batch by batch, reading only who may be outbid or is told of an edit', async () => {
    const history = biddingHistory('ad-2');
    // One batch per event, each from a runner of its own: each reads the ad's bidders back.
    for (const [i, event] of history.entries()) {
      await store.append(adStream('ad-2'), [{ ...event, metadata: meta(at(50 + i)) }], i - 1);
      await catchUpAll({
        databaseUrl: database.url,
        store,
        projections: [notificationsProjection],
      });
    }
    const expected = notesTheRuleGives(history);
    expect(await storedNotes('ad-2')).toEqual(expected);
    expect(expected.filter((note) => note.includes(':outbid:'))).toEqual([
      'u-b1:outbid:20000',
      'u-b2:outbid:30000',
      'u-b4:outbid:40000',
    ]);
    expect(expected.filter((note) => note.includes(':adEdited:'))).toHaveLength(4);
    expect(expected.filter((note) => note.includes(':finalCallMade:'))).toHaveLength(4);
    // Told it is theirs at the close: the bidder of the top-ranked bid alone, read back from
    // the table batch by batch.
    expect(expected.filter((note) => note.includes(':biddingClosed:40000'))).toEqual([
      'u-b1:biddingClosed:40000',
    ]);
  });

  it('tell the same from one runner that remembers the ads it wrote, a failed batch and all', async () => {
    const history = biddingHistory('ad-5');
    // The batch of the sixth event fails once, after it planned (and remembered) its writes:
    // a runner that still believed it would skip the event when it tries the batch again.
    let batches = 0;
    // Whether each batch found the ad in the runner's memory.
    const remembered: boolean[] = [];
    const failingOnce: typeof notificationsProjection = {
      ...notificationsProjection,
      async batchStatement(db, events, tables, memory) {
        remembered.push(memory.has('ad-5'));
        const statement = await notificationsProjection.batchStatement!(db, events, tables, memory);
        if (++batches === 6) throw new Error('the connection went away');
        return statement;
      },
    };
    const runners = await startProjectionRunners({
      databaseUrl: database.url,
      store,
      projections: [failingOnce],
      wakeUp: false,
      idlePollMs: 10,
      logger: { info: () => {}, warn: () => {}, error: () => {} },
    });
    try {
      for (const [i, event] of history.entries()) {
        const { lastPosition } = await store.append(
          adStream('ad-5'),
          [{ ...event, metadata: meta(at(50 + i)) }],
          i - 1,
        );
        expect(await waitForProjections(db, ['notifications'], lastPosition, 10_000)).toBe(true);
      }
    } finally {
      await runners.stop();
    }
    // Read once posted, and again after the failure only: the memory went with the failed batch.
    expect(remembered).toEqual(
      [false, true, true, true, true, true, false].concat(history.slice(6).map(() => true)),
    );
    expect(await storedNotes('ad-5')).toEqual(notesTheRuleGives(history));
  });

  it('find the bidders an Open bid may outbid through the index, however many bid below it', async () => {
    const adId = 'ad-3';
    const below = Array.from({ length: 60 }, (_, n) =>
      bidPlaced(
        { adId, bidId: `h${n}`, amount: 1_000 + n, type: 'Hidden' },
        { userId: `u-h${n}`, username: `hidden_${n}`, bidAlias: `hx${n}y` },
      ),
    );
    const history: AdEvent[] = [
      { ...adPosted(), data: { ...adPosted().data, adId } },
      ...below,
      bidPlaced({ adId, bidId: 'top', amount: 50_000 }, ARJUN),
    ];
    await store.append(
      adStream(adId),
      history.map((event, i) => ({ ...event, metadata: meta(at(60 + i)) })),
      'no-stream',
    );
    await catchUpAll({ databaseUrl: database.url, store, projections: [notificationsProjection] });
    const tables = physicalTables(notificationsProjection, 0);
    const read = async (everyBidderOf: string[]) => {
      const { rows } = await db.raw(adsReadSql(tables, false), [everyBidderOf, [adId]]);
      return (rows[0].bidders as [string, number][]).map(([bidder]) => bidder);
    };
    // Only Arjun's Open bid can be outbid; a final call tells all 61 bidders.
    expect(await read([])).toEqual([ARJUN.userId]);
    expect(await read([adId])).toHaveLength(61);

    // With the table read through its indexes, no bidder below the floor is read and dropped.
    const plan = await db.transaction(async (trx) => {
      await trx.raw('SET LOCAL enable_seqscan = off');
      const { rows } = await trx.raw(
        `EXPLAIN (ANALYZE, FORMAT JSON) ${adsReadSql(tables, false)}`,
        [[], [adId]],
      );
      return rows[0]['QUERY PLAN'][0].Plan as PlanNode;
    });
    const biddersScans = planNodes(plan).filter(
      (node) => node['Relation Name'] === tables.notification_bidders,
    );
    expect(biddersScans.length).toBeGreaterThan(0);
    for (const scan of biddersScans) {
      expect(scan['Actual Rows']).toBe(1);
      expect(scan['Rows Removed by Filter'] ?? 0).toBe(0);
    }
  });

  it('change nothing when every event is applied a second time', async () => {
    const tables: [string, string][] = [
      ['notifications', 'id'],
      ['notification_ads', 'ad_id'],
      ['mobile_requests', 'request_id'],
      ['reviews', 'review_id'],
      ['contact_messages', 'message_id'],
    ];
    const before = await Promise.all(tables.map(([table, key]) => tableHash(db, table, key)));
    await catchUpAll({ databaseUrl: database.url, store, projections: PROJECTIONS, replay: true });
    const after = await Promise.all(tables.map(([table, key]) => tableHash(db, table, key)));
    expect(after).toEqual(before);
  });

  it('leave out the notes about a blocked member’s ad while the block lasts', async () => {
    const kinds = async () =>
      (await listNotifications(db, MEENA.userId)).notifications.map((n) => n.kind);
    const told = await kinds();
    expect(told).toEqual(['mobileRequestApproved', 'finalCallMade', 'outbid']);
    const block = {
      userId: OWNER.userId,
      reason: 'fake ads',
      blockedBy: 'u-support',
      blockedAt: at(50),
    };
    await store.append(
      accountStream(OWNER.userId),
      [{ type: 'AccountBlocked', data: block, metadata: meta(at(50)) }],
      0,
    );
    await catchUpAll({ databaseUrl: database.url, store, projections: PROJECTIONS });
    expect(await kinds()).toEqual(['mobileRequestApproved']);
    const lift = {
      userId: OWNER.userId,
      unblockedBy: 'u-support',
      unblockedAt: at(51),
      reason: 'appeal',
    };
    await store.append(
      accountStream(OWNER.userId),
      [{ type: 'AccountUnblocked', data: lift, metadata: meta(at(51)) }],
      1,
    );
    await catchUpAll({ databaseUrl: database.url, store, projections: PROJECTIONS });
    expect(await kinds()).toEqual(told);
  });

  it('list a request still waiting however many notes came after it, once however often asked, and page the rest', async () => {
    const [seller, asker, reviewer] = ['u-busy-seller', 'u-asker', 'u-reviewer'];
    await register(seller, 'busy_seller');
    await register(asker, 'asker_one');
    await register(reviewer, 'many_reviews');
    const ask = { requestId: 'req-busy', requestedBy: asker, requestedTo: seller };
    const asked: MobileRequestEvent[] = [
      { type: 'MobileNumberRequested', data: { ...ask, requestedAt: at(60) } },
      { type: 'MobileRequestRejected', data: { ...ask, rejectedAt: at(61) } },
      // Asked again after the 'no' (a day later in life): one request, pending again.
      { type: 'MobileNumberRequested', data: { ...ask, requestedAt: at(62) } },
    ];
    await append(mobileRequestStream(seller, asker), asked, (i) => at(60 + i));
    const reviews: ReviewPosted[] = Array.from({ length: 55 }, (_, i) => ({
      type: 'ReviewPosted',
      data: {
        reviewId: `busy-${i}`,
        userId: seller,
        postedBy: reviewer,
        text: 'ok',
        postedAt: at(70 + i),
      },
    }));
    await append(reviewsStream(seller), reviews, (i) => at(70 + i));
    await catchUpAll({ databaseUrl: database.url, store, projections: PROJECTIONS });

    const first = await listNotifications(db, seller);
    const kinds = first.notifications.map((n) => n.kind);
    expect(kinds.slice(0, 50)).toEqual(Array(50).fill('reviewReceived'));
    // Past the page's 50, the request waiting for the seller's answer, once.
    expect(first.notifications.slice(50)).toMatchObject([
      { kind: 'mobileRequest', requestId: 'req-busy', requestStatus: 'pending', canAnswer: true },
    ]);
    expect(first.next).toBe(first.notifications[49]!._id);

    const older = await listNotifications(db, seller, first.next!);
    expect(older.notifications.map((n) => n.kind)).toEqual([
      ...Array(5).fill('reviewReceived'),
      'mobileRequest',
    ]);
    expect(older.next).toBeNull();
    const all = [...first.notifications, ...older.notifications];
    expect(new Set(all.map((n) => n._id)).size).toBe(56);
  });

  it('say who asks for a number: a bidder on the member’s ad, the owner of one they bid on', async () => {
    const ask = (requestedBy: string, requestedTo: string): MobileRequestEvent => ({
      type: 'MobileNumberRequested',
      data: { requestId: `req-${requestedBy}`, requestedBy, requestedTo, requestedAt: at(90) },
    });
    await append(
      mobileRequestStream(OWNER.userId, MEENA.userId),
      [ask(MEENA.userId, OWNER.userId)],
      () => at(90),
    );
    await append(
      mobileRequestStream(MEENA.userId, OWNER.userId),
      [ask(OWNER.userId, MEENA.userId)],
      () => at(91),
    );
    await catchUpAll({ databaseUrl: database.url, store, projections: PROJECTIONS });

    const messageTo = async (userId: string) =>
      (await listNotifications(db, userId)).notifications.find((n) => n.kind === 'mobileRequest')
        ?.message;
    expect(await messageTo(OWNER.userId)).toBe(
      `${MEENA.username}, who bid on your Royal Enfield Classic 350, has requested your mobile number.`,
    );
    expect(await messageTo(MEENA.userId)).toBe(
      `${OWNER.username}, the owner of Royal Enfield Classic 350, which you bid on, has requested your mobile number.`,
    );

    // A bid since, on an ad posted since, does not rename the request asked before it.
    const later = adPosted(at(95));
    await append(
      adStream('ad-later'),
      [
        { ...later, data: { ...later.data, adId: 'ad-later', itemName: 'Pair of tablas' } },
        bidPlaced({ adId: 'ad-later', bidId: 'b-later', placedAt: at(96) }, MEENA),
      ],
      (i) => at(95 + i),
    );
    await catchUpAll({ databaseUrl: database.url, store, projections: PROJECTIONS });
    expect(await messageTo(OWNER.userId)).toBe(
      `${MEENA.username}, who bid on your Royal Enfield Classic 350, has requested your mobile number.`,
    );
  });

  it('take a deleted review’s notes away, whether stored before or in the same batch', async () => {
    const [seller, reviewer] = ['u-reviewed', 'u-deleting-reviewer'];
    await register(seller, 'reviewed_seller');
    await register(reviewer, 'deleting_reviewer');
    const review = (reviewId: string, i: number): ReviewEvent => ({
      type: 'ReviewPosted',
      data: { reviewId, userId: seller, postedBy: reviewer, text: 'Fine', postedAt: at(50 + i) },
    });
    const deleted = (reviewId: string): ReviewEvent => ({
      type: 'ReviewDeleted',
      data: { reviewId, userId: seller, deletedBy: reviewer, byStaff: false, deletedAt: at(60) },
    });
    const notesFor = async () => {
      const listed = (await listNotifications(db, seller)).notifications;
      const stored = await db('notifications').whereIn(
        'id',
        listed.map((n) => n._id),
      );
      return stored.map((row) => [row.kind, row.params]);
    };
    await append(reviewsStream(seller), [review('kept', 0), review('gone', 1)], (i) => at(50 + i));
    await catchUpAll({ databaseUrl: database.url, store, projections: PROJECTIONS });
    expect(await notesFor()).toHaveLength(2);

    // Stored by an earlier batch, then deleted; and posted and deleted within one batch.
    const later: ReviewEvent[] = [deleted('gone'), review('brief', 2), deleted('brief')];
    await store.append(
      reviewsStream(seller),
      later.map((event, i) => ({ ...event, metadata: meta(at(60 + i)) })),
      1,
    );
    await catchUpAll({ databaseUrl: database.url, store, projections: PROJECTIONS });
    expect(await notesFor()).toEqual([['reviewReceived', { reviewId: 'kept' }]]);
  });
});

type PlanNode = {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Rows Removed by Filter'?: number;
  Plans?: PlanNode[];
};

/** Every node of an EXPLAIN (FORMAT JSON) plan. */
const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];
