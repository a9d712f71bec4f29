import type { Knex } from 'knex';
import type { GlobalPosition } from '@boli/engine/eventStore/eventStore';
import { BUILDS } from './builds.ts';

/**
 * Read-your-writes: resolves `true` once the live build of every named projection has processed
 * the event at `position` (checkpoint ≥ position), or `false` when `timeoutMs` runs out first.
 * It never rejects for lag: the caller decides whether a stale read is acceptable.
 */
export async function waitForProjections(
  db: Knex,
  names: readonly string[],
  position: GlobalPosition,
  timeoutMs = 2_000,
): Promise<boolean> {
  const wanted = [...new Set(names)];
  if (wanted.length === 0) return true;
  const deadline = performance.now() + timeoutMs;
  for (let delay = 2; ; delay = Math.min(delay * 2, 10)) {
    const passed = await db(BUILDS)
      .where({ status: 'live' })
      .whereIn('name', wanted)
      .whereRaw('(checkpoint_commit, checkpoint_prepare) >= (?::numeric, ?::numeric)', [
        position.commit.toString(),
        position.prepare.toString(),
      ])
      .count<{ count: string }[]>('* as count');
    if (Number(passed[0]?.count ?? 0) === wanted.length) return true;
    const left = deadline - performance.now();
    if (left <= 0) return false;
    await new Promise((resolve) => setTimeout(resolve, Math.min(delay, left)));
  }
}
