import knex from 'knex';
import { START, type EventStore, type GlobalPosition } from '@boli/engine/eventStore/eventStore';
import { BUILDS } from '../builds.ts';
import type { Projection } from '../projection.ts';
import { startProjectionRunners } from '../runners.ts';
import { waitForProjections } from '../waitForProjections.ts';

async function head(store: EventStore): Promise<GlobalPosition> {
  let position = START;
  for (;;) {
    const page = await store.readAll(position, 1_000);
    const last = page[page.length - 1];
    if (!last) return position;
    position = last.position;
  }
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
    const target = await head(options.store);
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
