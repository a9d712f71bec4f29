import type { Knex } from 'knex';

/*
 * The bids read model's tables. `bids`: one row per BidPlaced, with the event's global
 * position (commit, prepare) so pages, "missed since" and per-viewer highest bids are each one
 * index range, however many bids an ad has. `ad_bidding`: one row per ad with its bidding state
 * and the counters a summary needs (so no summary counts an ad's bids row by row). `ad_bidders`:
 * one row per ad and member who bid on it, so a batch learns which bidders are new to an ad from
 * what its INSERT stored (finding them in `bids` with NOT EXISTS cost three times the insert).
 */

/** A bid's columns as its event gives them; the log adds its position (`BID_COLUMNS`). */
export const BID_FIELDS = [
  'bid_id',
  'ad_id',
  'bidder_id',
  'username',
  'bid_alias',
  'amount',
  'type',
  'phase',
  'placed_at',
] as const;
/** Every column of `bids`, in the order of its definition. */
export const BID_COLUMNS = [...BID_FIELDS, 'position_commit', 'position_prepare'] as const;

export async function createBidsTable(trx: Knex.Transaction, table: string): Promise<void> {
  await trx.schema.createTable(table, (t) => {
    t.text('bid_id').primary();
    t.text('ad_id').notNullable();
    t.text('bidder_id').notNullable();
    t.text('username').notNullable();
    t.text('bid_alias').notNullable();
    /** Integer paise. */
    t.bigInteger('amount').notNullable();
    t.text('type').notNullable();
    t.text('phase').notNullable();
    t.timestamp('placed_at', { useTz: true }).notNullable();
    t.bigInteger('position_commit').notNullable();
    t.bigInteger('position_prepare').notNullable();
  });
  const index = (suffix: string, columns: string) =>
    trx.raw(`CREATE INDEX ?? ON ?? (${columns})`, [`${table}_${suffix}`, table]);
  // A page of one list, newest first.
  await index('page_idx', 'ad_id, phase, position_commit, position_prepare');
  // The highest bid of a (phase, type): amount first, then the bid placed first.
  await index(
    'highest_idx',
    'ad_id, phase, type, amount DESC, placed_at, position_commit, position_prepare',
  );
  // The viewer's own bids on an ad: their highest hidden bid and their counts.
  await index(
    'own_idx',
    'ad_id, bidder_id, phase, type, amount DESC, placed_at, position_commit, position_prepare',
  );
  // A member's bids across ads, newest first.
  await index('bidder_idx', 'bidder_id, position_commit, position_prepare');
  // What a reconnecting client missed on one ad.
  await index('since_idx', 'ad_id, position_commit, position_prepare');
}

export async function createAdBiddingTable(trx: Knex.Transaction, table: string): Promise<void> {
  await trx.schema.createTable(table, (t) => {
    t.text('ad_id').primary();
    t.text('owner_id').notNullable();
    t.boolean('final_call_made').notNullable().defaultTo(false);
    t.timestamp('deadline', { useTz: true });
    t.timestamp('closed_at', { useTz: true });
    t.text('close_reason');
    t.integer('before_count').notNullable().defaultTo(0);
    t.integer('after_count').notNullable().defaultTo(0);
    /** Distinct bidders. */
    t.integer('no_of_buyers').notNullable().defaultTo(0);
  });
}

export async function createAdBiddersTable(trx: Knex.Transaction, table: string): Promise<void> {
  await trx.schema.createTable(table, (t) => {
    t.text('ad_id').notNullable();
    t.text('bidder_id').notNullable();
    t.primary(['ad_id', 'bidder_id']);
  });
}
