import type {
  FulfilmentOutcome,
  OrderCreated,
  PurchaseCreated,
  PurchaseEvent,
} from './purchase.events.ts';
import {
  initialPurchaseSnapshot,
  nextPurchaseSnapshot,
  purchaseStatus,
  type PurchaseSnapshot,
  type PurchaseStatus,
} from './purchase.machine.ts';

/** What the decider remembers of each payment id the provider told us about. */
export type PaymentRecord = {
  readonly paymentId: string;
  readonly amount: number;
  readonly status: 'captured' | 'failed';
  readonly duplicate: boolean;
  /** When it was captured or failed. */
  readonly at: string;
  readonly refundRequested: boolean;
  /** Why it is refunded, in words for the member. */
  readonly refundMessage: string | null;
  readonly refundId: string | null;
  /** When the gateway confirmed the refund. */
  readonly refundedAt: string | null;
};

export type PurchaseState = {
  readonly snapshot: PurchaseSnapshot;
  readonly purchase: PurchaseCreated['data'] | null;
  readonly order: OrderCreated['data'] | null;
  readonly payments: ReadonlyMap<string, PaymentRecord>;
  readonly outcome: FulfilmentOutcome | null;
};

export const initialPurchaseState = (): PurchaseState => ({
  snapshot: initialPurchaseSnapshot(),
  purchase: null,
  order: null,
  payments: new Map(),
  outcome: null,
});

const withPayment = (
  payments: ReadonlyMap<string, PaymentRecord>,
  paymentId: string,
  change: (previous: PaymentRecord | undefined) => PaymentRecord,
): ReadonlyMap<string, PaymentRecord> =>
  new Map(payments).set(paymentId, change(payments.get(paymentId)));

function evolveRecords(state: PurchaseState, event: PurchaseEvent): PurchaseState {
  switch (event.type) {
    case 'PurchaseCreated':
      return { ...state, purchase: event.data };
    case 'OrderCreated':
      return { ...state, order: event.data };
    case 'PaymentCaptured': {
      const { paymentId, amount, duplicate, capturedAt } = event.data;
      return {
        ...state,
        payments: withPayment(state.payments, paymentId, () => ({
          paymentId,
          amount,
          status: 'captured',
          duplicate,
          at: capturedAt,
          refundRequested: false,
          refundMessage: null,
          refundId: null,
          refundedAt: null,
        })),
      };
    }
    case 'PaymentFailed': {
      const { paymentId } = event.data;
      return {
        ...state,
        payments: withPayment(state.payments, paymentId, () => ({
          paymentId,
          amount: 0,
          status: 'failed',
          duplicate: false,
          at: event.data.failedAt,
          refundRequested: false,
          refundMessage: null,
          refundId: null,
          refundedAt: null,
        })),
      };
    }
    case 'RefundRequested':
      return {
        ...state,
        payments: withPayment(state.payments, event.data.paymentId, (previous) => ({
          ...previous!,
          refundRequested: true,
          refundMessage: event.data.message,
        })),
      };
    case 'PaymentRefunded':
      return {
        ...state,
        payments: withPayment(state.payments, event.data.paymentId, (previous) => ({
          ...previous!,
          refundId: event.data.refundId,
          refundedAt: event.data.refundedAt,
        })),
      };
    case 'PurchaseFulfilled':
      return { ...state, outcome: event.data.outcome };
    case 'PurchaseExpired':
      return state;
  }
}

/** Folds one event: the machine moves, and the records the rules need are kept. */
export const evolvePurchase = (state: PurchaseState, event: PurchaseEvent): PurchaseState => ({
  ...evolveRecords(state, event),
  snapshot: nextPurchaseSnapshot(state.snapshot, event),
});

export const statusOf = (state: PurchaseState): PurchaseStatus => purchaseStatus(state.snapshot);

/** The payment that paid for the purchase, once one did. */
export const mainPayment = (state: PurchaseState): PaymentRecord | undefined => {
  const id = state.snapshot.context.mainPaymentId;
  return id === null ? undefined : state.payments.get(id);
};
