import type { Knex } from 'knex';
import type { GlobalPosition } from '@boli/engine/eventStore/eventStore';
import { BUILDS, type BuildKey } from './builds.ts';
import { ANNOUNCEMENT_SEPARATOR, CHECKPOINT_CHANNEL } from './checkpointListener.ts';
import { preparedQuery } from './preparedQuery.ts';

/** A build that read events it does not handle moves its checkpoint `from` → `to`, nothing else. */
export type CheckpointMove = {
  readonly key: BuildKey;
  readonly from: GlobalPosition;
  readonly to: GlobalPosition;
  readonly recordedAt: Date;
};

/** Resolves true once moved; false when the build is retired or its checkpoint is not at `from`. */
export type MoveCheckpoint = (move: CheckpointMove) => Promise<boolean>;

const idOf = ({ name, version, build }: BuildKey) => `${name}:${version}:${build}`;

/**
 * Checkpoint-only moves of one process, written together. The builds of a process are woken by
 * the same hint and read the same events, so most of them learn in the same turn of the event
 * loop that the new events are none of theirs: one UPDATE moves all their checkpoints instead of
 * one each. Every row keeps its own guard (not retired, checkpoint where its worker left it), and
 * the live builds moved are announced in one notice (a notice wakes every listening backend).
 */
export function checkpointWriter(db: Knex): MoveCheckpoint {
  let pending: { move: CheckpointMove; resolve(moved: boolean): void; reject(e: unknown): void }[] =
    [];

  async function flush(): Promise<void> {
    const batch = pending;
    pending = [];
    try {
      // One statement text whatever the number of moves (arrays, not a VALUES list): prepared,
      // it is planned once per connection rather than on every flush.
      const rows = await preparedQuery<{ id: string; announced: unknown }>(
        db,
        `WITH moved AS (
           UPDATE ${BUILDS} b SET checkpoint_commit = v.to_commit, checkpoint_prepare = v.to_prepare,
             last_event_recorded_at = v.recorded_at, updated_at = now(), last_error = NULL
           FROM unnest(?::text[], ?::int[], ?::int[], ?::numeric[], ?::numeric[], ?::numeric[],
                       ?::numeric[], ?::timestamptz[])
             AS v(name, version, build, from_commit, from_prepare, to_commit, to_prepare, recorded_at)
           WHERE b.name = v.name AND b.version = v.version AND b.build = v.build
             AND b.status <> 'retired'
             AND b.checkpoint_commit = v.from_commit AND b.checkpoint_prepare = v.from_prepare
           RETURNING b.name || ':' || b.version || ':' || b.build AS id, b.status,
             b.name || ' ' || v.to_commit || '.' || v.to_prepare AS announcement
         ), announced AS (
           -- One notice for every live build moved: each notice wakes every listener.
           SELECT pg_notify('${CHECKPOINT_CHANNEL}', string_agg(announcement, '${ANNOUNCEMENT_SEPARATOR}'))
             FROM moved WHERE status = 'live' HAVING count(*) > 0
         )
         SELECT id, (SELECT count(*) FROM announced) AS announced FROM moved`,
        [
          batch.map(({ move }) => move.key.name),
          batch.map(({ move }) => move.key.version),
          batch.map(({ move }) => move.key.build),
          batch.map(({ move }) => move.from.commit.toString()),
          batch.map(({ move }) => move.from.prepare.toString()),
          batch.map(({ move }) => move.to.commit.toString()),
          batch.map(({ move }) => move.to.prepare.toString()),
          batch.map(({ move }) => move.recordedAt),
        ],
      );
      const moved = new Set(rows.map((row) => row.id));
      for (const { move, resolve } of batch) resolve(moved.has(idOf(move.key)));
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  }

  return (move) =>
    new Promise<boolean>((resolve, reject) => {
      if (pending.length === 0) setImmediate(() => void flush());
      pending.push({ move, resolve, reject });
    });
}
