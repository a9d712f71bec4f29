import type { Knex } from 'knex';
import {
  AD_SLOT_EVENT_TYPES,
  type AdSlotEvent,
  type SlotBidPlaced,
} from '@boli/engine/adspace/adSlot.events';
import { calendarDayAfter, calendarKey, type CalendarDay } from '@boli/engine/adspace/slotCalendar';
import type { SlotSpaceType } from '@boli/engine/adspace/adSpace.rules';
import type { RecordedEvent } from '@boli/engine/eventStore/eventStore';
import { defineProjection } from '../runtime/projection.ts';

/*
 * Slot bids and the bid calendar: every bid (the slot's bid list) and, per slot, its highest bid,
 * bid count and winner — folded with the domain's own `calendarDayAfter`.
 */

async function createSlotBidsTable(trx: Knex.Transaction, table: string): Promise<void> {
  await trx.schema.createTable(table, (t) => {
    t.text('bid_id').primary();
    t.text('type').notNullable();
    t.text('slot_date').notNullable();
    t.text('user_id').notNullable();
    t.text('username').notNullable();
    t.text('company').notNullable();
    t.bigInteger('bidamt').notNullable();
    t.timestamp('biddate', { useTz: true }).notNullable();
    t.index(['type', 'slot_date', 'bidamt'], `${table}_slot_idx`);
  });
}

async function createSlotsTable(trx: Knex.Transaction, table: string): Promise<void> {
  await trx.schema.createTable(table, (t) => {
    t.text('type').notNullable();
    t.text('slot_date').notNullable();
    t.bigInteger('highest').notNullable();
    t.integer('bids').notNullable();
    t.boolean('closed').notNullable();
    t.text('winner_bid_id');
    t.boolean('settled').notNullable();
    t.primary(['type', 'slot_date']);
    t.index(['slot_date'], `${table}_date_idx`);
  });
}

type SlotRow = {
  type: SlotSpaceType;
  slot_date: string;
  highest: string | number;
  bids: number;
  closed: boolean;
  winner_bid_id: string | null;
  settled: boolean;
};

const dayOf = (row: SlotRow): CalendarDay => ({
  type: row.type,
  slotdate: row.slot_date,
  highest: Number(row.highest),
  bids: row.bids,
  closed: row.closed,
  winnerBidId: row.winner_bid_id,
  settled: row.settled,
});

const rowOf = (day: CalendarDay): SlotRow => ({
  type: day.type,
  slot_date: day.slotdate,
  highest: day.highest,
  bids: day.bids,
  closed: day.closed,
  winner_bid_id: day.winnerBidId,
  settled: day.settled,
});

/** The bids of this batch, each stored once; the ids really inserted (a replayed one is not). */
async function insertBids(trx: Knex.Transaction, table: string, bids: SlotBidPlaced[]) {
  if (bids.length === 0) return new Set<string>();
  const inserted: { bid_id: string }[] = await trx(table)
    .insert(
      bids.map(({ data }) => ({
        bid_id: data.bidId,
        type: data.type,
        slot_date: data.slotdate,
        user_id: data.userId,
        username: data.username,
        company: data.company,
        bidamt: data.bidamt,
        biddate: data.biddate,
      })),
    )
    .onConflict('bid_id')
    .ignore()
    .returning('bid_id');
  return new Set(inserted.map((row) => row.bid_id));
}

export const adSlotsProjection = defineProjection({
  name: 'ad_slots',
  // 2: `settled` — a closed slot sold or left unsold (the billing sweep follows the others up).
  version: 2,
  handles: AD_SLOT_EVENT_TYPES,
  tables: {
    ad_slot_bids: { create: createSlotBidsTable },
    ad_slots: { create: createSlotsTable },
  },
  async handleBatch(trx, recorded: RecordedEvent[], tables) {
    const events = recorded as unknown as AdSlotEvent[];
    const newBids = await insertBids(
      trx,
      tables.ad_slot_bids,
      events.filter((event): event is SlotBidPlaced => event.type === 'SlotBidPlaced'),
    );
    const keys = [...new Set(events.map((e) => calendarKey(e.data.type, e.data.slotdate)))];
    const existing: SlotRow[] = await trx(tables.ad_slots).whereRaw(
      `type || '/' || slot_date = ANY(?)`,
      [keys],
    );
    const days = new Map(existing.map((row) => [calendarKey(row.type, row.slot_date), dayOf(row)]));
    for (const event of events) {
      // A bid already counted (the log replayed) is not counted again.
      if (event.type === 'SlotBidPlaced' && !newBids.has(event.data.bidId)) continue;
      const key = calendarKey(event.data.type, event.data.slotdate);
      days.set(key, calendarDayAfter(days.get(key), event));
    }
    if (days.size === 0) return;
    await trx(tables.ad_slots)
      .insert([...days.values()].map(rowOf))
      .onConflict(['type', 'slot_date'])
      .merge();
  },
});
