import { z } from 'zod';
import { sharedEnv, parseEnv } from '@boli/api/config';

/** The worker and projections processes' environment (the api has its own, in api/src/config.ts). */
export const workerEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: z.string().url(),
  REDIS_URL: z.string().url(),
  EVENT_STORE: z.enum(['postgres', 'kurrentdb']).default('postgres'),
  KURRENTDB_URL: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  ...sharedEnv,
});

export type WorkerConfig = z.infer<typeof workerEnvSchema>;

export const loadWorkerConfig = (env: NodeJS.ProcessEnv = process.env): WorkerConfig =>
  parseEnv(workerEnvSchema, env);
