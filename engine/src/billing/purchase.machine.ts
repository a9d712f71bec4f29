import { assign, initialTransition, setup, transition, type SnapshotFrom } from 'xstate';
import { PURCHASE_COMMAND_TYPES, type PurchaseCommandType } from './purchase.commands.ts';
import type { PurchaseEvent } from './purchase.events.ts';

/*
 * Issue #7's purchase lifecycle, driven by the stream's events through the pure `transition()`:
 *
 *   none → created → ordered ⇄ failed → captured → fulfilled
 *                       └──────┴→ expired ──┘   └→ refundPending → refunded
 *
 * A failed payment leaves the order open (the member may try again on the same order); a capture
 * that arrives after the purchase expired still moves it to captured — the money was taken, so
 * the purchase is honoured (or refunded when it no longer can be). Tags say which commands each
 * state allows; `decide` checks them after its idempotency checks.
 */

type AllowsTag = `allows:${PurchaseCommandType}`;

const allows = (...commands: PurchaseCommandType[]): AllowsTag[] =>
  commands.map((command) => `allows:${command}` as const);

/** Commands about money already taken, allowed in every state after the first capture. */
/**
 * Once paid: another capture (a duplicate, refunded), a refund, and a failed attempt whose word
 * comes late (recorded for the audit; it moves nothing, as no state here takes PaymentFailed).
 */
const afterCapture = [
  'RecordPaymentCapture',
  'RecordPaymentFailure',
  'RequestRefund',
  'RecordRefund',
] as const;

export type PurchaseMachineContext = {
  /** The payment that paid for the purchase (the first capture that was not a duplicate). */
  readonly mainPaymentId: string | null;
};

const isMainPayment = (context: PurchaseMachineContext, event: PurchaseEvent): boolean =>
  (event.type === 'RefundRequested' || event.type === 'PaymentRefunded') &&
  event.data.paymentId === context.mainPaymentId;

export const purchaseMachine = setup({
  types: {
    context: {} as PurchaseMachineContext,
    events: {} as PurchaseEvent,
    tags: {} as AllowsTag,
  },
  guards: {
    paysForPurchase: ({ event }) => event.type === 'PaymentCaptured' && !event.data.duplicate,
    aboutMainPayment: ({ context, event }) => isMainPayment(context, event),
  },
  actions: {
    recordMainPayment: assign({
      mainPaymentId: ({ event }) =>
        event.type === 'PaymentCaptured' ? event.data.paymentId : null,
    }),
  },
}).createMachine({
  id: 'purchase',
  context: { mainPaymentId: null },
  initial: 'none',
  states: {
    none: { tags: allows('CreatePurchase'), on: { PurchaseCreated: 'created' } },
    /** Priced and taxed; its provider order is recorded in the same append (checkout.ts). */
    created: {
      tags: allows('ExpirePurchase'),
      on: { OrderCreated: 'ordered', PurchaseExpired: 'expired' },
    },
    /** Waiting for the member to pay at the provider's checkout. */
    ordered: {
      tags: allows('RecordPaymentCapture', 'RecordPaymentFailure', 'ExpirePurchase'),
      on: {
        PaymentCaptured: {
          target: 'captured',
          guard: 'paysForPurchase',
          actions: 'recordMainPayment',
        },
        PaymentFailed: 'failed',
        PurchaseExpired: 'expired',
      },
    },
    /** The last attempt failed; the order is still open for another. */
    failed: {
      tags: allows('RecordPaymentCapture', 'RecordPaymentFailure', 'ExpirePurchase'),
      on: {
        PaymentCaptured: {
          target: 'captured',
          guard: 'paysForPurchase',
          actions: 'recordMainPayment',
        },
        PurchaseExpired: 'expired',
      },
    },
    /** Left unpaid past its time. A capture that still arrives is honoured. */
    expired: {
      tags: allows('RecordPaymentCapture', 'RecordPaymentFailure'),
      on: {
        PaymentCaptured: {
          target: 'captured',
          guard: 'paysForPurchase',
          actions: 'recordMainPayment',
        },
      },
    },
    /** Paid; what was bought is still to be delivered. */
    captured: {
      tags: allows('FulfilPurchase', ...afterCapture),
      on: {
        PurchaseFulfilled: 'fulfilled',
        RefundRequested: { target: 'refundPending', guard: 'aboutMainPayment' },
        PaymentRefunded: { target: 'refunded', guard: 'aboutMainPayment' },
      },
    },
    /** Delivered. */
    fulfilled: {
      tags: allows(...afterCapture),
      on: { PaymentRefunded: { target: 'refunded', guard: 'aboutMainPayment' } },
    },
    /** Could not be delivered; the money is on its way back. */
    refundPending: {
      tags: allows(...afterCapture),
      on: { PaymentRefunded: { target: 'refunded', guard: 'aboutMainPayment' } },
    },
    refunded: { tags: allows(...afterCapture) },
  },
});

export type PurchaseSnapshot = SnapshotFrom<typeof purchaseMachine>;

export const PURCHASE_STATUSES = [
  'none',
  'created',
  'ordered',
  'failed',
  'expired',
  'captured',
  'fulfilled',
  'refundPending',
  'refunded',
] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

const [initialSnapshot] = initialTransition(purchaseMachine);

export const initialPurchaseSnapshot = (): PurchaseSnapshot => initialSnapshot;

export const nextPurchaseSnapshot = (
  snapshot: PurchaseSnapshot,
  event: PurchaseEvent,
): PurchaseSnapshot => transition(purchaseMachine, snapshot, event)[0];

export const purchaseStatus = (snapshot: PurchaseSnapshot): PurchaseStatus =>
  snapshot.value as PurchaseStatus;

export const allowsPurchaseCommand = (
  snapshot: PurchaseSnapshot,
  command: PurchaseCommandType,
): boolean => snapshot.hasTag(`allows:${command}`);

export const allowedPurchaseCommands = (snapshot: PurchaseSnapshot): PurchaseCommandType[] =>
  PURCHASE_COMMAND_TYPES.filter((command) => allowsPurchaseCommand(snapshot, command));
