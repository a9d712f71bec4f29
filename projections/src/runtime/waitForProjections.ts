import type { Knex } from 'knex';
import type { GlobalPosition } from '@boli/engine/eventStore/eventStore';
import { BUILDS } from './builds.ts';
import { SHARED_READ_MS, watchCheckpoints } from './checkpointListener.ts';

/** While listening, a waiter checks this often that announcements are still heard. */
const LISTENING_RECHECK_MS = 250;
/** Polls without announcements (the listening connection is opening or lost): 2, 4, 8, 10… ms. */
const POLL_ALONE_MAX_MS = 10;

const sleep = (ms: number) => new Promise<'slept'>((resolve) => setTimeout(resolve, ms, 'slept'));

async function caughtUp(
  db: Knex,
  wanted: readonly string[],
  position: GlobalPosition,
): Promise<boolean> {
  const passed = await db(BUILDS)
    .where({ status: 'live' })
    .whereIn('name', wanted)
    .whereRaw('(checkpoint_commit, checkpoint_prepare) >= (?::numeric, ?::numeric)', [
      position.commit.toString(),
      position.prepare.toString(),
    ])
    .count<{ count: string }[]>('* as count');
  return Number(passed[0]?.count ?? 0) === wanted.length;
}

/**
 * Read-your-writes: resolves `true` once the live build of every named projection has processed
 * the event at `position` (checkpoint ≥ position), or `false` when `timeoutMs` runs out first.
 * It never rejects for lag: the caller decides whether a stale read is acceptable.
 *
 * The live builds announce each committed checkpoint (`checkpointListener.ts`), so a waiter
 * usually answers the moment the batch with its event commits, without a query of its own; the
 * listening connection also reads the table now and then for all waiters at once (one may be
 * missed: a build that just went live has announced nothing yet). While announcements are not
 * heard, each waiter polls the table itself.
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
  // Watch before the first read: an announcement between the two is not missed.
  const watch = watchCheckpoints(db, wanted, position);
  let announced = false;
  void watch.passed.then(() => (announced = true));
  // A caller who gives no time for the shared read of the table gets a look of its own.
  let look = !watch.listening() || timeoutMs < SHARED_READ_MS;
  try {
    for (let delay = 2; ; delay = Math.min(delay * 2, POLL_ALONE_MAX_MS)) {
      if (announced || (look && (await caughtUp(db, wanted, position)))) return true;
      const left = deadline - performance.now();
      if (left <= 0) return false;
      // Listening, the announcement (or the shared read) ends the wait; whether announcements
      // are still heard is checked every so often.
      const pause = Math.min(left, watch.listening() ? LISTENING_RECHECK_MS : delay);
      if ((await Promise.race([watch.passed, sleep(pause)])) !== 'slept') return true;
      look = !watch.listening();
    }
  } finally {
    watch.cancel();
  }
}
