import { assertNever, DomainError, type Decider } from '../shared/decider.ts';
import type {
  CreatePurchase,
  ExpirePurchase,
  FulfilPurchase,
  OrderDetails,
  PurchaseCommand,
  RecordPaymentCapture,
  RecordPaymentFailure,
  RecordRefund,
  RequestRefund,
} from './purchase.commands.ts';
import type { PurchaseEvent } from './purchase.events.ts';
import { allowsPurchaseCommand } from './purchase.machine.ts';
import { checkLines } from './purchase.rules.ts';
import {
  evolvePurchase,
  initialPurchaseState,
  statusOf,
  type PurchaseState,
} from './purchase.state.ts';

/*
 * The purchase decider. Every command that repeats a fact already on the stream (the same order,
 * the same payment id captured, the same refund) answers with no events, so the browser callback,
 * webhooks (twice, in any order) and the reconciler can all report the same payment and it is
 * recorded exactly once.
 */

export type PurchaseErrorCode =
  | 'PURCHASE_NOT_FOUND'
  | 'PURCHASE_COMMAND_NOT_ALLOWED'
  | 'PURCHASE_LINES_INVALID'
  | 'ORDER_AMOUNT_MISMATCH'
  | 'ORDER_MISMATCH'
  | 'PAYMENT_NOT_CAPTURED'
  | 'PURCHASE_NOT_EXPIRED';

const fail = (code: PurchaseErrorCode, details: Record<string, unknown> = {}): never => {
  throw new DomainError(code, details);
};

const requireAllowed = (state: PurchaseState, command: PurchaseCommand): void => {
  if (state.purchase === null && command.type !== 'CreatePurchase') fail('PURCHASE_NOT_FOUND');
  if (!allowsPurchaseCommand(state.snapshot, command.type)) {
    fail('PURCHASE_COMMAND_NOT_ALLOWED', { command: command.type, status: statusOf(state) });
  }
};

const requireOrder = (state: PurchaseState, orderId: string): void => {
  if (state.order?.orderId !== orderId) {
    fail('ORDER_MISMATCH', { orderId, expected: state.order?.orderId ?? null });
  }
};

function createPurchase({ data, metadata }: CreatePurchase, state: PurchaseState): PurchaseEvent[] {
  if (state.purchase?.purchaseId === data.purchaseId) return [];
  requireAllowed(state, { type: 'CreatePurchase', data, metadata });
  const totals = checkLines(data.lines);
  if (totals === undefined) return fail('PURCHASE_LINES_INVALID');
  const created: PurchaseEvent = {
    type: 'PurchaseCreated',
    data: {
      purchaseId: data.purchaseId,
      kind: data.subject.kind,
      subject: data.subject,
      buyer: data.buyer,
      supplier: data.supplier,
      lines: data.lines,
      totals,
      createdAt: metadata.now,
      expiresAt: data.expiresAt,
    },
  };
  if (data.order === undefined) return [created];
  return [created, orderCreated(data.purchaseId, totals.total, data.order, metadata.now)];
}

/** The order event, once its amount is checked against the purchase's total. */
function orderCreated(
  purchaseId: string,
  total: number,
  order: OrderDetails,
  now: string,
): PurchaseEvent {
  if (order.amount !== total) fail('ORDER_AMOUNT_MISMATCH', { amount: order.amount, total });
  return {
    type: 'OrderCreated',
    data: {
      purchaseId,
      provider: 'razorpay',
      orderId: order.orderId,
      amount: order.amount,
      currency: order.currency,
      createdAt: now,
    },
  };
}

function recordCapture(command: RecordPaymentCapture, state: PurchaseState): PurchaseEvent[] {
  const { data, metadata } = command;
  if (state.payments.get(data.paymentId)?.status === 'captured') return [];
  requireAllowed(state, command);
  requireOrder(state, data.orderId);
  const purchase = state.purchase!;
  const alreadyPaid = state.snapshot.context.mainPaymentId !== null;
  return [
    {
      type: 'PaymentCaptured',
      data: {
        purchaseId: purchase.purchaseId,
        orderId: data.orderId,
        paymentId: data.paymentId,
        amount: data.amount,
        method: data.method,
        capturedAt: metadata.now,
        source: data.source,
        duplicate: alreadyPaid || data.amount !== purchase.totals.total,
      },
    },
  ];
}

function recordFailure(command: RecordPaymentFailure, state: PurchaseState): PurchaseEvent[] {
  const { data, metadata } = command;
  // A failure reported again, or for a payment that was captured after all, moves nothing. One
  // that arrives after another attempt paid is still recorded: the audit lists every attempt.
  if (state.payments.has(data.paymentId)) return [];
  requireAllowed(state, command);
  requireOrder(state, data.orderId);
  return [
    {
      type: 'PaymentFailed',
      data: {
        purchaseId: state.purchase!.purchaseId,
        orderId: data.orderId,
        paymentId: data.paymentId,
        method: data.method,
        errorCode: data.errorCode,
        errorDescription: data.errorDescription,
        failedAt: metadata.now,
        source: data.source,
      },
    },
  ];
}

function fulfil(command: FulfilPurchase, state: PurchaseState): PurchaseEvent[] {
  if (statusOf(state) === 'fulfilled') return [];
  requireAllowed(state, command);
  const purchase = state.purchase!;
  return [
    {
      type: 'PurchaseFulfilled',
      data: {
        purchaseId: purchase.purchaseId,
        userId: purchase.buyer.userId,
        kind: purchase.kind,
        outcome: command.data.outcome,
        fulfilledAt: command.metadata.now,
      },
    },
  ];
}

function requestRefund(command: RequestRefund, state: PurchaseState): PurchaseEvent[] {
  const { data, metadata } = command;
  const payment = state.payments.get(data.paymentId);
  if (payment?.refundRequested || payment?.refundId) return [];
  requireAllowed(state, command);
  if (payment?.status !== 'captured') return fail('PAYMENT_NOT_CAPTURED', { ...data });
  // The payment that paid for a delivered purchase is not refunded automatically.
  if (!payment.duplicate && statusOf(state) !== 'captured')
    fail('PURCHASE_COMMAND_NOT_ALLOWED', { command: command.type, status: statusOf(state) });
  const purchase = state.purchase!;
  return [
    {
      type: 'RefundRequested',
      data: {
        purchaseId: purchase.purchaseId,
        userId: purchase.buyer.userId,
        paymentId: data.paymentId,
        amount: payment.amount,
        reason: data.reason,
        message: data.message,
        requestedAt: metadata.now,
        ...(purchase.subject.kind === 'bidFee' ? { itemName: purchase.subject.itemName } : {}),
      },
    },
  ];
}

function recordRefund(command: RecordRefund, state: PurchaseState): PurchaseEvent[] {
  const { data, metadata } = command;
  const payment = state.payments.get(data.paymentId);
  if (payment?.refundId) return [];
  requireAllowed(state, command);
  if (payment?.status !== 'captured') return fail('PAYMENT_NOT_CAPTURED', { ...data });
  const purchase = state.purchase!;
  return [
    {
      type: 'PaymentRefunded',
      data: {
        purchaseId: purchase.purchaseId,
        userId: purchase.buyer.userId,
        paymentId: data.paymentId,
        refundId: data.refundId,
        amount: data.amount,
        refundedAt: metadata.now,
      },
    },
  ];
}

function expire(command: ExpirePurchase, state: PurchaseState): PurchaseEvent[] {
  if (statusOf(state) === 'expired') return [];
  requireAllowed(state, command);
  const purchase = state.purchase!;
  if (Date.parse(command.metadata.now) < Date.parse(purchase.expiresAt))
    fail('PURCHASE_NOT_EXPIRED', { expiresAt: purchase.expiresAt });
  return [
    {
      type: 'PurchaseExpired',
      data: { purchaseId: purchase.purchaseId, expiredAt: command.metadata.now },
    },
  ];
}

const decide = (command: PurchaseCommand, state: PurchaseState): PurchaseEvent[] => {
  switch (command.type) {
    case 'CreatePurchase':
      return createPurchase(command, state);
    case 'RecordPaymentCapture':
      return recordCapture(command, state);
    case 'RecordPaymentFailure':
      return recordFailure(command, state);
    case 'FulfilPurchase':
      return fulfil(command, state);
    case 'RequestRefund':
      return requestRefund(command, state);
    case 'RecordRefund':
      return recordRefund(command, state);
    case 'ExpirePurchase':
      return expire(command, state);
    default:
      return assertNever(command);
  }
};

export const purchaseDecider: Decider<PurchaseState, PurchaseCommand, PurchaseEvent> = {
  initialState: initialPurchaseState,
  evolve: evolvePurchase,
  decide,
};
