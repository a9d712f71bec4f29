import type { Knex } from 'knex';
import type { AdEvent } from '@boli/engine/ads/ad.events';
import type { AdSlotEvent } from '@boli/engine/adspace/adSlot.events';
import type { PurchaseEvent } from '@boli/engine/billing/purchase.events';
import type { RecordedEvent } from '@boli/engine/eventStore/eventStore';
import { MOBILE_REQUEST_EVENT_TYPES } from '@boli/engine/social/mobileRequest.events';
import type { MobileRequestEvent } from '@boli/engine/social/mobileRequest.events';
import { REVIEW_EVENT_TYPES, type ReviewEvent } from '@boli/engine/social/review.events';
import {
  defineProjection,
  IF_MOVED,
  type BatchStatement,
  type PhysicalTables,
} from '../runtime/projection.ts';
import { preparedQuery, quoteIdentifier } from '../runtime/preparedQuery.ts';
import {
  AD_NOTIFICATION_EVENT_TYPES,
  deletedReviewOf,
  notificationsForAdEvent,
  notificationsForSocialEvent,
  PAYMENT_NOTIFICATION_EVENT_TYPES,
  notificationsForBillingEvent,
  REVIEW_NOTE_KINDS,
  SLOT_NOTIFICATION_EVENT_TYPES,
  notificationsForSlotEvent,
  type AdTracking,
  type NotificationDraft,
} from './notifications.evolve.ts';
import { setKeepingAtMost } from '@boli/engine/shared/boundedMap';
import { MAILED_KINDS_SQL } from './noteEmails.ts';

type Tables = 'notifications' | 'notification_ads' | 'notification_bidders';

const AD_EVENTS: readonly string[] = AD_NOTIFICATION_EVENT_TYPES;
const BILLING_EVENTS: readonly string[] = PAYMENT_NOTIFICATION_EVENT_TYPES;
const SLOT_EVENTS: readonly string[] = SLOT_NOTIFICATION_EVENT_TYPES;
/** The ad events that tell every bidder of the ad. */
const TELLS_EVERY_BIDDER: readonly string[] = ['AdEdited', 'FinalCallMade', 'BiddingClosed'];

/** The notes, and an index of the few that are mailed (noteEmails.ts): no outbid is among them. */
async function createNotificationsTable(trx: Knex.Transaction, table: string): Promise<void> {
  await trx.schema.createTable(table, (t) => {
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
  });
  await trx.raw(`CREATE INDEX ?? ON ?? (created_at) WHERE ${MAILED_KINDS_SQL}`, [
    `${table}_mailed_idx`,
    table,
  ]);
}

/**
 * The notification menu's read model: one row per member told, id `<event id>:<member>`, so a
 * replayed event adds nothing. What ads need remembered is in `notification_ads` (one row per ad,
 * with the ad stream's `last_version`, so a replayed bid never moves the amounts twice) and
 * `notification_bidders` (one row per ad and bidder: their best amount, which only grows).
 */
export const notificationsProjection = defineProjection<Tables, RememberedAds>({
  name: 'notifications',
  // 2: billing notifications (a purchase delivered or refunded).
  // 3: bidders in a table of their own: a batch rewrote every touched ad's whole bidder list.
  // 5: an edited ad tells its bidders.
  // 6: the owner's final-call-ended note names the winning bidder (326b649 changed what the
  //    projection writes without a new version, so read models built before kept notes unnamed).
  // 7: each ad keeps its top-ranked bid: at equal highest amounts the close names the bid placed
  //    first, as the ad's page does, where it named nobody.
  // 8: a bid placed by its processing fee: the note carries the ad, and opens it.
  // 9: a review's notes name it, and go when it is deleted.
  // 10: the notices that are mailed have an index of their own (noteEmails.ts).
  // 11: a purchase's notes name it, so their emails say what was paid, how much, and its invoice.
  version: 11,
  handles: [
    ...AD_NOTIFICATION_EVENT_TYPES,
    ...MOBILE_REQUEST_EVENT_TYPES,
    ...REVIEW_EVENT_TYPES,
    ...PAYMENT_NOTIFICATION_EVENT_TYPES,
    ...SLOT_NOTIFICATION_EVENT_TYPES,
  ],
  tables: {
    notifications: { create: createNotificationsTable },
    notification_ads: {
      create: (trx, table) =>
        trx.schema.createTable(table, (t) => {
          t.text('ad_id').primary();
          t.text('owner_id').notNullable();
          t.text('item_name').notNullable();
          t.text('currencycode').notNullable();
          t.bigInteger('open_high').notNullable();
          // The top-ranked bid so far (AdTracking.top); null before the first.
          t.text('top_bidder');
          t.bigInteger('top_amount');
          t.text('top_placed_at');
          t.integer('last_version').notNullable();
        }),
    },
    notification_bidders: {
      create: (trx, table) =>
        trx.schema.createTable(table, (t) => {
          t.text('ad_id').notNullable();
          t.text('bidder_id').notNullable();
          /** Their best amount on the ad, paise. */
          t.bigInteger('best').notNullable();
          t.primary(['ad_id', 'bidder_id']);
          // The bidders an Open bid may outbid: at or above the ad's highest Open amount.
          t.index(['ad_id', 'best'], `${table}_best_idx`);
        }),
    },
  },
  handleBatch,
  batchStatement,
  memory: () => new Map(),
});

type AdRow = {
  ad_id: string;
  owner_id: string;
  item_name: string;
  currencycode: string;
  open_high: string | number;
  top_bidder: string | null;
  top_amount: string | number | null;
  top_placed_at: string | null;
  bidders: [string, number][] | string;
  last_version: number;
};

/**
 * What the projection knows of one ad: who bids on it (those the batch needs), the last ad event
 * it applied, and the bidders' best amounts as read, to write only those that changed.
 */
type AdState = {
  tracking: AdTracking | undefined;
  version: number;
  changed: boolean;
  read: ReadonlyMap<string, number>;
};

const fromRow = (row: AdRow): AdState => {
  const listed = typeof row.bidders === 'string' ? JSON.parse(row.bidders) : row.bidders;
  const bidders = new Map(
    (listed as [string, number | string][]).map(([id, best]) => [id, Number(best)]),
  );
  return {
    tracking: {
      ownerId: row.owner_id,
      itemName: row.item_name,
      currencycode: row.currencycode,
      openHigh: Number(row.open_high),
      bidders,
      ...(row.top_bidder === null
        ? {}
        : {
            top: {
              bidderId: row.top_bidder,
              amount: Number(row.top_amount),
              placedAt: row.top_placed_at ?? '',
            },
          }),
    },
    version: row.last_version,
    changed: false,
    read: new Map(bidders),
  };
};

/**
 * The statement that reads the ads of a batch (bindings: `everyBidderOf`, then `adIds`; `lock`
 * locks the ads' rows in a transaction). Of their bidders, those an Open bid may outbid (best at
 * or above the highest Open amount: the others were told when it landed), or all of them for the
 * ads of `everyBidderOf`, which tell every bidder something. Whoever is left out is below every
 * amount that could notify them, and the best amount written is the greater of the stored and
 * the new.
 *
 * The floor is one bound on `best` (0 for every bidder: amounts are positive), so the (ad, best)
 * index finds only those bidders. Written as an OR of the two cases, it read every bidder of the
 * ad from the table and filtered them there: a cost that grew with each ad's bidders.
 */
export const adsReadSql = (tables: PhysicalTables<Tables>, lock: boolean): string =>
  `SELECT a.ad_id, a.owner_id, a.item_name, a.currencycode, a.open_high, a.last_version,
     a.top_bidder, a.top_amount, a.top_placed_at,
     (SELECT coalesce(json_agg(json_build_array(b.bidder_id, b.best)), '[]'::json)
        FROM ${quoteIdentifier(tables.notification_bidders)} b
       WHERE b.ad_id = a.ad_id
         AND b.best >= CASE WHEN a.ad_id = ANY(?::text[]) THEN 0 ELSE a.open_high END) AS bidders
   FROM ${quoteIdentifier(tables.notification_ads)} a WHERE a.ad_id = ANY(?::text[])
   ${lock ? 'FOR UPDATE OF a' : ''}`;

/** The ads of `adIds` as stored (locked for the batch, in a transaction); unknown ads are absent. */
async function loadAds(
  db: Knex | Knex.Transaction,
  tables: PhysicalTables<Tables>,
  adIds: readonly string[],
  everyBidderOf: readonly string[],
): Promise<Map<string, AdState>> {
  const ads = new Map<string, AdState>();
  if (adIds.length === 0) return ads;
  const rows = await preparedQuery<AdRow>(db, adsReadSql(tables, db.isTransaction === true), [
    everyBidderOf,
    adIds,
  ]);
  for (const row of rows) ads.set(row.ad_id, fromRow(row));
  return ads;
}

/** How many ads a runner remembers (`RememberedAds`); the ads it forgot are read again. */
const REMEMBERED_ADS = 10_000;

/**
 * The runner's memory (`Projection.memory`): each ad its statements last wrote, as `adsReadSql`
 * would read it back (`asRead`), by ad id, the most recently written last.
 */
type RememberedAds = Map<string, AdState>;

/**
 * An ad as `adsReadSql` reads it back after it was written: the bidders at or above its highest
 * Open amount. Those below it were either read (their stored best is the one remembered) or not
 * (below an earlier, lower floor), so the table holds none of them above this one either.
 */
function asRead(tracking: AdTracking, version: number): AdState {
  const { openHigh } = tracking;
  const bidders = new Map([...tracking.bidders].filter(([, best]) => best >= openHigh));
  return { tracking: { ...tracking, bidders }, version, changed: false, read: bidders };
}

/**
 * `loadAds` for a runner that remembers ads: those it wrote are taken from memory, unless the
 * batch tells their every bidder (memory holds only those at the floor); the rest are read.
 */
async function rememberedOrLoaded(
  db: Knex,
  tables: PhysicalTables<Tables>,
  remembered: RememberedAds,
  adIds: readonly string[],
  everyBidderOf: readonly string[],
): Promise<Map<string, AdState>> {
  const ads = new Map<string, AdState>();
  const unknown: string[] = [];
  for (const adId of adIds) {
    const ad = everyBidderOf.includes(adId) ? undefined : remembered.get(adId);
    if (ad === undefined) unknown.push(adId);
    else ads.set(adId, ad);
  }
  for (const [adId, ad] of await loadAds(db, tables, unknown, everyBidderOf)) ads.set(adId, ad);
  return ads;
}

/** The ads a batch leaves, remembered as read back (`asRead`), the least recently written forgotten. */
function remember(remembered: RememberedAds, ads: ReadonlyMap<string, AdState>): void {
  for (const [adId, ad] of ads) {
    if (ad.tracking === undefined) continue;
    remembered.delete(adId);
    setKeepingAtMost(remembered, adId, asRead(ad.tracking, ad.version), REMEMBERED_ADS);
  }
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

/** The notes of deleted reviews to remove, by the members they were for. */
type ReviewNotesDelete = { readonly userIds: string[]; readonly reviewIds: string[] };

/**
 * `forget`'s DELETE (bindings: kinds, user ids, review ids), on the members' index; `ifMoved` for a
 * one-statement batch (`IF_MOVED`'s condition).
 */
const deleteReviewNotesSql = (tables: PhysicalTables<Tables>, ifMoved: boolean): string =>
  `DELETE FROM ${quoteIdentifier(tables.notifications)}
    WHERE kind = ANY(?::text[]) AND user_id = ANY(?::text[])
      AND params->>'reviewId' = ANY(?::text[]) ${ifMoved ? 'AND EXISTS (SELECT 1 FROM moved)' : ''}`;

const deleteReviewNotesBindings = ({ userIds, reviewIds }: ReviewNotesDelete) => [
  REVIEW_NOTE_KINDS,
  userIds,
  reviewIds,
];

/**
 * What a batch writes: the batch's ads are read at once (`read`), its events applied in log order
 * in memory, then the ads that changed and every notification are written with one INSERT each;
 * the notes of reviews deleted are dropped from those, and `forget` deletes those stored before.
 */
async function planBatch(
  events: readonly RecordedEvent[],
  tables: PhysicalTables<Tables>,
  read: (
    adIds: readonly string[],
    everyBidderOf: readonly string[],
  ) => Promise<Map<string, AdState>>,
): Promise<{
  writes: RowsWrite[];
  forget: ReviewNotesDelete | undefined;
  ads: ReadonlyMap<string, AdState>;
}> {
  const adIdOf = (event: RecordedEvent) => (event.data as { adId: string }).adId;
  const adEvents = events.filter((event) => AD_EVENTS.includes(event.type));
  const tellingAll = adEvents.filter((event) => TELLS_EVERY_BIDDER.includes(event.type));
  const ads = await read([...new Set(adEvents.map(adIdOf))], [...new Set(tellingAll.map(adIdOf))]);
  let notifications: Record<string, unknown>[] = [];
  const forget: ReviewNotesDelete = { userIds: [], reviewIds: [] };
  for (const event of events) {
    const deleted = deletedReviewOf(event);
    if (deleted !== undefined) {
      forget.userIds.push(deleted.userId);
      forget.reviewIds.push(deleted.reviewId);
    }
    let notes: NotificationDraft[];
    if (AD_EVENTS.includes(event.type)) {
      const adId = adIdOf(event);
      const before = ads.get(adId) ?? {
        tracking: undefined,
        version: -1,
        changed: false,
        read: new Map(),
      };
      // A replayed event changes nothing.
      if (event.streamVersion <= before.version) continue;
      const after = notificationsForAdEvent(before.tracking, event as unknown as AdEvent);
      notes = after.notes;
      if (after.tracking !== undefined) {
        ads.set(adId, {
          tracking: after.tracking,
          version: event.streamVersion,
          changed: true,
          read: before.read,
        });
      }
    } else if (BILLING_EVENTS.includes(event.type)) {
      notes = notificationsForBillingEvent(event as unknown as PurchaseEvent);
    } else if (SLOT_EVENTS.includes(event.type)) {
      notes = notificationsForSlotEvent(event as unknown as AdSlotEvent);
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
  if (forget.reviewIds.length > 0) {
    const deleted = new Set(forget.reviewIds);
    notifications = notifications.filter((row) => {
      const { reviewId } = row.params as { reviewId?: string };
      return reviewId === undefined || !deleted.has(reviewId);
    });
  }
  const changedAds = [...ads]
    .filter(([, ad]) => ad.changed && ad.tracking !== undefined)
    .map(([adId, { tracking, version }]) => ({
      ad_id: adId,
      owner_id: tracking!.ownerId,
      item_name: tracking!.itemName,
      currencycode: tracking!.currencycode,
      open_high: tracking!.openHigh,
      top_bidder: tracking!.top?.bidderId ?? null,
      top_amount: tracking!.top?.amount ?? null,
      top_placed_at: tracking!.top?.placedAt ?? null,
      last_version: version,
    }));
  const changedBidders = [...ads]
    .filter(([, ad]) => ad.changed && ad.tracking !== undefined)
    .flatMap(([adId, { tracking, read }]) =>
      [...tracking!.bidders]
        .filter(([bidderId, best]) => read.get(bidderId) !== best)
        .map(([bidderId, best]) => ({ ad_id: adId, bidder_id: bidderId, best })),
    );
  const writes: RowsWrite[] = [
    {
      table: tables.notification_ads,
      rows: changedAds,
      onConflict: `ON CONFLICT (ad_id) DO UPDATE SET owner_id = EXCLUDED.owner_id,
         item_name = EXCLUDED.item_name, currencycode = EXCLUDED.currencycode,
         open_high = EXCLUDED.open_high, top_bidder = EXCLUDED.top_bidder,
         top_amount = EXCLUDED.top_amount, top_placed_at = EXCLUDED.top_placed_at,
         last_version = EXCLUDED.last_version`,
    },
    {
      table: tables.notification_bidders,
      rows: changedBidders,
      onConflict: `ON CONFLICT (ad_id, bidder_id) DO UPDATE
         SET best = greatest(${quoteIdentifier(tables.notification_bidders)}.best, EXCLUDED.best)`,
    },
    { table: tables.notifications, rows: notifications, onConflict: 'ON CONFLICT (id) DO NOTHING' },
  ];
  return {
    writes: writes.filter((write) => write.rows.length > 0),
    forget: forget.reviewIds.length > 0 ? forget : undefined,
    ads,
  };
}

/** A batch in its transaction: the ads read and locked, then one INSERT per table. */
async function handleBatch(
  trx: Knex.Transaction,
  events: readonly RecordedEvent[],
  tables: PhysicalTables<Tables>,
): Promise<void> {
  const { writes, forget } = await planBatch(events, tables, (adIds, everyBidderOf) =>
    loadAds(trx, tables, adIds, everyBidderOf),
  );
  for (const write of writes)
    await preparedQuery(trx, insertSql(write), [JSON.stringify(write.rows)]);
  if (forget) {
    await preparedQuery(
      trx,
      deleteReviewNotesSql(tables, false),
      deleteReviewNotesBindings(forget),
    );
  }
}

/**
 * A batch as one statement with the checkpoint's move: the ads this runner wrote come from its
 * memory, the others are read first (another round trip); the memory then holds them as the
 * statement leaves them (the runner forgets it all if the statement fails).
 */
async function batchStatement(
  db: Knex,
  events: RecordedEvent[],
  tables: PhysicalTables<Tables>,
  remembered: RememberedAds,
): Promise<BatchStatement> {
  const { writes, forget, ads } = await planBatch(events, tables, (adIds, everyBidderOf) =>
    rememberedOrLoaded(db, tables, remembered, adIds, everyBidderOf),
  );
  remember(remembered, ads);
  const ctes = writes.map((write, i) => `write${i} AS (${insertSql(write, IF_MOVED)} RETURNING 1)`);
  const bindings: unknown[] = writes.map((write) => JSON.stringify(write.rows));
  // The notes it deletes were stored by batches before: none is among this statement's inserts.
  if (forget) {
    ctes.push(`forgotten AS (${deleteReviewNotesSql(tables, true)} RETURNING 1)`);
    bindings.push(...deleteReviewNotesBindings(forget));
  }
  return { ctes: ctes.length === 0 ? 'nothing AS (SELECT 1)' : ctes.join(', '), bindings };
}
