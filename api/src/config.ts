import { z } from 'zod';

/** Thrown with every problem of the environment at once, so one restart fixes them all. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const DEV_JWT_SECRET = 'boli-development-secret-change-me-0123456789';

const port = z.coerce.number().int().min(0).max(65535);

/** Settings every process shares. Email and SMS default to the sandboxes `npm start` runs. */
export const sharedEnv = {
  SMTP_URL: z.string().url().default('smtp://127.0.0.1:2525'),
  MAIL_FROM: z.string().default('Boli <no-reply@boli.example>'),
  SMS_GATEWAY_URL: z.string().url().default('http://127.0.0.1:4010/sms'),
  SMS_API_KEY: z.string().min(1).default('sandbox-sms-key'),
  /** BullMQ key prefix: processes of one deployment share it, tests each get their own. */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[\w-]+$/)
    .default('boli'),
  /** Uploaded pictures, re-encoded (local-disk media storage; served at /media/<name>). */
  MEDIA_DIR: z
    .string()
    .min(1)
    .default(decodeURIComponent(new URL('../../.boli/media', import.meta.url).pathname)),
};

/** The api process's environment. README's configuration table lists the same variables. */
export const apiEnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: port.default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z.string().url(),
    REDIS_URL: z.string().url(),
    EVENT_STORE: z.enum(['postgres', 'kurrentdb']).default('postgres'),
    KURRENTDB_URL: z.string().optional(),
    JWT_SECRET: z.string().min(32).default(DEV_JWT_SECRET),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    WEB_DIST_DIR: z.string().optional(),
    PUBLIC_URL: z.string().url().default('http://localhost:3000'),
    ...sharedEnv,
  })
  .superRefine((env, ctx) => {
    if (env.EVENT_STORE === 'kurrentdb' && !env.KURRENTDB_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['KURRENTDB_URL'],
        message: 'required when EVENT_STORE=kurrentdb',
      });
    }
    if (env.NODE_ENV === 'production' && env.JWT_SECRET === DEV_JWT_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['JWT_SECRET'], message: 'must be set in production' });
    }
  });

export type ApiConfig = z.infer<typeof apiEnvSchema>;

/** Parses an environment once at start-up; throws ConfigError naming every problem. */
export function parseEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map(
      (issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`,
    ),
  );
}

export const loadApiConfig = (env: NodeJS.ProcessEnv = process.env): ApiConfig =>
  parseEnv(apiEnvSchema, env);
