import type { Knex } from 'knex';
import type { AdEvent } from '@boli/engine/ads/ad.events';
import type { PurchaseEvent } from '@boli/engine/billing/purchase.events';
import type { RecordedEvent } from '@boli/engine/eventStore/eventStore';
import { MOBILE_REQUEST_EVENT_TYPES } from '@boli/engine/social/mobileRequest.events';
import type { MobileRequestEvent } from '@boli/engine/social/mobileRequest.events';
import { REVIEW_EVENT_TYPES, type ReviewEvent } from '@boli/engine/social/review.events';
import { defineProjection, type PhysicalTables } from '../runtime/projection.ts';
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
  handle,
});

type AdRow = {
  owner_id: string;
  item_name: string;
  currencycode: string;
  open_high: string | number;
  bidders: [string, number][] | string;
  last_version: number;
};

async function loadTracking(
  trx: Knex.Transaction,
  table: string,
  adId: string,
): Promise<{ tracking: AdTracking | undefined; version: number }> {
  const row: AdRow | undefined = await trx(table).where({ ad_id: adId }).forUpdate().first();
  if (row === undefined) return { tracking: undefined, version: -1 };
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
  };
}

async function handle(
  trx: Knex.Transaction,
  event: RecordedEvent,
  tables: PhysicalTables<Tables>,
): Promise<void> {
  let notes: NotificationDraft[];
  if (AD_EVENTS.includes(event.type)) {
    const adId = (event.data as { adId: string }).adId;
    const before = await loadTracking(trx, tables.notification_ads, adId);
    if (event.streamVersion <= before.version) return;
    const after = notificationsForAdEvent(before.tracking, event as unknown as AdEvent);
    notes = after.notes;
    if (after.tracking !== undefined) {
      const { tracking } = after;
      const row = {
        ad_id: adId,
        owner_id: tracking.ownerId,
        item_name: tracking.itemName,
        currencycode: tracking.currencycode,
        open_high: tracking.openHigh,
        bidders: JSON.stringify([...tracking.bidders]),
        last_version: event.streamVersion,
      };
      await trx(tables.notification_ads).insert(row).onConflict('ad_id').merge();
    }
  } else if (BILLING_EVENTS.includes(event.type)) {
    notes = notificationsForBillingEvent(event as unknown as PurchaseEvent);
  } else {
    notes = notificationsForSocialEvent(event as unknown as MobileRequestEvent | ReviewEvent);
  }
  if (notes.length === 0) return;
  await trx(tables.notifications)
    .insert(
      notes.map((note) => ({
        id: `${event.metadata.eventId}:${note.userId}`,
        user_id: note.userId,
        kind: note.kind,
        actor_id: note.actorId,
        request_id: note.requestId,
        ad_id: note.adId,
        params: JSON.stringify(note.params),
        created_at: event.metadata.now,
        position_commit: event.position.commit.toString(),
        position_prepare: event.position.prepare.toString(),
      })),
    )
    .onConflict('id')
    .ignore();
}
