import type { Knex } from 'knex';
import { webhookSignature } from '../../payments/gateway/signatures.ts';

/** After this many failed attempts a webhook is given up (`failed`). */
export const MAX_ATTEMPTS = 10;
const MAX_BACKOFF_MS = 60_000;
/** Longest sleep between looks at the outbox: also how soon another process's webhooks go out. */
const IDLE_POLL_MS = 1_000;
/** A claimed webhook is not claimed again for this long, so a crash mid-send only delays it. */
const CLAIM_SECONDS = 30;
const SEND_TIMEOUT_MS = 5_000;

/** Wait before attempt n+1 after n failures: base · 2^(n−1), at most a minute. */
export const backoffMs = (failures: number, baseMs: number): number =>
  Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, failures - 1));

export type WebhookDelivery = {
  /** Look at the outbox now (a webhook was just recorded). */
  kick(): void;
  stop(): Promise<void>;
};

type Claimed = { id: string; event_id: string; url: string; body: string; attempts: number };

/**
 * Sends the webhook outbox: signed POSTs (`X-Razorpay-Signature`, `X-Razorpay-Event-Id`), any 2xx
 * is delivered, anything else is tried again with exponential backoff. Webhooks left pending by a
 * stopped sandbox are sent when one starts again.
 */
export function startWebhookDelivery(options: {
  db: Knex;
  webhookSecret: string;
  retryBaseMs: number;
  onError?: (error: unknown) => void;
}): WebhookDelivery {
  const { db } = options;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  async function claimDue(): Promise<Claimed[]> {
    const { rows } = await db.raw(
      `UPDATE sandbox_gateway_webhooks
          SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ?)
        WHERE id IN (SELECT id FROM sandbox_gateway_webhooks
                      WHERE status = 'pending' AND next_attempt_at <= now()
                      ORDER BY id LIMIT 20 FOR UPDATE SKIP LOCKED)
      RETURNING id, event_id, url, body, attempts`,
      [CLAIM_SECONDS],
    );
    return rows as Claimed[];
  }

  async function send(webhook: Claimed): Promise<void> {
    let status: number;
    try {
      const response = await fetch(webhook.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Razorpay-Webhook/v1 (Boli sandbox)',
          'x-razorpay-event-id': webhook.event_id,
          'x-razorpay-signature': webhookSignature(webhook.body, options.webhookSecret),
        },
        body: webhook.body,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      status = response.status;
      await response.body?.cancel();
    } catch {
      status = 0; // no answer: refused, reset or timed out
    }
    const delivered = status >= 200 && status < 300;
    const update = delivered
      ? { status: 'delivered', delivered_at: db.fn.now() }
      : webhook.attempts >= MAX_ATTEMPTS
        ? { status: 'failed' }
        : {
            next_attempt_at: db.raw(`now() + make_interval(secs => ?)`, [
              backoffMs(webhook.attempts, options.retryBaseMs) / 1000,
            ]),
          };
    await db('sandbox_gateway_webhooks')
      .where({ id: webhook.id })
      .update({ ...update, last_response_status: status });
  }

  /** Milliseconds until the next pending webhook is due (capped at the idle poll). */
  async function nextWait(): Promise<number> {
    const { rows } = await db.raw(
      `SELECT EXTRACT(EPOCH FROM (min(next_attempt_at) - now())) * 1000 AS wait
         FROM sandbox_gateway_webhooks WHERE status = 'pending'`,
    );
    const wait = rows[0]?.wait;
    return wait === null || wait === undefined
      ? IDLE_POLL_MS
      : Math.min(IDLE_POLL_MS, Math.max(0, Math.ceil(Number(wait))));
  }

  async function round(): Promise<void> {
    let wait = IDLE_POLL_MS;
    try {
      const due = await claimDue();
      await Promise.all(due.map(send));
      wait = due.length > 0 ? 0 : await nextWait();
    } catch (error) {
      if (!stopped) options.onError?.(error);
    }
    if (again) wait = 0;
    again = false;
    if (!stopped) schedule(wait);
  }

  function schedule(ms: number) {
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = round().finally(() => (running = undefined));
    }, ms);
    timer.unref();
  }

  schedule(0);
  return {
    kick() {
      if (stopped) return;
      if (running) again = true;
      else schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
