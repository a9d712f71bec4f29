import type { Knex } from 'knex';
import { defineProjection } from '../runtime/projection.ts';
import { ENTITLEMENT_EVENT_TYPES, entitlementGrantedBy } from './entitlements.evolve.ts';

async function createEntitlementsTable(trx: Knex.Transaction, table: string): Promise<void> {
  await trx.schema.createTable(table, (t) => {
    t.text('source_event_id').primary();
    t.text('user_id').notNullable();
    t.text('kind').notNullable();
    t.timestamp('starts_at', { useTz: true }).notNullable();
    /** Null: a lifetime entitlement. */
    t.timestamp('ends_at', { useTz: true });
    t.index(['user_id', 'starts_at'], `${table}_user_idx`);
  });
  await trx.raw(`ALTER TABLE ?? ADD CONSTRAINT ?? CHECK (kind IN ('trial', 'subscription'))`, [
    table,
    `${table}_kind_check`,
  ]);
}

/**
 * One row per entitlement (a trial, or a paid subscription), keyed by the id of
 * the event that granted it: a replayed event hits the same key and changes nothing.
 */
export const entitlementsProjection = defineProjection({
  name: 'entitlements',
  version: 2,
  handles: ENTITLEMENT_EVENT_TYPES,
  tables: { entitlements: { create: createEntitlementsTable } },
  async handleBatch(trx, events, tables) {
    const rows = events.flatMap((event) => {
      const granted = entitlementGrantedBy(event);
      if (granted === undefined) return [];
      return [
        {
          source_event_id: granted.sourceEventId,
          user_id: granted.userId,
          kind: granted.kind,
          starts_at: granted.startsAt,
          ends_at: granted.endsAt,
        },
      ];
    });
    if (rows.length === 0) return;
    await trx(tables.entitlements).insert(rows).onConflict('source_event_id').ignore();
  },
});
