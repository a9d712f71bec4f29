import { companyKey } from '@boli/engine/shared/companyName';
import { SHARE_BID_EVENT_TYPES, type ShareBidPlaced } from '@boli/engine/shares/shareBid.events';
import { defineProjection } from '../runtime/projection.ts';

/**
 * One row per share bid (section 3's Share bid), for the bids list and a member's previous bids.
 * Rows are keyed by the bid id, so a replay inserts nothing new.
 */
export const shareBidsProjection = defineProjection({
  name: 'share_bids',
  // v2: company_key compares letters and digits alone (look-alike names are one name).
  version: 2,
  handles: SHARE_BID_EVENT_TYPES,
  tables: {
    share_bids: {
      create: async (trx, table) => {
        await trx.schema.createTable(table, (t) => {
          t.text('bid_id').primary();
          t.text('company').notNullable();
          t.text('company_key').notNullable();
          t.text('user_id').notNullable();
          t.text('username').notNullable();
          /** Integer paise. */
          t.bigInteger('amount').notNullable();
          t.text('type').notNullable();
          t.timestamp('placed_at', { useTz: true }).notNullable();
        });
        // Newest first: the whole list, and one member's bids.
        await trx.raw('CREATE INDEX ?? ON ?? (placed_at DESC, bid_id DESC)', [
          `${table}_newest_idx`,
          table,
        ]);
        await trx.raw('CREATE INDEX ?? ON ?? (user_id, placed_at DESC, bid_id DESC)', [
          `${table}_bidder_idx`,
          table,
        ]);
      },
    },
  },
  async handleBatch(trx, events, tables) {
    const rows = events.map((event) => {
      const { bidId, company, userId, username, amount, type, placedAt } = (
        event as unknown as ShareBidPlaced
      ).data;
      return {
        bid_id: bidId,
        company,
        company_key: companyKey(company),
        user_id: userId,
        username,
        amount,
        type,
        placed_at: placedAt,
      };
    });
    if (rows.length > 0) await trx(tables.share_bids).insert(rows).onConflict('bid_id').ignore();
  },
});
