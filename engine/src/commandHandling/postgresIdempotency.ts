import type { Knex } from 'knex';
import type { Migration } from '../shared/migration.ts';
import {
  IdempotencyKeyReusedError,
  type CommandOutcome,
  type IdempotencyStore,
} from './idempotency.ts';

const TABLE = 'command_outcomes';

/** The table behind `createPostgresIdempotencyStore`. */
export const idempotencyMigration: Migration = {
  name: 'engine_0100_command_outcomes',
  async up(knex) {
    await knex.schema.createTable(TABLE, (table) => {
      table.text('idempotency_key').primary();
      table.text('fingerprint').notNullable();
      table.jsonb('outcome');
      table.timestamp('lease_until', { useTz: true }).notNullable();
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
      table.timestamp('completed_at', { useTz: true });
    });
    await knex.schema.raw(`CREATE INDEX ${TABLE}_created_at ON ${TABLE} (created_at)`);
  },
  async down(knex) {
    await knex.schema.dropTableIfExists(TABLE);
  },
};

type Row = { fingerprint: string; outcome: CommandOutcome | null };

/** Answers kept in PostgreSQL, shared by every api replica. Leases use the database's clock. */
export function createPostgresIdempotencyStore(db: Knex): IdempotencyStore {
  return {
    async claim(key, fingerprint, leaseMs) {
      for (;;) {
        // New key, or a claim whose owner died before answering (same request only): ours now.
        const claimed = await db.raw<{ rows: unknown[] }>(
          `INSERT INTO ${TABLE} (idempotency_key, fingerprint, lease_until)
           VALUES (?, ?, now() + ? * interval '1 millisecond')
           ON CONFLICT (idempotency_key) DO UPDATE SET lease_until = EXCLUDED.lease_until
             WHERE ${TABLE}.outcome IS NULL AND ${TABLE}.lease_until < now()
               AND ${TABLE}.fingerprint = EXCLUDED.fingerprint
           RETURNING 1`,
          [key, fingerprint, leaseMs],
        );
        if (claimed.rows.length > 0) return { status: 'claimed' };
        const row = (await db(TABLE)
          .where({ idempotency_key: key })
          .first('fingerprint', 'outcome')) as Row | undefined;
        if (!row) continue; // released between the two statements: try to claim again
        if (row.fingerprint !== fingerprint) throw new IdempotencyKeyReusedError(key);
        if (row.outcome) return { status: 'completed', outcome: row.outcome };
        return { status: 'in-progress' };
      }
    },
    async complete(key, outcome) {
      await db(TABLE)
        .where({ idempotency_key: key })
        .whereNull('outcome')
        .update({ outcome: JSON.stringify(outcome), completed_at: db.fn.now() });
    },
    async release(key) {
      await db(TABLE).where({ idempotency_key: key }).whereNull('outcome').delete();
    },
  };
}

/** Forgets answers older than `olderThanMs`; run from a periodic job. Returns how many went. */
export async function pruneCommandOutcomes(db: Knex, olderThanMs: number): Promise<number> {
  return db(TABLE)
    .where('created_at', '<', db.raw(`now() - ? * interval '1 millisecond'`, [olderThanMs]))
    .delete();
}
