import type { Knex } from 'knex';
import type { AdEvent } from '@boli/engine/ads/ad.events';
import type { PurchaseEvent } from '@boli/engine/billing/purchase.events';
import type { RecordedEvent } from '@boli/engine/eventStore/eventStore';
import { MOBILE_REQUEST_EVENT_TYPES } from '@boli/engine/social/mobileRequest.events';
import type { MobileRequestEvent } from '@boli/engine/social/mobileRequest.events';
import { REVIEW_EVENT_TYPES, type ReviewEvent } from '@boli/engine/social/review.events';
import {
  defineProjection,
  type BatchStatement,
  type PhysicalTables,
} from '../runtime/projection.ts';
import { preparedQuery, quoteIdentifier } from '../runtime/preparedQuery.ts';
import {
  AD_NOTIFICATION_EVENT_TYPES,
  notificationsForAdEvent,
  notificationsForSocialEvent,
  PAYMENT_NOTIFICATION_EVENT_TYPES,
  notificationsForBillingEvent,
  type AdTracking,
  type NotificationDraft,
} from './notifications.evolve.ts';

type Tables = 'notifications' | 'notification_ads';

const AD_EVENTS: readonly string[] = AD_NOTIFICATION_EVENT_TYPES;
const BILLING_EVENTS: readonly string[] = PAYMENT_NOTIFICATION_EVENT_TYPES;

/**
 * The notification menu's read model: one row per member told, id `<event id>:<member>`, so a
 * replayed event adds nothing. Ads keep their bidders in `notification_ads` (one row per ad,
 * with the ad stream's `last_version`, so a replayed bid never moves the amounts twice).
 */
export const notificationsProjection = defineProjection<Tables>({
  name: 'notifications',
  // 2: billing notifications (a purchase delivered or refunded).
  version: 2,
  handles: [
    ...AD_NOTIFICATION_EVENT_TYPES,
    ...MOBILE_REQUEST_EVENT_TYPES,
    ...REVIEW_EVENT_TYPES,
    ...PAYMENT_NOTIFICATION_EVENT_TYPES,
  ],
  tables: {
    notifications: {
      create: (trx, table) =>
        trx.schema.createTable(table, (t) => {
          t.text('id').primary();
          t.text('user_id').notNullable();
          t.text('kind').notNullable();
          t.text('actor_id');
          t.text('request_id');
          t.text('ad_id');
          t.jsonb('params').notNullable();
          t.timestamp('created_at', { useTz: true }).notNullable();
          // The event's global position: a live client catches up from the last one it saw.
          t.decimal('position_commit', 20, 0).notNullable();
          t.decimal('position_prepare', 20, 0).notNullable();
          t.index(['user_id', 'created_at'], `${table}_user_idx`);
        }),
    },
    notification_ads: {
      create: (trx, table) =>
        trx.schema.createTable(table, (t) => {
          t.text('ad_id').primary();
          t.text('owner_id').notNullable();
          t.text('item_name').notNullable();
          t.text('currencycode').notNullable();
          t.bigInteger('open_high').notNullable();
          /** [[bidderId, best amount in paise], …] in order of first bid. */
          t.jsonb('bidders').notNullable();
          t.integer('last_version').notNullable();
        }),
    },
  },
  handleBatch,
  batchStatement,
});

type AdRow = {
  ad_id: string;
  owner_id: string;
  item_name: string;
  currencycode: string;
  open_high: string | number;
  bidders: [string, number][] | string;
  last_version: number;
};

/** What the projection knows of one ad: who bids on it, and the last ad event it applied. */
type AdState = { tracking: AdTracking | undefined; version: number; changed: boolean };

const fromRow = (row: AdRow): AdState => {
  const bidders = typeof row.bidders === 'string' ? JSON.parse(row.bidders) : row.bidders;
  return {
    tracking: {
      ownerId: row.owner_id,
      itemName: row.item_name,
      currencycode: row.currencycode,
      openHigh: Number(row.open_high),
      bidders: new Map(bidders as [string, number][]),
    },
    version: row.last_version,
    changed: false,
  };
};

/** The ads of `adIds` as stored (locked for the batch, in a transaction); unknown ads are absent. */
async function loadAds(
  db: Knex | Knex.Transaction,
  table: string,
  adIds: readonly string[],
): Promise<Map<string, AdState>> {
  const ads = new Map<string, AdState>();
  if (adIds.length === 0) return ads;
  const lock = db.isTransaction ? 'FOR UPDATE' : '';
  const rows = await preparedQuery<AdRow>(
    db,
    `SELECT * FROM ${quoteIdentifier(table)} WHERE ad_id = ANY(?::text[]) ${lock}`,
    [adIds],
  );
  for (const row of rows) ads.set(row.ad_id, fromRow(row));
  return ads;
}

/** Rows to write to one table: an INSERT of them all, with its ON CONFLICT clause. */
type RowsWrite = {
  readonly table: string;
  readonly rows: readonly Record<string, unknown>[];
  readonly onConflict: string;
};

/**
 * `write`'s INSERT: one statement text however many rows (`json_populate_recordset`: the same
 * text every batch, planned once per connection); `when` conditions it (one-statement batches).
 */
function insertSql({ table, rows, onConflict }: RowsWrite, when = ''): string {
  const name = quoteIdentifier(table);
  const columns = Object.keys(rows[0]!).map(quoteIdentifier).join(', ');
  return `INSERT INTO ${name} (${columns})
     SELECT ${columns} FROM json_populate_recordset(NULL::${name}, ?::json) ${when} ${onConflict}`;
}

/**
 * What a batch writes: the batch's ads are read at once (`read`), its events applied in log order
 * in memory, then the ads that changed and every notification are written with one INSERT each.
 */
async function planBatch(
  events: readonly RecordedEvent[],
  tables: PhysicalTables<Tables>,
  read: (adIds: readonly string[]) => Promise<Map<string, AdState>>,
): Promise<RowsWrite[]> {
  const adIdOf = (event: RecordedEvent) => (event.data as { adId: string }).adId;
  const adEvents = events.filter((event) => AD_EVENTS.includes(event.type));
  const ads = await read([...new Set(adEvents.map(adIdOf))]);
  const notifications: Record<string, unknown>[] = [];
  for (const event of events) {
    let notes: NotificationDraft[];
    if (AD_EVENTS.includes(event.type)) {
      const adId = adIdOf(event);
      const before = ads.get(adId) ?? { tracking: undefined, version: -1, changed: false };
      // A replayed event changes nothing.
      if (event.streamVersion <= before.version) continue;
      const after = notificationsForAdEvent(before.tracking, event as unknown as AdEvent);
      notes = after.notes;
      if (after.tracking !== undefined) {
        ads.set(adId, { tracking: after.tracking, version: event.streamVersion, changed: true });
      }
    } else if (BILLING_EVENTS.includes(event.type)) {
      notes = notificationsForBillingEvent(event as unknown as PurchaseEvent);
    } else {
      notes = notificationsForSocialEvent(event as unknown as MobileRequestEvent | ReviewEvent);
    }
    for (const note of notes) {
      notifications.push({
        id: `${event.metadata.eventId}:${note.userId}`,
        user_id: note.userId,
        kind: note.kind,
        actor_id: note.actorId,
        request_id: note.requestId,
        ad_id: note.adId,
        params: note.params,
        created_at: event.metadata.now,
        position_commit: event.position.commit.toString(),
        position_prepare: event.position.prepare.toString(),
      });
    }
  }
  const changedAds = [...ads]
    .filter(([, ad]) => ad.changed && ad.tracking !== undefined)
    .map(([adId, { tracking, version }]) => ({
      ad_id: adId,
      owner_id: tracking!.ownerId,
      item_name: tracking!.itemName,
      currencycode: tracking!.currencycode,
      open_high: tracking!.openHigh,
      bidders: [...tracking!.bidders],
      last_version: version,
    }));
  const writes: RowsWrite[] = [
    {
      table: tables.notification_ads,
      rows: changedAds,
      onConflict: `ON CONFLICT (ad_id) DO UPDATE SET owner_id = EXCLUDED.owner_id,
         item_name = EXCLUDED.item_name, currencycode = EXCLUDED.currencycode,
         open_high = EXCLUDED.open_high, bidders = EXCLUDED.bidders,
         last_version = EXCLUDED.last_version`,
    },
    { table: tables.notifications, rows: notifications, onConflict: 'ON CONFLICT (id) DO NOTHING' },
  ];
  return writes.filter((write) => write.rows.length > 0);
}

/** A batch in its transaction: the ads read and locked, then one INSERT per table. */
async function handleBatch(
  trx: Knex.Transaction,
  events: readonly RecordedEvent[],
  tables: PhysicalTables<Tables>,
): Promise<void> {
  const writes = await planBatch(events, tables, (adIds) =>
    loadAds(trx, tables.notification_ads, adIds),
  );
  for (const write of writes)
    await preparedQuery(trx, insertSql(write), [JSON.stringify(write.rows)]);
}

/** A batch in two round trips: the ads read, then both INSERTs with the checkpoint's move. */
async function batchStatement(
  db: Knex,
  events: RecordedEvent[],
  tables: PhysicalTables<Tables>,
): Promise<BatchStatement> {
  const writes = await planBatch(events, tables, (adIds) =>
    loadAds(db, tables.notification_ads, adIds),
  );
  const when = 'WHERE EXISTS (SELECT 1 FROM moved)';
  return {
    ctes:
      writes.length === 0
        ? 'nothing AS (SELECT 1)'
        : writes
            .map((write, i) => `write${i} AS (${insertSql(write, when)} RETURNING 1)`)
            .join(', '),
    bindings: writes.map((write) => JSON.stringify(write.rows)),
  };
}
