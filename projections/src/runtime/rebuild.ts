import type { EventStore } from '@boli/engine/eventStore/eventStore';
import { LIMITS } from '@boli/engine/shared/limits';
import { observedKnex, postgresOutageLog } from '@boli/engine/eventStore/postgres/outages';
import { describeBuild, loadBuild, requestRebuild, type Build } from './builds.ts';
import { startBuildWorker } from './buildWorker.ts';
import { consoleLogger, type RuntimeLogger } from './logger.ts';
import { assertValidProjection, type Projection } from './projection.ts';

export type RebuildOptions = {
  readonly databaseUrl: string;
  readonly store: EventStore;
  readonly projection: Projection;
  readonly logger?: RuntimeLogger;
  readonly batchSize?: number;
  /** Give up waiting after this long (the build carries on wherever a runner drives it). */
  readonly timeoutMs?: number;
  /**
   * Told where the build stands when it starts, then every `progressEveryMs`
   * (`LIMITS.rebuildProgressEveryMs`) till live.
   */
  readonly onProgress?: (build: Build) => void;
  readonly progressEveryMs?: number;
};

/**
 * Builds `projection` again from the start of the log into fresh tables while the live build keeps
 * serving, then swaps the views in one transaction and drops the old tables. This process drives
 * the build unless a projections process already holds its lock; either way it returns once the
 * new build is live.
 */
export async function rebuild(options: RebuildOptions): Promise<Build> {
  assertValidProjection(options.projection);
  const logger = options.logger ?? consoleLogger;
  const outages = postgresOutageLog(logger, 'rebuild');
  const db = observedKnex(
    { client: 'pg', connection: options.databaseUrl, pool: { min: 0, max: 4 } },
    outages,
  );
  try {
    const requested = await requestRebuild(db, options.projection);
    logger.info({ projection: describeBuild(requested) }, 'rebuilding projection');
    options.onProgress?.(requested);
    const worker = startBuildWorker(
      {
        db,
        databaseUrl: options.databaseUrl,
        store: options.store,
        logger,
        outages,
        batchSize: options.batchSize ?? 1_000,
        idlePollMs: 50,
        lockRetryMs: 250,
      },
      options.projection,
      requested,
    );
    const deadline = performance.now() + (options.timeoutMs ?? 60 * 60_000);
    const progressEveryMs = options.progressEveryMs ?? LIMITS.rebuildProgressEveryMs;
    let reportedAt = performance.now();
    try {
      for (;;) {
        const build = await loadBuild(db, requested);
        if (!build || build.status === 'retired') {
          throw new Error(
            `${describeBuild(requested)} was retired before it went live (a newer build replaced it)`,
          );
        }
        if (build.status === 'live') return build;
        if (performance.now() - reportedAt >= progressEveryMs) {
          reportedAt = performance.now();
          options.onProgress?.(build);
        }
        if (performance.now() > deadline)
          throw new Error(`${describeBuild(requested)} is not live yet; still building`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await worker.stop();
    }
  } finally {
    await db.destroy();
  }
}
