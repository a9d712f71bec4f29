import type { Knex } from 'knex';
import type { GlobalPosition } from '@boli/engine/eventStore/eventStore';
import { BUILDS } from '../runtime/builds.ts';
import { finalCallsProjection } from './finalCalls.projection.ts';

/** A final call whose deadline has not closed bidding yet (in the log as this read model knows it). */
export type OpenFinalCall = {
  readonly adId: string;
  /** ISO-8601. */
  readonly deadline: string;
  readonly finalCallEventId: string;
};

const FINAL_CALLS = 'final_calls';

type Stored = { ad_id: string; deadline: Date; final_call_event_id: string };

const toOpen = (row: Stored): OpenFinalCall => ({
  adId: row.ad_id,
  deadline: new Date(row.deadline).toISOString(),
  finalCallEventId: row.final_call_event_id,
});

/** Open final calls, soonest deadline first. */
export async function openFinalCalls(db: Knex | Knex.Transaction): Promise<OpenFinalCall[]> {
  const rows: Stored[] = await db(FINAL_CALLS)
    .select('ad_id', 'deadline', 'final_call_event_id')
    .whereNull('closed_at')
    .orderBy([{ column: 'deadline' }, { column: 'ad_id' }]);
  return rows.map(toOpen);
}

/**
 * The open final calls together with the log position they are true at (the live build's
 * checkpoint), read in one snapshot: a follower of the log from `position` misses no final call.
 * Before the read model's first build is live: nothing, from the start of the log.
 */
export async function openFinalCallsWithPosition(
  db: Knex,
): Promise<{ finalCalls: OpenFinalCall[]; position: GlobalPosition }> {
  return db.transaction(
    async (trx) => {
      const build: { checkpoint_commit: string; checkpoint_prepare: string } | undefined =
        await trx(BUILDS)
          .where({ name: finalCallsProjection.name, status: 'live' })
          .first('checkpoint_commit', 'checkpoint_prepare');
      if (build === undefined) {
        return { finalCalls: [], position: { commit: 0n, prepare: 0n } };
      }
      return {
        finalCalls: await openFinalCalls(trx),
        position: {
          commit: BigInt(build.checkpoint_commit),
          prepare: BigInt(build.checkpoint_prepare),
        },
      };
    },
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}
