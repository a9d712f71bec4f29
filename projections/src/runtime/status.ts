import type { Knex } from 'knex';
import { formatPosition, type EventStore } from '@boli/engine/eventStore/eventStore';
import { listBuilds, type BuildStatus } from './builds.ts';

export type ProjectionStatus = {
  readonly name: string;
  readonly version: number;
  readonly build: number;
  readonly status: BuildStatus;
  /** `formatPosition` of the last event processed. */
  readonly checkpoint: string;
  /** Events in the log after the checkpoint, counted up to `countLimit`. */
  readonly eventsBehind: number;
  /** True when `eventsBehind` hit `countLimit`: at least that many. */
  readonly eventsBehindIsLowerBound: boolean;
  /** How long the oldest unprocessed event has been waiting (0 when caught up). */
  readonly lagMs: number;
  readonly eventsHandled: number;
  readonly lastEventRecordedAt: Date | null;
  readonly updatedAt: Date;
  readonly lastError: string | null;
};

/**
 * Every projection build not yet retired (live ones, and any building beside them) with how far
 * behind the log it is. For /healthz and the lag metric.
 */
export async function projectionStatus(
  db: Knex,
  store: EventStore,
  { countLimit = 1_000, now = new Date() }: { countLimit?: number; now?: Date } = {},
): Promise<ProjectionStatus[]> {
  const builds = await listBuilds(db);
  return Promise.all(
    builds.map(async (build) => {
      const pending = await store.readAll(build.checkpoint, countLimit);
      const oldest = pending[0];
      return {
        name: build.name,
        version: build.version,
        build: build.build,
        status: build.status,
        checkpoint: formatPosition(build.checkpoint),
        eventsBehind: pending.length,
        eventsBehindIsLowerBound: pending.length >= countLimit,
        lagMs: oldest ? Math.max(0, now.getTime() - oldest.recordedAt.getTime()) : 0,
        eventsHandled: build.eventsHandled,
        lastEventRecordedAt: build.lastEventRecordedAt,
        updatedAt: build.updatedAt,
        lastError: build.lastError,
      };
    }),
  );
}
