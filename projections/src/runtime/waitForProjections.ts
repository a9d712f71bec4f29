import type { Knex } from 'knex';
import type { GlobalPosition } from '@boli/engine/eventStore/eventStore';
import { BUILDS } from './builds.ts';
import { watchCheckpoints } from './checkpointListener.ts';

/** Polls while the checkpoint announcements are heard: only a safety net for a missed one. */
const POLL_WHILE_LISTENING_MS = 50;
/** Polls without them (the listening connection is opening or lost): 2, 4, 8, 10, 10… ms. */
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
 * usually answers the moment the batch with its event commits, without a query; the table is
 * still polled, slowly while announcements are heard (one may be missed: a build that just went
 * live has announced nothing yet), quickly while they are not.
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
  // While announcements are heard, one that is not yet in is a batch still to commit: a query
  // now would find nothing, so the first look at the table waits like the later ones (unless
  // the caller gives no time for a later one).
  let look = !watch.listening() || timeoutMs < POLL_WHILE_LISTENING_MS;
  try {
    for (let delay = 2; ; delay = Math.min(delay * 2, POLL_ALONE_MAX_MS)) {
      if (announced || (look && (await caughtUp(db, wanted, position)))) return true;
      look = true;
      const left = deadline - performance.now();
      if (left <= 0) return false;
      const pause = watch.listening() ? POLL_WHILE_LISTENING_MS : delay;
      if ((await Promise.race([watch.passed, sleep(Math.min(pause, left))])) !== 'slept') {
        return true;
      }
    }
  } finally {
    watch.cancel();
  }
}
