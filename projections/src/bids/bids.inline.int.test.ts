import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adStream, type AdEvent, type BidPhase } from '@boli/engine/ads/ad.events';
import { adPosted } from '@boli/engine/ads/ad.fixtures';
import {
  formatPosition,
  parsePosition,
  type AppendResult,
  type EventStore,
} from '@boli/engine/eventStore/eventStore';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { createTestDatabase, type TestDatabase } from '../../../ops/src/testing/database.ts';
import { startProjectionRunners } from '../runtime/runners.ts';
import { rebuild } from '../runtime/rebuild.ts';
import { tableHash } from '../runtime/testing/adBids.ts';
import { catchUpAll } from '../runtime/testing/catchUpAll.ts';
import { usersProjection } from '../users/users.projection.ts';
import { bidsInlineWrite } from './bids.inline.ts';
import { bidsProjection } from './bids.projection.ts';
import { bidsSince, bidSummaryView } from './bids.queries.ts';

/*
 * Given bids appended by a store that writes them with their append (`bids.inline.ts`) and a
 * projection that writes them from the log too, in whatever order the two come.
 */

let database: TestDatabase;
let db: Knex;
let plain: EventStore;
let inline: EventStore;

const NOW = '2026-03-01T10:00:00.000Z';
const OWNER = 'u-owner';
const metadata = () => ({ eventId: randomUUID(), now: NOW });

const append = (store: EventStore, adId: string, event: AdEvent): Promise<AppendResult> =>
  store.append(adStream(adId), [{ ...event, metadata: metadata() }], 'any');

const post = (adId: string) =>
  append(plain, adId, {
    ...adPosted(NOW),
    data: { ...adPosted(NOW).data, adId, postedBy: OWNER, postedByUsername: 'owner_o' },
  });

let bids = 0;
const bid = (adId: string, bidder: string, amount: number, phase: BidPhase = 'beforeFinalCall') =>
  append(inline, adId, {
    type: 'BidPlaced',
    data: {
      adId,
      bidId: `bid-${++bids}`,
      bidderId: bidder,
      username: `${bidder}_name`,
      bidAlias: `${bidder}-alias`,
      amount,
      type: 'Open',
      phase,
      placedAt: NOW,
    },
  });

/** Runs the projections the summary reads until they have everything appended so far. */
const project = (): Promise<void> =>
  catchUpAll({
    databaseUrl: database.url,
    store: plain,
    projections: [usersProjection, bidsProjection],
  });

/** Each ad's counters against its rows, and each row's position against its event's. */
async function inconsistencies(): Promise<unknown[]> {
  const counters = await db.raw(`
    SELECT a.ad_id FROM ad_bidding a
      LEFT JOIN (SELECT ad_id,
                        count(*) FILTER (WHERE phase <> 'afterFinalCall') AS before,
                        count(*) FILTER (WHERE phase = 'afterFinalCall') AS after,
                        count(DISTINCT bidder_id) AS buyers
                   FROM bids GROUP BY ad_id) b ON b.ad_id = a.ad_id
     WHERE (a.before_count, a.after_count, a.no_of_buyers)
           IS DISTINCT FROM (coalesce(b.before, 0), coalesce(b.after, 0), coalesce(b.buyers, 0))`);
  const positions = await db.raw(`
    SELECT e.data->>'bidId' AS bid_id FROM event_store_events e
      LEFT JOIN bids b ON b.bid_id = e.data->>'bidId'
     WHERE e.type = 'BidPlaced'
       AND (b.position_commit, b.position_prepare)
           IS DISTINCT FROM (e.transaction_id::text::bigint, e.position)`);
  return [...counters.rows, ...positions.rows];
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 4 } });
  plain = createPostgresEventStore({ connectionString: database.url });
  inline = createPostgresEventStore({
    connectionString: database.url,
    inlineWrite: bidsInlineWrite,
  });
  await post('ad-known');
  await project();
});

afterAll(async () => {
  await inline?.close();
  await plain?.close();
  await db?.destroy();
  await database?.drop();
});

describe('bids written with their append', () => {
  it('are in the bid summary when the append answers, with no projection running', async () => {
    const first = await bid('ad-known', 'meena', 500_00);
    const second = await bid('ad-known', 'arjun', 700_00);
    expect(first.writtenInline).toEqual(['bids']);
    expect(second.writtenInline).toEqual(['bids']);
    const summary = await bidSummaryView(db, { adId: 'ad-known', viewer: {}, now: new Date() });
    expect(summary?.allBeforeBidsCount).toBe(2);
    expect(summary?.noOfBuyers).toBe(2);
    expect(summary?.beoreFinalCallBids.map((b) => b.bidAlias)).toEqual([
      'arjun-alias',
      'meena-alias',
    ]);
    expect(await inconsistencies()).toEqual([]);
  });

  it('move the summary’s position to theirs, so a reconnecting client misses none and gets none twice', async () => {
    await post('ad-position');
    await project();
    const first = await bid('ad-position', 'meena', 500_00);
    const loaded = await bidSummaryView(db, { adId: 'ad-position', viewer: {}, now: new Date() });
    expect(loaded?.position).toBe(formatPosition(first.lastPosition));
    const missedBid = await bid('ad-position', 'arjun', 700_00);
    const since = parsePosition(loaded!.position);
    expect((await bidsSince(db, 'ad-position', since)).map((b) => b.position)).toEqual([
      formatPosition(missedBid.lastPosition),
    ]);
    await project();
    const caughtUp = await bidSummaryView(db, { adId: 'ad-position', viewer: {}, now: new Date() });
    expect(caughtUp?.position).toBe(formatPosition(missedBid.lastPosition));
  });

  it('are left to the projection while it has not made the ad’s row, and counted once', async () => {
    await post('ad-new');
    const early = await bid('ad-new', 'kiran', 300_00);
    expect(early.writtenInline).toBeUndefined();
    expect(await db('bids').where({ ad_id: 'ad-new' })).toEqual([]);
    await project();
    const later = await bid('ad-new', 'kiran', 400_00);
    expect(later.writtenInline).toEqual(['bids']);
    await project();
    const summary = await bidSummaryView(db, { adId: 'ad-new', viewer: {}, now: new Date() });
    expect([summary?.allBeforeBidsCount, summary?.noOfBuyers]).toEqual([2, 1]);
    expect(await inconsistencies()).toEqual([]);
  });

  it('leave the same rows as the projection alone, whichever writer comes first', async () => {
    const ads = ['ad-a', 'ad-b', 'ad-c'];
    for (const adId of ads) await post(adId);
    await project();
    const runners = await startProjectionRunners({
      databaseUrl: database.url,
      store: plain,
      projections: [bidsProjection],
      idlePollMs: 5,
    });
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              ad: fc.constantFrom(...ads),
              bidder: fc.constantFrom('meena', 'arjun', 'kiran', 'sita'),
              amount: fc.integer({ min: 1, max: 99 }),
              after: fc.boolean(),
            }),
            { minLength: 1, maxLength: 30 },
          ),
          async (placed) => {
            // All at once: the store sends them in groups, the projection reads them meanwhile.
            await Promise.all(
              placed.map((p) =>
                bid(
                  p.ad,
                  p.bidder,
                  p.amount * 100_00,
                  p.after ? 'afterFinalCall' : 'beforeFinalCall',
                ),
              ),
            );
          },
        ),
        { numRuns: 15 },
      );
    } finally {
      await runners.stop();
    }
    await project();
    expect(await inconsistencies()).toEqual([]);
    const hashes = async () => [
      await tableHash(db, 'bids', 'bid_id'),
      await tableHash(db, 'ad_bidding'),
      await tableHash(db, 'ad_bidders', ['ad_id', 'bidder_id']),
    ];
    const both = await hashes();
    await rebuild({ databaseUrl: database.url, store: plain, projection: bidsProjection });
    expect(await hashes()).toEqual(both);
  });
});
