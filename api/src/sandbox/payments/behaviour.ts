import type { Knex } from 'knex';
import { z } from 'zod';

/**
 * How the sandbox gateway misbehaves on purpose, set by tests and demos through
 * `POST /sandbox/behaviour`. Kept in one row so every sandbox process on the database agrees.
 */
export type Behaviour = {
  /** The next n payments fail whatever the customer chooses. */
  failNextPayments: number;
  /** Webhooks wait this long before their first delivery attempt. */
  webhookDelayMs: number;
  /** Each webhook is delivered this many times, with the same event id (2 = twice). */
  webhookCopies: number;
  /** Webhooks are recorded but never sent. */
  dropWebhooks: boolean;
  /** Where webhooks go instead of the configured PAYMENT_WEBHOOK_URL. */
  webhookUrl: string | null;
};

export const defaultBehaviour: Behaviour = {
  failNextPayments: 0,
  webhookDelayMs: 0,
  webhookCopies: 1,
  dropWebhooks: false,
  webhookUrl: null,
};

export const behaviourPatch = z.object({
  failNextPayments: z.number().int().min(0).max(1000).optional(),
  webhookDelayMs: z.number().int().min(0).max(600_000).optional(),
  webhookCopies: z.number().int().min(1).max(10).optional(),
  dropWebhooks: z.boolean().optional(),
  webhookUrl: z.string().url().nullable().optional(),
});

const TABLE = 'sandbox_gateway_behaviour';

const toColumns = (b: Partial<Behaviour>) => ({
  fail_next_payments: b.failNextPayments,
  webhook_delay_ms: b.webhookDelayMs,
  webhook_copies: b.webhookCopies,
  drop_webhooks: b.dropWebhooks,
  webhook_url: b.webhookUrl,
});

export async function readBehaviour(db: Knex): Promise<Behaviour> {
  const row = await db(TABLE).where({ id: 1 }).first();
  if (!row) return defaultBehaviour;
  return {
    failNextPayments: row.fail_next_payments,
    webhookDelayMs: row.webhook_delay_ms,
    webhookCopies: row.webhook_copies,
    dropWebhooks: row.drop_webhooks,
    webhookUrl: row.webhook_url,
  };
}

/** Changes the named settings, keeping the others. */
export async function changeBehaviour(
  db: Knex,
  patch: z.infer<typeof behaviourPatch>,
): Promise<Behaviour> {
  const current = await readBehaviour(db);
  const next = { ...current, ...patch };
  await db(TABLE)
    .insert({ id: 1, ...toColumns(next) })
    .onConflict('id')
    .merge();
  return next;
}

export async function resetBehaviour(db: Knex): Promise<Behaviour> {
  await db(TABLE)
    .insert({ id: 1, ...toColumns(defaultBehaviour) })
    .onConflict('id')
    .merge();
  return defaultBehaviour;
}

/**
 * Uses up one of the "fail next n payments", atomically, so two payments at once never both take
 * the last one. True when this payment must fail.
 */
export async function takeForcedFailure(db: Knex): Promise<boolean> {
  const taken = await db(TABLE)
    .where({ id: 1 })
    .andWhere('fail_next_payments', '>', 0)
    .decrement('fail_next_payments', 1)
    .returning('id');
  return taken.length > 0;
}
