import type { Knex } from 'knex';
import type { BiddingClosed, FinalCallMade } from '@boli/engine/ads/ad.events';
import { defineProjection } from '../runtime/projection.ts';

/*
 * Every final call and whether it has closed: what the expiry timer must still close. The worker
 * re-creates its delayed jobs from the open rows on start, then follows the log from this read
 * model's checkpoint, so no deadline is lost to a worker or Redis restart.
 */

async function createFinalCallsTable(trx: Knex.Transaction, table: string): Promise<void> {
  await trx.schema.createTable(table, (t) => {
    t.text('ad_id').primary();
    t.timestamp('deadline', { useTz: true }).notNullable();
    t.timestamp('made_at', { useTz: true }).notNullable();
    /** The FinalCallMade event, for the timer's causation id. */
    t.text('final_call_event_id').notNullable();
    t.timestamp('closed_at', { useTz: true });
    t.text('close_reason');
  });
  await trx.raw('CREATE INDEX ?? ON ?? (deadline) WHERE closed_at IS NULL', [
    `${table}_open_idx`,
    table,
  ]);
}

type FinalCallEvent = FinalCallMade | BiddingClosed;

export const FINAL_CALL_EVENT_TYPES = ['FinalCallMade', 'BiddingClosed'] as const;

/**
 * One row per ad that had a final call. An ad closed early without one gets no row. Replays are
 * harmless: a final call is made once per ad (insert ignores a second copy) and closing only
 * fills empty columns.
 */
export const finalCallsProjection = defineProjection({
  name: 'final_calls',
  version: 1,
  handles: FINAL_CALL_EVENT_TYPES,
  tables: { final_calls: { create: createFinalCallsTable } },
  async handle(trx, recorded, tables) {
    const event = recorded as unknown as FinalCallEvent;
    switch (event.type) {
      case 'FinalCallMade':
        await trx(tables.final_calls)
          .insert({
            ad_id: event.data.adId,
            deadline: event.data.deadline,
            made_at: event.data.madeAt,
            final_call_event_id: recorded.metadata.eventId,
          })
          .onConflict('ad_id')
          .ignore();
        return;
      case 'BiddingClosed':
        await trx(tables.final_calls)
          .where({ ad_id: event.data.adId })
          .whereNull('closed_at')
          .update({ closed_at: event.data.closedAt, close_reason: event.data.reason });
        return;
      default: {
        const unexpected: never = event;
        throw new Error(`final_calls cannot handle ${JSON.stringify(unexpected)}`);
      }
    }
  },
});
