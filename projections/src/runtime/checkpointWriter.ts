import type { Knex } from 'knex';
import type { GlobalPosition } from '@boli/engine/eventStore/eventStore';
import { BUILDS, type BuildKey } from './builds.ts';
import { CHECKPOINT_CHANNEL } from './checkpointListener.ts';

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
 * one each. Every row keeps its own guard (not retired, checkpoint where its worker left it) and
 * a live build announces its new checkpoint, as `applyBatch` does.
 */
export function checkpointWriter(db: Knex): MoveCheckpoint {
  let pending: { move: CheckpointMove; resolve(moved: boolean): void; reject(e: unknown): void }[] =
    [];

  async function flush(): Promise<void> {
    const batch = pending;
    pending = [];
    try {
      const { rows } = await db.raw<{ rows: { id: string }[] }>(
        `UPDATE ${BUILDS} b SET checkpoint_commit = v.to_commit, checkpoint_prepare = v.to_prepare,
           last_event_recorded_at = v.recorded_at, updated_at = now(), last_error = NULL
         FROM (VALUES ${batch.map(() => '(?, ?::int, ?::int, ?::numeric, ?::numeric, ?::numeric, ?::numeric, ?::timestamptz)').join(', ')})
           AS v(name, version, build, from_commit, from_prepare, to_commit, to_prepare, recorded_at)
         WHERE b.name = v.name AND b.version = v.version AND b.build = v.build
           AND b.status <> 'retired'
           AND b.checkpoint_commit = v.from_commit AND b.checkpoint_prepare = v.from_prepare
         RETURNING b.name || ':' || b.version || ':' || b.build AS id,
           CASE WHEN b.status = 'live'
             THEN pg_notify('${CHECKPOINT_CHANNEL}', b.name || ' ' || v.to_commit || '.' || v.to_prepare)
           END`,
        batch.flatMap(({ move }) => [
          move.key.name,
          move.key.version,
          move.key.build,
          move.from.commit.toString(),
          move.from.prepare.toString(),
          move.to.commit.toString(),
          move.to.prepare.toString(),
          move.recordedAt,
        ]),
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
