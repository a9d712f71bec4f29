import type { BidRefused } from '@boli/engine/ads/bidRefusal';
import { defineProjection } from '../runtime/projection.ts';

/*
 * Each bid an ad refused, by its bidder: how support's Ad history lookup finds, by a member's
 * username, the ads they tried to bid on and could not ("I bid and it was not taken"). The
 * refusals themselves, with what the member was told, stay in their streams beside the ads
 * (`engine/src/ads/bidRefusal.ts`), which the ad's history reads.
 */

export const BID_REFUSAL_EVENT_TYPES = ['BidRefused'] as const;

/** One row per refused bid; a replayed refusal is ignored. */
export const bidRefusalsProjection = defineProjection({
  name: 'bid_refusals',
  version: 1,
  handles: BID_REFUSAL_EVENT_TYPES,
  tables: {
    bid_refusals: {
      create: async (trx, table) => {
        await trx.schema.createTable(table, (t) => {
          t.text('bid_id').primary();
          t.text('ad_id').notNullable();
          t.text('bidder_id').notNullable();
          /** The refusal's code (`DomainError.code`). */
          t.text('code').notNullable();
          /** The command's time: what the ad judged the bid at. */
          t.timestamp('attempted_at', { useTz: true }).notNullable();
        });
        await trx.raw('CREATE INDEX ?? ON ?? (bidder_id, attempted_at)', [
          `${table}_bidder`,
          table,
        ]);
      },
    },
  },
  async handleBatch(trx, batch, tables) {
    const rows = (batch as unknown as BidRefused[]).map(({ data }) => ({
      bid_id: data.bidId,
      ad_id: data.adId,
      bidder_id: data.bidderId,
      code: data.code,
      attempted_at: data.attemptedAt,
    }));
    if (rows.length > 0) await trx(tables.bid_refusals).insert(rows).onConflict('bid_id').ignore();
  },
});
