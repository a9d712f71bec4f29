import type { GatewayPayment } from '../../payments/gateway/port.ts';
import type { PurchasePaymentRow } from '@boli/projections/billing/purchases.queries';
import { comparePayments, type PaymentComparison } from './gatewayCheck.ts';

/*
 * A period's payments as Boli recorded them, set beside the gateway's payments of the same period
 * (ARCHITECTURE: auditors verify payments "against the payment provider's records"). Pure: the
 * caller gathers both sides, each including what the other side's list named (a payment created
 * at the gateway just before the period and captured in it is in one list only). Unlike the check
 * of one purchase, it also finds what only the gateway knows: a capture Boli never heard of.
 */

/** Money one side says moved, in paise. */
export type MoneyMoved = {
  /** Captured (refunded ones included): what the buyers paid. */
  readonly received: number;
  /** Given back. */
  readonly refunded: number;
};

export type ReconciledPayment = PaymentComparison & {
  /**
   * The purchase Boli recorded it for, or whose order it paid when Boli has no record of it; null
   * when Boli knows neither (an order not made by Boli).
   */
  readonly purchaseId: string | null;
};

export type PeriodReconciliation = {
  /** Payments compared: every payment id either side knows, once. */
  readonly compared: number;
  /** Of them, those both sides agree on. */
  readonly agreeing: number;
  /** The others, with what differs. */
  readonly differences: readonly ReconciledPayment[];
  readonly ours: MoneyMoved;
  readonly gateway: MoneyMoved;
  readonly agrees: boolean;
};

/** Statuses of a payment that took the buyer's money (a refund gave it back later). */
const TOOK_MONEY = new Set(['captured', 'refunded']);

export function reconcilePeriod(input: {
  readonly ours: readonly PurchasePaymentRow[];
  readonly gateway: readonly GatewayPayment[];
  /** Boli's purchases by their gateway orders, for the payments only the gateway has. */
  readonly purchaseOfOrder?: ReadonlyMap<string, string>;
}): PeriodReconciliation {
  const recordedFor = new Map(input.ours.map((row) => [row.payment_id, row.purchase_id]));
  const purchaseOf = (payment: PaymentComparison) =>
    recordedFor.get(payment.paymentId) ?? input.purchaseOfOrder?.get(payment.orderId) ?? null;
  const compared = comparePayments(input.ours, input.gateway)
    // A payment the gateway has only begun (the buyer left its checkout) has no outcome to record.
    .filter((payment) => payment.ours !== null || payment.gateway?.status !== 'created')
    .map((payment) => ({ ...payment, purchaseId: purchaseOf(payment) }));
  const differences = compared.filter((payment) => payment.problems.length > 0);
  const moved = (side: 'ours' | 'gateway'): MoneyMoved => {
    let received = 0;
    let refunded = 0;
    for (const payment of compared) {
      const record = payment[side];
      if (record === null) continue;
      if (TOOK_MONEY.has(record.status)) received += record.amount ?? 0;
      refunded += record.refunded;
    }
    return { received, refunded };
  };
  return {
    compared: compared.length,
    agreeing: compared.length - differences.length,
    differences,
    ours: moved('ours'),
    gateway: moved('gateway'),
    agrees: differences.length === 0,
  };
}
