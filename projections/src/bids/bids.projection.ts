import type { Knex } from 'knex';
import type { AdPosted, BiddingClosed, BidPlaced, FinalCallMade } from '@boli/engine/ads/ad.events';
import type { RecordedEvent } from '@boli/engine/eventStore/eventStore';
import { defineProjection, IF_MOVED } from '../runtime/projection.ts';
import { preparedQuery, quoteIdentifier } from '../runtime/preparedQuery.ts';
import {
  BID_COLUMNS,
  createAdBiddersTable,
  createAdBiddingTable,
  createBidsTable,
} from './bids.table.ts';

/** The ad events this read model reads: who owns the ad, its bids, its final call and close. */
export const BID_EVENT_TYPES = ['AdPosted', 'BidPlaced', 'FinalCallMade', 'BiddingClosed'] as const;

const dataOf = <E extends { data: unknown }>(event: RecordedEvent) => event.data as E['data'];
const ofType = (events: RecordedEvent[], type: (typeof BID_EVENT_TYPES)[number]) =>
  events.filter((event) => event.type === type);

type BidTables = { bids: string; ad_bidding: string; ad_bidders: string };

/**
 * The CTEs that record bids (`source`: a SELECT of their `BID_COLUMNS`): each bid inserted once (a
 * bid already there, replayed or written with its append, hits its primary key and is not
 * returned), each (ad, bidder) pair once (a bidder new to an ad is one whose pair this statement
 * stored), then the ads' counters move by what was really inserted. So the projection and the
 * append's inline write (`bids.inline.ts`) can both write a bid, in either order.
 */
export function bidCtes(tables: BidTables, source: string): string {
  return `inserted AS (
       INSERT INTO ${quoteIdentifier(tables.bids)} (${BID_COLUMNS.join(', ')}) ${source}
       ON CONFLICT (bid_id) DO NOTHING
       RETURNING ad_id, bidder_id, phase
     ), newcomers AS (
       INSERT INTO ${quoteIdentifier(tables.ad_bidders)} (ad_id, bidder_id)
       SELECT DISTINCT ad_id, bidder_id FROM inserted
       ON CONFLICT DO NOTHING
       RETURNING ad_id
     ), counted AS (
       SELECT ad_id,
         count(*) FILTER (WHERE phase <> 'afterFinalCall') AS before,
         count(*) FILTER (WHERE phase = 'afterFinalCall') AS after,
         (SELECT count(*) FROM newcomers n WHERE n.ad_id = inserted.ad_id) AS buyers
       FROM inserted GROUP BY ad_id
     ), recounted AS (
       UPDATE ${quoteIdentifier(tables.ad_bidding)} a SET before_count = a.before_count + counted.before,
         after_count = a.after_count + counted.after, no_of_buyers = a.no_of_buyers + counted.buyers
       FROM counted WHERE a.ad_id = counted.ad_id
       RETURNING 1
     )`;
}

/** A bid's row as its event gives it (`BID_FIELDS`), without its position in the log. */
export const bidFieldsOf = (bid: BidPlaced['data']) => ({
  bid_id: bid.bidId,
  ad_id: bid.adId,
  bidder_id: bid.bidderId,
  username: bid.username,
  bid_alias: bid.bidAlias,
  amount: bid.amount,
  type: bid.type,
  phase: bid.phase,
  placed_at: bid.placedAt,
});

const bidRows = (events: RecordedEvent[]): string =>
  JSON.stringify(
    events.map((event) => ({
      ...bidFieldsOf(dataOf<BidPlaced>(event)),
      position_commit: event.position.commit.toString(),
      position_prepare: event.position.prepare.toString(),
    })),
  );

/** The rows of `bidRows`, bound as JSON, written when `when` holds. */
const bidsFromJson = (tables: BidTables, when: string): string => {
  const bids = quoteIdentifier(tables.bids);
  return `SELECT ${BID_COLUMNS.join(', ')} FROM json_populate_recordset(NULL::${bids}, ?::json) ${when}`;
};

/** Bids placed in a batch that holds other events too, in the batch's transaction. */
async function recordBids(
  trx: Knex.Transaction,
  events: RecordedEvent[],
  tables: BidTables,
): Promise<void> {
  if (events.length === 0) return;
  // Prepared (on the batch's connection): one plan per build, not one per batch.
  await preparedQuery(trx, `WITH ${bidCtes(tables, bidsFromJson(tables, ''))} SELECT 1`, [
    bidRows(events),
  ]);
}

/**
 * Projection `bids`: one row per bid and one bidding state per ad (`bids.queries.ts` reads them).
 * Every write is keyed by the event's ids, so replaying the log changes nothing.
 */
export const bidsProjection = defineProjection({
  name: 'bids',
  // 2: ad_bidders, which tells a batch its new bidders.
  version: 2,
  handles: BID_EVENT_TYPES,
  tables: {
    bids: { create: createBidsTable },
    ad_bidding: { create: createAdBiddingTable },
    ad_bidders: { create: createAdBiddersTable },
  },
  // A batch of bids only (the steady state of a busy marketplace): one statement, no transaction.
  async batchStatement(_db, events, tables) {
    if (events.some((event) => event.type !== 'BidPlaced')) return undefined;
    return { ctes: bidCtes(tables, bidsFromJson(tables, IF_MOVED)), bindings: [bidRows(events)] };
  },
  async handleBatch(trx, events, tables) {
    const posted = ofType(events, 'AdPosted').map((event) => {
      const { adId, postedBy } = dataOf<AdPosted>(event);
      return { ad_id: adId, owner_id: postedBy };
    });
    if (posted.length > 0) {
      await trx(tables.ad_bidding).insert(posted).onConflict('ad_id').ignore();
    }
    await recordBids(trx, ofType(events, 'BidPlaced'), tables);
    for (const event of ofType(events, 'FinalCallMade')) {
      const { adId, deadline } = dataOf<FinalCallMade>(event);
      await trx(tables.ad_bidding)
        .where({ ad_id: adId })
        .update({ final_call_made: true, deadline });
    }
    for (const event of ofType(events, 'BiddingClosed')) {
      const { adId, closedAt, reason } = dataOf<BiddingClosed>(event);
      await trx(tables.ad_bidding)
        .where({ ad_id: adId })
        .whereNull('closed_at')
        .update({ closed_at: closedAt, close_reason: reason });
    }
  },
});
