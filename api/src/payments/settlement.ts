import { financialYearOf } from '@boli/engine/billing/invoice.rules';
import { BILLING_MESSAGES } from '@boli/engine/billing/billing.messages';
import type { PaymentSource } from '@boli/engine/billing/purchase.events';
import { mainPayment, statusOf, type PurchaseState } from '@boli/engine/billing/purchase.state';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import type { Knex } from 'knex';
import type { Logger } from '../logger.ts';
import { issueCreditNote, issueInvoice } from './invoiceSeries.ts';
import { deliver } from './fulfilment.ts';
import type { CheckoutDeps } from './checkout.ts';
import { offerSlot } from './slotSale.ts';
import type { GatewayPayment, PaymentGateway } from './gateway/port.ts';
import { loadPurchase, runPurchaseCommand, systemMetadata } from './purchaseStore.ts';

/*
 * Settling a purchase: everything that follows a capture, in an order that is safe to repeat at
 * any point — issue the invoice, deliver what was bought (or ask for a refund when it can no longer
 * be delivered), refund duplicate payments, carry out the refunds asked for, and reverse the
 * invoice with a credit note once the payment it was issued for is refunded. The checkout
 * callback, the webhook processor and the reconciler all end here, so whichever arrives first
 * does the work and the others find nothing left to do.
 */

export type BillingDeps = {
  readonly store: EventStore;
  readonly db: Knex;
  readonly gateway: PaymentGateway;
  readonly logger: Pick<Logger, 'info' | 'warn' | 'error'>;
};

/** Records what the gateway says about one payment of the purchase (nothing while pending). */
export async function recordGatewayPayment(
  deps: BillingDeps,
  purchaseId: string,
  payment: GatewayPayment,
  source: PaymentSource,
): Promise<void> {
  const metadata = systemMetadata();
  if (payment.status === 'captured' || payment.status === 'refunded') {
    await runPurchaseCommand(deps.store, purchaseId, {
      type: 'RecordPaymentCapture',
      data: {
        orderId: payment.orderId,
        paymentId: payment.paymentId,
        amount: payment.amount,
        method: payment.method,
        source,
      },
      metadata,
    });
  } else if (payment.status === 'failed') {
    await runPurchaseCommand(deps.store, purchaseId, {
      type: 'RecordPaymentFailure',
      data: {
        orderId: payment.orderId,
        paymentId: payment.paymentId,
        method: payment.method,
        errorCode: payment.errorCode ?? 'PAYMENT_FAILED',
        errorDescription: payment.errorDescription ?? BILLING_MESSAGES.paymentFailed,
        source,
      },
      metadata,
    });
  }
}

/** The invoice of the payment that paid, in the series of the year it was captured in. */
async function invoice(deps: BillingDeps, state: PurchaseState): Promise<string | undefined> {
  const paid = mainPayment(state);
  if (paid === undefined) return undefined;
  return issueInvoice(deps, state.purchase!.purchaseId, financialYearOf(paid.at));
}

/**
 * The credit note reversing the invoice once the payment it was issued for is refunded, in the
 * series of the year of the refund. (A duplicate payment had no invoice, so its refund has none.)
 */
async function creditRefundedInvoice(
  deps: BillingDeps,
  state: PurchaseState,
  invoiceNumber: string,
): Promise<void> {
  const paid = mainPayment(state);
  if (paid?.refundId == null || paid.refundedAt === null) return;
  await issueCreditNote(deps, {
    purchaseId: state.purchase!.purchaseId,
    financialYear: financialYearOf(paid.refundedAt),
    invoiceNumber,
    paymentId: paid.paymentId,
    refundId: paid.refundId,
    amount: paid.amount,
  });
}

async function deliverOrRefund(deps: BillingDeps, state: PurchaseState): Promise<boolean> {
  if (statusOf(state) !== 'captured') return false;
  const purchaseId = state.purchase!.purchaseId;
  const metadata = systemMetadata();
  const delivery = await deliver(deps.store, state, metadata);
  if ('delivered' in delivery) {
    await runPurchaseCommand(deps.store, purchaseId, {
      type: 'FulfilPurchase',
      data: { outcome: delivery.delivered },
      metadata,
    });
  } else if ('refund' in delivery) {
    deps.logger.info({ purchaseId, reason: delivery.refund.reason }, 'purchase to be refunded');
    await runPurchaseCommand(deps.store, purchaseId, {
      type: 'RequestRefund',
      data: { paymentId: mainPayment(state)!.paymentId, ...delivery.refund },
      metadata,
    });
  }
  return !('waiting' in delivery);
}

async function refundDuplicates(deps: BillingDeps, state: PurchaseState): Promise<boolean> {
  let recorded = false;
  for (const payment of state.payments.values()) {
    if (payment.status !== 'captured' || !payment.duplicate || payment.refundRequested) continue;
    deps.logger.warn({ paymentId: payment.paymentId }, 'duplicate payment to be refunded');
    await runPurchaseCommand(deps.store, state.purchase!.purchaseId, {
      type: 'RequestRefund',
      data: {
        paymentId: payment.paymentId,
        reason: 'duplicatePayment',
        message: BILLING_MESSAGES.duplicatePaymentRefunded,
      },
      metadata: systemMetadata(),
    });
    recorded = true;
  }
  return recorded;
}

/** Refund receipts are derived from the payment, so the gateway sees a retry as the same refund. */
export const refundReceiptOf = (paymentId: string): string => `refund-${paymentId}`;

async function carryOutRefunds(deps: BillingDeps, state: PurchaseState): Promise<boolean> {
  let recorded = false;
  for (const payment of state.payments.values()) {
    if (!payment.refundRequested || payment.refundId !== null) continue;
    const refund = await deps.gateway.refund(payment.paymentId, {
      amount: payment.amount,
      receipt: refundReceiptOf(payment.paymentId),
      notes: { purchaseId: state.purchase!.purchaseId },
    });
    if (refund.status === 'failed') {
      deps.logger.error({ paymentId: payment.paymentId }, 'gateway refused a refund');
      continue;
    }
    // A pending refund is recorded when refund.processed arrives or the next sweep finds it done.
    if (refund.status !== 'processed') continue;
    await runPurchaseCommand(deps.store, state.purchase!.purchaseId, {
      type: 'RecordRefund',
      data: { paymentId: payment.paymentId, refundId: refund.refundId, amount: refund.amount },
      metadata: systemMetadata(),
    });
    recorded = true;
  }
  return recorded;
}

/** Does whatever a purchase still needs after its payments; returns the state it leaves. */
export async function settlePurchase(
  deps: BillingDeps,
  purchaseId: string,
): Promise<PurchaseState> {
  let state = await loadPurchase(deps.store, purchaseId);
  if (state.purchase === null || mainPayment(state) === undefined) return state;
  const invoiceNumber = await invoice(deps, state);
  const steps = [deliverOrRefund, refundDuplicates, carryOutRefunds];
  for (const step of steps) {
    // Each step reports whether it recorded anything; only then is the stream read again.
    if (await step(deps, state)) state = await loadPurchase(deps.store, purchaseId);
  }
  if (invoiceNumber !== undefined) await creditRefundedInvoice(deps, state, invoiceNumber);
  return state;
}

/**
 * The reconciler's step for a purchase left pending: ask the gateway about its order's payments,
 * record them, expire it if still unpaid past its time, and settle it.
 */
export async function reconcilePurchase(
  deps: CheckoutDeps,
  purchaseId: string,
  now: Date = new Date(),
): Promise<PurchaseState> {
  const state = await loadPurchase(deps.store, purchaseId);
  if (state.purchase === null) return state;
  if (state.order !== null) {
    for (const payment of await deps.gateway.fetchOrderPayments(state.order.orderId)) {
      await recordGatewayPayment(deps, purchaseId, payment, 'reconciler');
    }
  }
  const after = await loadPurchase(deps.store, purchaseId);
  const unpaid = ['created', 'ordered', 'failed'].includes(statusOf(after));
  if (unpaid && now.getTime() >= Date.parse(after.purchase!.expiresAt)) {
    const subject = after.purchase!.subject;
    // A slot offer left unpaid passes on first: should this stop midway, the next sweep finds
    // the purchase still unpaid and finishes (the offer is made once).
    if (subject.kind === 'adSlot') {
      const slot = { type: subject.spaceType, slotdate: subject.slotdate };
      await offerSlot(deps, slot, subject.bidId, now.toISOString());
    }
    await runPurchaseCommand(deps.store, purchaseId, {
      type: 'ExpirePurchase',
      data: {},
      metadata: { ...systemMetadata(), now: now.toISOString() },
    });
  }
  return settlePurchase(deps, purchaseId);
}
