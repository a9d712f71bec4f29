import type { Knex } from 'knex';
import type { AdPosted, BiddingClosed, BidPlaced, FinalCallMade } from '@boli/engine/ads/ad.events';
import type { RecordedEvent } from '@boli/engine/eventStore/eventStore';
import { defineProjection } from '../runtime/projection.ts';
import { createAdBiddingTable, createBidsTable } from './bids.table.ts';

/** The ad events this read model reads: who owns the ad, its bids, its final call and close. */
export const BID_EVENT_TYPES = ['AdPosted', 'BidPlaced', 'FinalCallMade', 'BiddingClosed'] as const;

const dataOf = <E extends { data: unknown }>(event: RecordedEvent) => event.data as E['data'];
const ofType = (events: RecordedEvent[], type: (typeof BID_EVENT_TYPES)[number]) =>
  events.filter((event) => event.type === type);

type Inserted = { bid_id: string; ad_id: string; bidder_id: string; phase: string };

/**
 * Bids placed in this batch: inserted once (a replayed bid hits its primary key and is not
 * returned), then the ads' counters move by what was really inserted. A bidder is new to an ad
 * when every bid of theirs on it came in this batch.
 */
async function recordBids(
  trx: Knex.Transaction,
  events: RecordedEvent[],
  tables: { bids: string; ad_bidding: string },
): Promise<void> {
  const rows = events.map((event) => {
    const bid = dataOf<BidPlaced>(event);
    return {
      bid_id: bid.bidId,
      ad_id: bid.adId,
      bidder_id: bid.bidderId,
      username: bid.username,
      bid_alias: bid.bidAlias,
      amount: bid.amount,
      type: bid.type,
      phase: bid.phase,
      placed_at: bid.placedAt,
      position_commit: event.position.commit.toString(),
      position_prepare: event.position.prepare.toString(),
    };
  });
  if (rows.length === 0) return;
  const inserted: Inserted[] = await trx(tables.bids)
    .insert(rows)
    .onConflict('bid_id')
    .ignore()
    .returning(['bid_id', 'ad_id', 'bidder_id', 'phase']);
  if (inserted.length === 0) return;

  const perPair = new Map<string, { adId: string; bidderId: string; count: number }>();
  const perAd = new Map<string, { before: number; after: number; buyers: number }>();
  for (const row of inserted) {
    const pair = `${row.ad_id}\u0000${row.bidder_id}`;
    const entry = perPair.get(pair) ?? { adId: row.ad_id, bidderId: row.bidder_id, count: 0 };
    perPair.set(pair, { ...entry, count: entry.count + 1 });
    const ad = perAd.get(row.ad_id) ?? { before: 0, after: 0, buyers: 0 };
    if (row.phase === 'afterFinalCall') ad.after += 1;
    else ad.before += 1;
    perAd.set(row.ad_id, ad);
  }
  const pairs = [...perPair.values()];
  const totals: { ad_id: string; bidder_id: string; total: string }[] = await trx(tables.bids)
    .select('ad_id', 'bidder_id')
    .count('* as total')
    .whereIn(
      ['ad_id', 'bidder_id'],
      pairs.map(({ adId, bidderId }) => [adId, bidderId]),
    )
    .groupBy('ad_id', 'bidder_id');
  for (const { ad_id, bidder_id, total } of totals) {
    if (Number(total) === perPair.get(`${ad_id}\u0000${bidder_id}`)?.count) {
      perAd.get(ad_id)!.buyers += 1;
    }
  }
  for (const [adId, { before, after, buyers }] of perAd) {
    await trx(tables.ad_bidding)
      .where({ ad_id: adId })
      .increment({ before_count: before, after_count: after, no_of_buyers: buyers });
  }
}

/**
 * Projection `bids`: one row per bid and one bidding state per ad (`bids.queries.ts` reads them).
 * Every write is keyed by the event's ids, so replaying the log changes nothing.
 */
export const bidsProjection = defineProjection({
  name: 'bids',
  version: 1,
  handles: BID_EVENT_TYPES,
  tables: {
    bids: { create: createBidsTable },
    ad_bidding: { create: createAdBiddingTable },
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
