import type { BidPlaced } from '@boli/engine/ads/ad.events';
import type { NewEvent } from '@boli/engine/eventStore/eventStore';
import type { InlineWrite } from '@boli/engine/eventStore/postgres/inlineWrite';
import { BID_EVENT_TYPES, bidCtes, bidFieldsOf, bidsProjection } from './bids.projection.ts';
import { BID_COLUMNS, BID_FIELDS } from './bids.table.ts';

/*
 * The bid summary's bids written in the append's own statement (`InlineWrite`), so a bid's
 * answer need not wait for the `bids` projection (read-your-writes): a bid placed at 900 bids/s
 * was answered in half the time (docs/performance.md). The projection still writes every bid
 * from the log, for a rebuild and for any bid left out here; `bidCtes` lets either writer come
 * first and counts each bid once.
 *
 * Written to the logical views, so the live build's tables, whichever build that is. A bid whose
 * statement began before a rebuild's swap (`goLive`) and committed after the swap's catch-up read
 * goes to the retiring tables: the new build gets it from the log just after the swap, so a read
 * right after its answer may for a moment find the summary without it; nothing is counted twice
 * or lost.
 * An append is written here only when:
 * - its last event is a bid, and the only one of the read model's events in it (the function
 *   answers with the position of the append's last event alone);
 * - the ad's `ad_bidding` row is there: the projection makes it on `AdPosted`, and a bid counted
 *   before it would leave the counters short for good;
 * - it stored its events now (`outcome` 'ok'; a retried append's rows may be the projection's,
 *   still to come).
 * An ad's appends take its stream's lock before their events get a transaction id, so its bids
 * become visible in the order of their positions: a summary reflects the position of its ad's
 * newest bid when that is past the checkpoint (`reflectedPosition`), and a reconnecting client's
 * `bidsSince` from there misses nothing. A bid left to the projection could come into view after
 * a later one written here; the routes make none: an ad's post answers once `ad_bidding` has its
 * row, and a bid's append holds that bid alone.
 */

const LOGICAL = { bids: 'bids', ad_bidding: 'ad_bidding', ad_bidders: 'ad_bidders' } as const;
const READ_MODEL_EVENTS: ReadonlySet<string> = new Set(BID_EVENT_TYPES);

/** The append's bid, when it is the last of its events and the only one the read model reads. */
function loneBid(events: readonly NewEvent[]): BidPlaced['data'] | undefined {
  const last = events[events.length - 1];
  if (last?.type !== 'BidPlaced') return undefined;
  const others = events.slice(0, -1).some((event) => READ_MODEL_EVENTS.has(event.type));
  return others ? undefined : (last.data as BidPlaced['data']);
}

export const bidsInlineWrite: InlineWrite = {
  readModel: bidsProjection.name,

  rowsOf(appends) {
    return appends.flatMap((events, index) => {
      const bid = loneBid(events);
      return bid ? [{ ordinal: index + 1, bid: bidFieldsOf(bid) }] : [];
    });
  },

  ctes(rowsParameter) {
    const fields = BID_FIELDS.map((column) => `b.${column}`).join(', ');
    return `inline_bids AS (
       SELECT e.ordinal, ${fields},
         a.out_transaction_id::bigint AS position_commit, a.out_position AS position_prepare
         FROM json_to_recordset(${rowsParameter}::json) AS e(ordinal integer, bid json)
        CROSS JOIN LATERAL json_populate_record(NULL::${LOGICAL.bids}, e.bid) AS b
         JOIN appended a ON a.ordinal = e.ordinal AND a.outcome = 'ok'
        WHERE EXISTS (SELECT 1 FROM ${LOGICAL.ad_bidding} g WHERE g.ad_id = b.ad_id)
     ), ${bidCtes(LOGICAL, `SELECT ${BID_COLUMNS.join(', ')} FROM inline_bids`)},
     inline_written AS (SELECT ordinal FROM inline_bids)`;
  },
};
