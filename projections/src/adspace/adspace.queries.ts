import type { Knex } from 'knex';
import type { GlobalPosition } from '@boli/engine/eventStore/eventStore';
import type { SlotSpaceType } from '@boli/engine/adspace/adSpace.rules';
import { BUILDS } from '../runtime/builds.ts';
import { adSlotsProjection } from './adSlots.projection.ts';

/* What the ad space screens and the slot timer read. Amounts are paise. */

export type SpaceRow = {
  spaceId: string;
  userId: string;
  spaceType: string;
  cycle: string;
  sourceKind: 'purchase' | 'slot';
  slotDate: string | null;
  startsAt: string;
  endsAt: string;
  company: string;
  creative: {
    galleryType: 'photos' | 'videos';
    name: string;
    thumbnail: string;
    /** The advertiser's page, '' for none. */
    link: string;
  } | null;
};

type StoredSpace = {
  space_id: string;
  user_id: string;
  space_type: string;
  cycle: string;
  source_kind: 'purchase' | 'slot';
  slot_date: string | null;
  starts_at: Date;
  ends_at: Date;
  company: string;
  creative_type: 'photos' | 'videos' | null;
  creative_name: string | null;
  creative_thumbnail: string | null;
  creative_link: string | null;
};

const toSpace = (row: StoredSpace): SpaceRow => ({
  spaceId: row.space_id,
  userId: row.user_id,
  spaceType: row.space_type,
  cycle: row.cycle,
  sourceKind: row.source_kind,
  slotDate: row.slot_date,
  startsAt: new Date(row.starts_at).toISOString(),
  endsAt: new Date(row.ends_at).toISOString(),
  company: row.company,
  creative:
    row.creative_type === null
      ? null
      : {
          galleryType: row.creative_type,
          name: row.creative_name!,
          thumbnail: row.creative_thumbnail!,
          link: row.creative_link ?? '',
        },
});

export async function findSpace(db: Knex, spaceId: string): Promise<SpaceRow | undefined> {
  const row: StoredSpace | undefined = await db('ad_spaces').where({ space_id: spaceId }).first();
  return row && toSpace(row);
}

/** A member's spaces, latest start first: all of them, or those not yet ended at `now`. */
export async function spacesOfMember(
  db: Knex,
  userId: string,
  options: { status: 'active' | 'all'; now: Date },
): Promise<SpaceRow[]> {
  const query = db('ad_spaces').where({ user_id: userId });
  if (options.status === 'active') query.where('ends_at', '>', options.now);
  const rows: StoredSpace[] = await query.orderBy([
    { column: 'starts_at', order: 'desc' },
    { column: 'space_id' },
  ]);
  return rows.map(toSpace);
}

/** When the space each of these purchases bought ends (ISO), by purchase id; others absent. */
export async function spaceEndsOfPurchases(
  db: Knex,
  purchaseIds: readonly string[],
): Promise<Map<string, string>> {
  if (purchaseIds.length === 0) return new Map();
  const rows: { purchase_id: string; ends_at: Date }[] = await db('ad_spaces')
    .whereIn('purchase_id', purchaseIds)
    .select('purchase_id', 'ends_at');
  return new Map(rows.map((row) => [row.purchase_id, row.ends_at.toISOString()]));
}

/** Spaces showing at `now` that have a creative, oldest activation first. */
export async function showingSpaces(db: Knex, now: Date): Promise<SpaceRow[]> {
  const rows: StoredSpace[] = await db('ad_spaces')
    .where('starts_at', '<=', now)
    .andWhere('ends_at', '>', now)
    .whereNotNull('creative_type')
    .orderBy([{ column: 'activated_at' }, { column: 'space_id' }]);
  return rows.map(toSpace);
}

export type SlotBidRow = {
  bidId: string;
  userId: string;
  username: string;
  type: SlotSpaceType;
  slotdate: string;
  company: string;
  bidamt: number;
  biddate: string;
};

/**
 * A slot date's bids of one type, or of both (by type), highest first (equal amounts: the earlier
 * first, as the winner is chosen).
 */
export async function bidsOfSlot(
  db: Knex,
  slotdate: string,
  type?: SlotSpaceType,
): Promise<SlotBidRow[]> {
  const rows: {
    bid_id: string;
    user_id: string;
    username: string;
    type: SlotSpaceType;
    slot_date: string;
    company: string;
    bidamt: string;
    biddate: Date;
  }[] = await db('ad_slot_bids')
    .where(type === undefined ? { slot_date: slotdate } : { type, slot_date: slotdate })
    .orderBy([
      { column: 'type' },
      { column: 'bidamt', order: 'desc' },
      { column: 'biddate' },
      { column: 'bid_id' },
    ]);
  return rows.map((row) => ({
    bidId: row.bid_id,
    userId: row.user_id,
    username: row.username,
    type: row.type,
    slotdate: row.slot_date,
    company: row.company,
    bidamt: Number(row.bidamt),
    biddate: new Date(row.biddate).toISOString(),
  }));
}

export type CalendarRow = {
  type: SlotSpaceType;
  slotdate: string;
  highest: number;
  bids: number;
  closed: boolean;
  winnerBidId: string | null;
};

type StoredSlot = {
  type: SlotSpaceType;
  slot_date: string;
  highest: string;
  bids: number;
  closed: boolean;
  winner_bid_id: string | null;
  settled: boolean;
};

const toCalendar = (row: StoredSlot): CalendarRow => ({
  type: row.type,
  slotdate: row.slot_date,
  highest: Number(row.highest),
  bids: row.bids,
  closed: row.closed,
  winnerBidId: row.winner_bid_id,
});

/** The calendar's slots with bids from `from` to `to` (inclusive), by date. */
export async function calendarBetween(
  db: Knex,
  range: { from: string; to: string; type?: SlotSpaceType | undefined },
): Promise<CalendarRow[]> {
  const query = db('ad_slots').whereBetween('slot_date', [range.from, range.to]);
  if (range.type) query.where({ type: range.type });
  const rows: StoredSlot[] = await query.orderBy([{ column: 'slot_date' }, { column: 'type' }]);
  return rows.map(toCalendar);
}

/** Closed slots not yet sold nor left unsold: the billing sweep sees each offered and payable. */
export async function unsettledSlots(
  db: Knex,
  limit: number,
): Promise<{ type: SlotSpaceType; slotdate: string }[]> {
  const rows: StoredSlot[] = await db('ad_slots')
    .where({ closed: true, settled: false })
    .orderBy('slot_date')
    .limit(limit);
  return rows.map((row) => ({ type: row.type, slotdate: row.slot_date }));
}

/**
 * The slots still open (bid for, not closed) with the log position they are true at — the slot
 * timer schedules them, then follows the log from there. Nothing before the first live build.
 */
export async function openSlotsWithPosition(
  db: Knex,
): Promise<{ slots: { type: SlotSpaceType; slotdate: string }[]; position: GlobalPosition }> {
  return db.transaction(
    async (trx) => {
      const build: { checkpoint_commit: string; checkpoint_prepare: string } | undefined =
        await trx(BUILDS)
          .where({ name: adSlotsProjection.name, status: 'live' })
          .first('checkpoint_commit', 'checkpoint_prepare');
      if (build === undefined) return { slots: [], position: { commit: 0n, prepare: 0n } };
      const rows: StoredSlot[] = await trx('ad_slots').where({ closed: false });
      return {
        slots: rows.map((row) => ({ type: row.type, slotdate: row.slot_date })),
        position: {
          commit: BigInt(build.checkpoint_commit),
          prepare: BigInt(build.checkpoint_prepare),
        },
      };
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}

export type AudienceRow = { day: string; impressions: number; clicks: number };

/** A space's impressions and clicks per India date, oldest first. */
export async function audienceOf(db: Knex, spaceId: string): Promise<AudienceRow[]> {
  const rows: { day: string; impressions: number; clicks: number }[] = await db('ad_audience')
    .where({ space_id: spaceId })
    .orderBy('day')
    .select('day', 'impressions', 'clicks');
  return rows;
}
