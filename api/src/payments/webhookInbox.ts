import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { DomainError } from '@boli/engine/shared/decider';
import type { Migration } from '@boli/engine/shared/migration';
import { LIMITS } from '@boli/engine/shared/limits';
import { findPurchaseByOrderId } from '@boli/projections/billing/purchases.queries';
import { parseWebhook, type GatewayWebhook } from './gateway/webhooks.ts';
import type { GatewayPayment } from './gateway/port.ts';
import { loadPurchase, runPurchaseCommand, systemMetadata } from './purchaseStore.ts';
import { recordGatewayPayment, settlePurchase, type BillingDeps } from './settlement.ts';

/*
 * Webhooks are answered as soon as they are safely stored: the route verifies the signature and
 * inserts the delivery here, keyed by the provider's event id, so a redelivered event is one row.
 * Processing happens after the answer — kicked at once in the receiving process, and swept by the
 * worker for anything left (a crash, the gateway unreachable, a capture whose order is not yet
 * recorded). Not a projection: it is input from outside, and nothing can rebuild it.
 */

const INBOX = 'payment_webhook_inbox';

export const webhookInboxMigration: Migration = {
  name: '20261126_0100_payment_webhook_inbox',
  async up(knex) {
    await knex.schema.raw(`
      CREATE TABLE ${INBOX} (
        event_id text PRIMARY KEY,
        event_type text NOT NULL,
        body text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        processed_at timestamptz,
        outcome text CHECK (outcome IN ('recorded', 'unknownOrder', 'rejected', 'ignored')),
        last_error text
      );
      CREATE INDEX ${INBOX}_due ON ${INBOX} (next_attempt_at) WHERE processed_at IS NULL;
    `);
  },
  async down(knex) {
    await knex.schema.dropTable(INBOX);
  },
};

export type WebhookDelivery = { eventId: string; eventType: string; body: string };

const rowOf = (delivery: WebhookDelivery) => {
  // Without the provider's event id header the id comes from the body, as `parseWebhook` does.
  const eventId =
    delivery.eventId.trim() || `body_${createHash('sha256').update(delivery.body).digest('hex')}`;
  return {
    event_id: eventId.slice(0, 200),
    event_type: delivery.eventType.slice(0, 100),
    body: delivery.body,
  };
};

/** Stores deliveries in one statement; for each, whether it was new. */
async function storeWebhooks(db: Knex, deliveries: readonly WebhookDelivery[]): Promise<boolean[]> {
  const rows = deliveries.map(rowOf);
  // One row per event id within the statement: ON CONFLICT cannot touch a row twice.
  const unique = [...new Map(rows.map((row) => [row.event_id, row])).values()];
  const inserted: { event_id: string }[] = await db(INBOX)
    .insert(unique)
    .onConflict('event_id')
    .ignore()
    .returning('event_id');
  const fresh = new Set(inserted.map((row) => row.event_id));
  // A repeated id in one batch is new only for its first delivery.
  return rows.map((row) => fresh.delete(row.event_id));
}

/**
 * Group commit for the webhook route: deliveries arriving while a statement is in flight are
 * stored together by the next one, so a burst of webhooks costs a few transactions rather than
 * one each. Each caller is answered only once its row is committed.
 */
export function webhookBatcher(db: Knex): (delivery: WebhookDelivery) => Promise<boolean> {
  type Waiting = {
    delivery: WebhookDelivery;
    resolve(fresh: boolean): void;
    reject(error: unknown): void;
  };
  let queue: Waiting[] = [];
  let flushing = false;
  const flush = async (): Promise<void> => {
    flushing = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, LIMITS.billingSweepBatch);
      queue = queue.slice(batch.length);
      try {
        const fresh = await storeWebhooks(
          db,
          batch.map((waiting) => waiting.delivery),
        );
        batch.forEach((waiting, i) => waiting.resolve(fresh[i]!));
      } catch (error) {
        batch.forEach((waiting) => waiting.reject(error));
      }
    }
    flushing = false;
  };
  return (delivery) =>
    new Promise<boolean>((resolve, reject) => {
      queue.push({ delivery, resolve, reject });
      if (!flushing) void flush();
    });
}

type Outcome = 'recorded' | 'unknownOrder' | 'rejected' | 'ignored';

/** Thrown while a capture's order is not recorded yet: try the delivery again a little later. */
class NotYet extends Error {}

/** The purchase an order belongs to: the read model, else the order's receipt at the gateway. */
async function purchaseOfOrder(
  deps: BillingDeps & { db: Knex },
  orderId: string,
): Promise<string | undefined> {
  const row = await findPurchaseByOrderId(deps.db, orderId);
  if (row) return row.purchase_id;
  const order = await deps.gateway.fetchOrder(orderId).catch(() => undefined);
  if (order === undefined) return undefined;
  const state = await loadPurchase(deps.store, order.receipt);
  if (state.purchase === null) return undefined;
  if (state.order === null) throw new NotYet(`order ${orderId} not recorded yet`);
  return state.order.orderId === orderId ? state.purchase.purchaseId : undefined;
}

async function applyPayment(
  deps: BillingDeps & { db: Knex },
  payment: GatewayPayment,
): Promise<Outcome> {
  const purchaseId = await purchaseOfOrder(deps, payment.orderId);
  if (purchaseId === undefined) {
    deps.logger.warn(
      { orderId: payment.orderId, paymentId: payment.paymentId },
      'payment for an unknown order',
    );
    return 'unknownOrder';
  }
  await recordGatewayPayment(deps, purchaseId, payment, 'webhook');
  await settlePurchase(deps, purchaseId);
  return 'recorded';
}

async function applyRefund(
  deps: BillingDeps & { db: Knex },
  webhook: Extract<GatewayWebhook, { type: 'refund.processed' }>,
): Promise<Outcome> {
  const payment = webhook.payment ?? (await deps.gateway.fetchPayment(webhook.refund.paymentId));
  const outcome = await applyPayment(deps, payment);
  if (outcome !== 'recorded') return outcome;
  const purchaseId = (await purchaseOfOrder(deps, payment.orderId))!;
  await runPurchaseCommand(deps.store, purchaseId, {
    type: 'RecordRefund',
    data: {
      paymentId: webhook.refund.paymentId,
      refundId: webhook.refund.refundId,
      amount: webhook.refund.amount,
    },
    metadata: systemMetadata(),
  });
  // What the refund leaves to do: the credit note reversing the purchase's invoice.
  await settlePurchase(deps, purchaseId);
  return 'recorded';
}

/** What one delivery means for Boli. Only ever moves a purchase forward. */
export async function applyWebhook(
  deps: BillingDeps & { db: Knex },
  webhook: GatewayWebhook,
): Promise<Outcome> {
  switch (webhook.type) {
    case 'payment.captured':
    case 'payment.failed':
    case 'order.paid':
      return applyPayment(deps, webhook.payment);
    case 'refund.processed':
      return applyRefund(deps, webhook);
    case 'other':
      return 'ignored';
  }
}

type Claimed = { event_id: string; body: string; attempts: number };

/** 1 s, 2 s, 4 s … capped at about 17 minutes. */
const retryDelayMs = (attempts: number): number => 1_000 * 2 ** Math.min(attempts, 10);

/** Claims due deliveries for a while (a short transaction), so two processors never share one. */
async function claim(db: Knex, limit: number): Promise<Claimed[]> {
  const result = await db.raw<{ rows: Claimed[] }>(
    `UPDATE ${INBOX} SET next_attempt_at = now() + interval '60 seconds'
      WHERE event_id IN (
        SELECT event_id FROM ${INBOX}
         WHERE processed_at IS NULL AND next_attempt_at <= now()
         ORDER BY next_attempt_at LIMIT ? FOR UPDATE SKIP LOCKED)
      RETURNING event_id, body, attempts`,
    [limit],
  );
  return result.rows;
}

async function processOne(deps: BillingDeps & { db: Knex }, row: Claimed): Promise<void> {
  try {
    let outcome: Outcome;
    try {
      outcome = await applyWebhook(deps, parseWebhook(row.body, row.event_id));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      deps.logger.warn(
        { eventId: row.event_id, code: error.code },
        'webhook refused by the purchase',
      );
      outcome = 'rejected';
    }
    await deps
      .db(INBOX)
      .where({ event_id: row.event_id })
      .update({ processed_at: deps.db.fn.now(), outcome });
  } catch (error) {
    const attempts = row.attempts + 1;
    if (!(error instanceof NotYet))
      deps.logger.warn(
        { err: error, eventId: row.event_id },
        'webhook processing failed; will retry',
      );
    await deps
      .db(INBOX)
      .where({ event_id: row.event_id })
      .update({
        attempts,
        last_error: String((error as Error).message ?? error).slice(0, 500),
        next_attempt_at: new Date(Date.now() + retryDelayMs(attempts)),
      });
  }
}

/** Processes due deliveries until none is left; returns how many it took. */
export async function processWebhookInbox(deps: BillingDeps & { db: Knex }): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await claim(deps.db, LIMITS.billingSweepBatch);
    if (rows.length === 0) return total;
    for (const row of rows) await processOne(deps, row);
    total += rows.length;
  }
}

/** Runs the inbox in the background of one process, one pass at a time, however often kicked. */
export function inboxKicker(deps: BillingDeps & { db: Knex }): () => void {
  let running = false;
  let again = false;
  const run = async (): Promise<void> => {
    running = true;
    do {
      again = false;
      await processWebhookInbox(deps).catch((error: unknown) =>
        deps.logger.error({ err: error }, 'webhook inbox pass failed'),
      );
    } while (again);
    running = false;
  };
  return () => {
    if (running) again = true;
    else void run();
  };
}
