import type { EventStore } from '@boli/engine/eventStore/eventStore';
import type { Projection } from '../projection.ts';
import { catchUp } from './catchUp.ts';

/**
 * `catchUp` for each of a test's read models, one after another (each follows only the log).
 * With `replay`, each applies the whole log a second time over its rows.
 */
export async function catchUpAll(options: {
  databaseUrl: string;
  store: EventStore;
  projections: readonly Projection[];
  replay?: boolean;
}): Promise<void> {
  const { projections, ...rest } = options;
  for (const projection of projections) await catchUp({ ...rest, projection });
}
