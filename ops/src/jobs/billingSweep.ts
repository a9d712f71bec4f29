import { Queue, type Job } from 'bullmq';
import { reconcilePurchase, settlePurchase } from '@boli/api/payments/settlement';
import { followUpSlot } from '@boli/api/payments/slotSale';
import { unsettledSlots } from '@boli/projections/adspace/adspace.queries';
import type { CheckoutDeps } from '@boli/api/payments/checkout';
import { checkoutDepsOf } from './checkoutDepsOf.ts';
import { processWebhookInbox } from '@boli/api/payments/webhookInbox';
import { LIMITS } from '@boli/engine/shared/limits';
import {
  purchasesNeedingAttention,
  type AttentionReason,
} from '@boli/projections/billing/purchases.queries';
import { orNothingBeforeFirstBuild } from '@boli/projections/runtime/beforeFirstBuild';
import type { JobDeps, JobKind } from './registry.ts';

/*
 * The billing process manager and reconciler, as two BullMQ job schedulers on one queue:
 * - `settle` (every LIMITS.billingSweepEveryMs): processes webhooks left in the inbox, then
 *   settles every purchase that is paid but not yet invoiced, delivered or refunded (or refunded
 *   but its invoice not yet reversed by a credit note), and expires
 *   (after asking the gateway) those left unpaid past their time;
 * - `reconcile` (every minute): asks the gateway about purchases left unpaid longer than
 *   LIMITS.reconcilePendingAfterMinutes — a checkout callback and webhooks that never arrived —
 *   and follows up closed slots not yet sold: each offered, its offer's purchase started
 *   (api/src/payments/slotSale.ts), should the slot timer have stopped short of either.
 * Every step is idempotent (the purchase decider records each fact once), so overlapping sweeps,
 * a re-run stalled job or a callback arriving meanwhile change nothing twice.
 */

export const BILLING_QUEUE = 'billing-sweep';
const RECONCILE_EVERY_MS = 60_000;

type SweepDeps = CheckoutDeps;

const SETTLE_REASONS: readonly AttentionReason[] = [
  'notInvoiced',
  'notCredited',
  'notFulfilled',
  'refundPending',
  'duplicateNotRefunded',
];

export type BillingSweepResult = {
  webhooks: number;
  settled: number;
  reconciled: number;
  failed: number;
};

/** One pass over what needs attention; `reconcilePending` also asks about unpaid purchases. */
export async function sweepBilling(
  deps: SweepDeps,
  options: { now?: Date; reconcilePending: boolean },
): Promise<BillingSweepResult> {
  const now = options.now ?? new Date();
  const webhooks = await processWebhookInbox(deps);
  const rows = await orNothingBeforeFirstBuild(
    purchasesNeedingAttention(deps.db, {
      now,
      pendingOlderThan: new Date(now.getTime() - LIMITS.reconcilePendingAfterMinutes * 60_000),
      limit: LIMITS.billingSweepBatch,
    }),
    [],
  );
  const toSettle = new Set<string>();
  const toReconcile = new Set<string>();
  for (const row of rows) {
    if (SETTLE_REASONS.includes(row.reason)) toSettle.add(row.purchase_id);
    else if (row.reason === 'expiryDue' || options.reconcilePending)
      toReconcile.add(row.purchase_id);
  }
  let failed = 0;
  const attempt = async (purchaseId: string, step: () => Promise<unknown>) => {
    try {
      await step();
    } catch (error) {
      failed += 1;
      deps.logger.warn({ err: error, purchaseId }, 'billing sweep could not settle a purchase');
    }
  };
  for (const id of toReconcile) await attempt(id, () => reconcilePurchase(deps, id, now));
  for (const id of toSettle) {
    if (!toReconcile.has(id)) await attempt(id, () => settlePurchase(deps, id));
  }
  const slots = options.reconcilePending
    ? await orNothingBeforeFirstBuild(unsettledSlots(deps.db, LIMITS.billingSweepBatch), [])
    : [];
  for (const slot of slots) {
    const key = `slot ${slot.type} ${slot.slotdate}`;
    await attempt(key, () => followUpSlot(deps, slot, now.toISOString()));
  }
  return { webhooks, settled: toSettle.size, reconciled: toReconcile.size, failed };
}

export const billingSweep: JobKind = {
  queue: BILLING_QUEUE,
  handler(deps: JobDeps) {
    const sweepDeps: SweepDeps = checkoutDepsOf(deps);
    // Upserts: every worker process may declare them, one schedule of each results.
    const queue = deps.redisOutages.errors(
      new Queue(BILLING_QUEUE, { connection: deps.redis, prefix: deps.config.QUEUE_PREFIX }),
    );
    const opts = { removeOnComplete: true, removeOnFail: 100 };
    for (const [id, every] of [
      ['billing-settle', LIMITS.billingSweepEveryMs],
      ['billing-reconcile', RECONCILE_EVERY_MS],
    ] as const) {
      queue
        .upsertJobScheduler(id, { every }, { name: id, opts })
        .catch((error: unknown) => deps.logger.error({ err: error }, `could not schedule ${id}`));
    }
    return (job: Job) =>
      sweepBilling(sweepDeps, { reconcilePending: job.name === 'billing-reconcile' });
  },
};
