import knex, { type Knex } from 'knex';
import { START, type EventStore, type GlobalPosition } from '@boli/engine/eventStore/eventStore';
import { BUILDS } from '../builds.ts';
import type { Projection } from '../projection.ts';
import { startProjectionRunners } from '../runners.ts';
import { waitForProjections } from '../waitForProjections.ts';

/**
 * The last committed event of the log. Not found with `readAll`: that only reads below the oldest
 * transaction running anywhere on the server, so a busy shared server would make it stop short.
 */
async function head(db: Knex): Promise<GlobalPosition> {
  const last = await db('event_store_events')
    .select(db.raw('transaction_id::text AS commit'), 'position')
    .orderBy([
      { column: 'transaction_id', order: 'desc' },
      { column: 'position', order: 'desc' },
    ])
    .first<{ commit: string; position: string } | undefined>();
  return last ? { commit: BigInt(last.commit), prepare: BigInt(last.position) } : START;
}

/**
 * For read models' integration tests: runs `projection` until it has processed everything in the
 * log, then stops. With `replay`, first moves its checkpoint back to the start, so the whole log
 * is applied a second time over the existing rows (the "replay twice, nothing changes" check).
 */
export async function catchUp(options: {
  databaseUrl: string;
  store: EventStore;
  projection: Projection;
  replay?: boolean;
  timeoutMs?: number;
}): Promise<void> {
  const db = knex({ client: 'pg', connection: options.databaseUrl, pool: { min: 0, max: 2 } });
  try {
    if (options.replay) {
      await db(BUILDS)
        .where({ name: options.projection.name, status: 'live' })
        .update({ checkpoint_commit: 0, checkpoint_prepare: 0 });
    }
    const target = await head(db);
    const runners = await startProjectionRunners({
      databaseUrl: options.databaseUrl,
      store: options.store,
      projections: [options.projection],
      wakeUp: false,
      idlePollMs: 10,
    });
    try {
      const timeoutMs = options.timeoutMs ?? 20_000;
      if (!(await waitForProjections(db, [options.projection.name], target, timeoutMs))) {
        throw new Error(`${options.projection.name} did not catch up within ${timeoutMs} ms`);
      }
    } finally {
      await runners.stop();
    }
  } finally {
    await db.destroy();
  }
}
