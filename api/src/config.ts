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
/**
 * Billing (issue #7): who sells, and the GST rate. Defaults are a demo supplier. The worker needs
 * them too: it starts the purchase of a slot offered to its winner.
 */
export const billingEnv = {
  SUPPLIER_NAME: z.string().min(1).default('Boli Marketplace Private Limited'),
  SUPPLIER_GSTIN: z
    .string()
    .regex(/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/, 'must be a 15-character GSTIN')
    .default('29AAACB1234C1Z5'),
  SUPPLIER_STATE: z.string().min(1).default('Karnataka'),
  SUPPLIER_ADDRESS: z.string().min(1).default('1 MG Road, Bengaluru, Karnataka 560001'),
  /** 1800 = 18 % GST: CGST 9 % + SGST 9 % within the state, IGST 18 % across states. */
  GST_RATE_BASIS_POINTS: z.coerce.number().int().min(0).max(10_000).default(1800),
};

export const sharedEnv = {
  ...billingEnv,
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
  /*
   * Payments (issue #7): Razorpay keys and URLs. The defaults are the sandbox gateway `npm start`
   * runs on PAYMENT_SANDBOX_PORT; production sets Razorpay's own keys, API and checkout script.
   */
  RAZORPAY_KEY_ID: z.string().min(1).default('rzp_test_boli_sandbox'),
  RAZORPAY_KEY_SECRET: z.string().min(1).default('boli-sandbox-key-secret'),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(1).default('boli-sandbox-webhook-secret'),
  /** Razorpay's API (https://api.razorpay.com) or the sandbox gateway. */
  RAZORPAY_API_URL: z.string().url().default('http://127.0.0.1:4020'),
  /** The script the web app loads (https://checkout.razorpay.com/v1/checkout.js in production). */
  RAZORPAY_CHECKOUT_SCRIPT_URL: z.string().url().default('http://localhost:4020/v1/checkout.js'),
  PAYMENT_SANDBOX_PORT: port.default(4020),
  /** Where the sandbox gateway delivers its webhooks: the api's webhook route. */
  PAYMENT_WEBHOOK_URL: z.string().url().default('http://127.0.0.1:3000/api/payments/webhook'),
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
    /**
     * How many proxies in front append to X-Forwarded-For (nginx: 1). Their entries, from the
     * right, give the client's address for the per-address limits; 0 (no proxy) ignores the
     * header, which a client could otherwise set to anything.
     */
    TRUSTED_PROXIES: z.coerce.number().int().min(0).max(10).default(0),
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
