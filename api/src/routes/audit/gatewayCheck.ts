import type { GatewayOrder, GatewayPayment } from '../../payments/gateway/port.ts';
import type { PurchasePaymentRow } from '@boli/projections/billing/purchases.queries';
import { rupeeAmount } from '../../payments/invoice/invoiceFormat.ts';

/*
 * One purchase's payments as Boli recorded them, set beside the payment provider's record of the
 * same orders. Pure: the router fetches both sides. Every payment id either side knows gets one
 * row; a row agrees when both sides know it with the same amount, method and outcome (and, once
 * refunded, the same amount refunded).
 */

export type PaymentSide = {
  readonly status: string;
  /** Paise; null when none moved (a failed payment, as Boli records it). */
  readonly amount: number | null;
  readonly method: string | null;
  /** Paise given back. */
  readonly refunded: number;
};

export type PaymentComparison = {
  readonly paymentId: string;
  readonly orderId: string;
  readonly ours: PaymentSide | null;
  readonly gateway: PaymentSide | null;
  readonly problems: string[];
};

export type OrderComparison = {
  readonly orderId: string;
  /** Paise the purchase asked for. */
  readonly expectedAmount: number;
  readonly gateway: { readonly amount: number; readonly status: string } | null;
  readonly problems: string[];
};

export type GatewayComparison = {
  readonly orders: OrderComparison[];
  readonly payments: PaymentComparison[];
  readonly agrees: boolean;
};

const oursOf = (row: PurchasePaymentRow): PaymentSide => ({
  status: row.status,
  amount: row.amount,
  method: row.method,
  refunded: row.refund_amount ?? 0,
});

const gatewayOf = (payment: GatewayPayment): PaymentSide => ({
  status: payment.status,
  amount: payment.amount,
  method: payment.method,
  refunded: payment.amountRefunded,
});

const money = (paise: number | null) => (paise === null ? 'nothing' : rupeeAmount(paise));

/** What a payment's record at the provider should say, given Boli's record of it. */
function paymentProblems(ours: PaymentSide | null, gateway: PaymentSide | null): string[] {
  if (ours === null && gateway === null) return [];
  if (ours === null) return [`${gateway!.status} at the gateway, not recorded by Boli`];
  if (gateway === null) return ['recorded by Boli, unknown to the gateway'];
  const problems: string[] = [];
  if (ours.status !== gateway.status) {
    problems.push(`Boli says ${ours.status}, the gateway says ${gateway.status}`);
  }
  if (ours.status !== 'failed' && ours.amount !== gateway.amount) {
    problems.push(`amount ${money(ours.amount)} here, ${money(gateway.amount)} at the gateway`);
  }
  if (ours.method !== null && ours.method !== gateway.method) {
    problems.push(`method ${ours.method} here, ${gateway.method} at the gateway`);
  }
  if (ours.refunded !== gateway.refunded) {
    problems.push(
      `refunded ${money(ours.refunded)} here, ${money(gateway.refunded)} at the gateway`,
    );
  }
  return problems;
}

/**
 * Every payment id either side knows, once, by id: Boli's record beside the gateway's, and what
 * differs between them.
 */
export function comparePayments(
  ours: readonly PurchasePaymentRow[],
  gatewayPayments: readonly GatewayPayment[],
): PaymentComparison[] {
  const recorded = new Map(ours.map((row) => [row.payment_id, row]));
  const theirs = new Map(gatewayPayments.map((payment) => [payment.paymentId, payment]));
  const paymentIds = [...new Set([...recorded.keys(), ...theirs.keys()])].sort();
  return paymentIds.map((paymentId): PaymentComparison => {
    const mine = recorded.get(paymentId);
    const gateway = theirs.get(paymentId);
    const oursSide = mine ? oursOf(mine) : null;
    const gatewaySide = gateway ? gatewayOf(gateway) : null;
    return {
      paymentId,
      orderId: mine?.order_id ?? gateway?.orderId ?? '',
      ours: oursSide,
      gateway: gatewaySide,
      problems: paymentProblems(oursSide, gatewaySide),
    };
  });
}

export function compareWithGateway(input: {
  /** Paise the purchase asked for: each of its orders was for this amount. */
  readonly expectedAmount: number;
  readonly orderIds: readonly string[];
  readonly ours: readonly PurchasePaymentRow[];
  /** The provider's orders (null where it did not know the order) and their payments. */
  readonly gatewayOrders: ReadonlyMap<string, GatewayOrder | null>;
  readonly gatewayPayments: readonly GatewayPayment[];
}): GatewayComparison {
  const orders = input.orderIds.map((orderId): OrderComparison => {
    const order = input.gatewayOrders.get(orderId) ?? null;
    const problems =
      order === null
        ? ['unknown to the gateway']
        : order.amount === input.expectedAmount
          ? []
          : [`ordered ${money(input.expectedAmount)}, the gateway has ${money(order.amount)}`];
    return {
      orderId,
      expectedAmount: input.expectedAmount,
      gateway: order && { amount: order.amount, status: order.status },
      problems,
    };
  });

  const payments = comparePayments(input.ours, input.gatewayPayments);
  return {
    orders,
    payments,
    agrees: [...orders, ...payments].every((entry) => entry.problems.length === 0),
  };
}
