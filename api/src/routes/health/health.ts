import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import { LIMITS } from '@boli/engine/shared/limits';

export type ProjectionHealth = { name: string; version: number; lagEvents: number; lagMs: number };

export type Health = {
  ok: boolean;
  postgres: { ok: boolean; error?: string };
  redis: { ok: boolean; error?: string };
  projections: ProjectionHealth[];
  /** What is down, in words, for the 503 message. */
  down: string[];
};

const within = <T>(ms: number, promise: Promise<T>): Promise<T> =>
  Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms),
    ),
  ]);

async function probe(check: () => Promise<unknown>): Promise<{ ok: boolean; error?: string }> {
  try {
    await within(1500, check());
    return { ok: true };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

export async function checkHealth(deps: {
  db: Knex;
  redis: Redis;
  projectionStatus: () => Promise<ProjectionHealth[]>;
}): Promise<Health> {
  const [postgres, redis] = await Promise.all([
    probe(() => deps.db.raw('select 1')),
    probe(() => deps.redis.ping()),
  ]);
  const projections = postgres.ok ? await deps.projectionStatus().catch(() => []) : [];
  const stale = staleReadModels(projections);
  const down = [
    ...(postgres.ok ? [] : ['PostgreSQL']),
    ...(redis.ok ? [] : ['Redis']),
    ...(stale ? [stale] : []),
  ];
  return { ok: down.length === 0, postgres, redis, projections, down };
}

/**
 * The read models too far behind the log (`LIMITS.readModelDownAfterMs`), in words, or null: their
 * runner has stopped or is stuck, so answers wait for them and lists miss what was done.
 */
function staleReadModels(projections: readonly ProjectionHealth[]): string | null {
  const stale = projections.filter((p) => p.lagMs > LIMITS.readModelDownAfterMs);
  if (stale.length === 0) return null;
  const seconds = Math.round(Math.max(...stale.map((p) => p.lagMs)) / 1000);
  return `read models ${stale.map((p) => p.name).join(', ')} (${seconds} s behind)`;
}
