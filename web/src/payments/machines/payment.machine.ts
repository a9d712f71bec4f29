import { assign, fromPromise, setup } from 'xstate';
import { LIMITS } from '@boli/engine/shared/limits';
import { firstMessageOf } from '../../app/api/client.ts';
import { failureMayPass } from '../../components/LoadFailure.tsx';
import type { Confirmation } from '../api/paymentsApi.ts';
import type { CheckoutOutcome } from '../api/checkout.ts';
import {
  moneyMoved,
  settlementOf,
  type CheckoutResponse,
  type PurchaseInfo,
} from '../api/purchaseInfo.ts';
import { PAYMENT_TEXTS } from '../model/paymentTexts.ts';

/*
 * One payment (section 4, "Payment in general"): quote → create the order → checkout → the success
 * call → done. The money is never lost or taken twice:
 * - Pay is taken only in `ready` (a double click sends one order);
 * - when the success call fails or takes too long, the payment is `pending`: the screen asks
 *   GET /api/purchases/:id until the server (told by the webhook or its reconciler) settles it;
 * - trying again after a failure or a closed checkout first asks the server where the purchase
 *   stands, and reopens the same order unless it is over.
 */

type Context = {
  /** The price breakup shown before paying; nothing is recorded until Pay. */
  quote: PurchaseInfo | null;
  /** The purchase being paid, with its gateway order. */
  purchase: PurchaseInfo | null;
  response: CheckoutResponse | null;
  /** The server's last word on it. */
  settled: Confirmation | null;
  /** Why the last step failed (shown with Try again, unless `problemFinal`). */
  problem: string | null;
  /** The api refused the request itself (a company name taken, say): asking again cannot help. */
  problemFinal: boolean;
};

type Events = { type: 'PAY' } | { type: 'RETRY' };

/** Why a call failed, and whether Try again can help (failureMayPass). */
const problemFrom = (error: unknown): Pick<Context, 'problem' | 'problemFinal'> => ({
  problem: firstMessageOf(error),
  problemFinal: !failureMayPass(error),
});

const purchaseIdOf = (context: Context): string => context.purchase?._id ?? '';

/**
 * A purchase found paid (or refunded) by someone else (another tab, an earlier visit) rather
 * than by this payment: a paid one says so, not as this payment's success.
 */
const settledElsewhere = ({ info, msg }: Confirmation): Confirmation => ({
  info,
  msg: settlementOf(info.status) === 'paid' ? PAYMENT_TEXTS.alreadyPaid : msg,
});

/** What the screen says once it is over: the server's msg, else its message, else ours. */
export function outcomeText(state: 'paid' | 'refunded' | 'failed', settled: Confirmation | null) {
  const server = settled?.info.message || (settled?.msg ?? '');
  if (state === 'paid') return settled?.msg || PAYMENT_TEXTS.paid;
  if (state === 'refunded') return server || PAYMENT_TEXTS.refunded;
  return server || PAYMENT_TEXTS.failed;
}

export const paymentMachine = setup({
  types: { context: {} as Context, events: {} as Events },
  actors: {
    /** The breakup for this payment (may already create the order, as GET /api/cart/add does). */
    quote: fromPromise<PurchaseInfo>(async () => {
      throw new Error('quote is provided by the screen');
    }),
    createOrder: fromPromise<PurchaseInfo, { quote: PurchaseInfo }>(async () => {
      throw new Error('createOrder is provided by the screen');
    }),
    checkout: fromPromise<CheckoutOutcome, { purchase: PurchaseInfo }>(async () => {
      throw new Error('checkout is provided by the screen');
    }),
    confirm: fromPromise<Confirmation, { purchase: PurchaseInfo; response: CheckoutResponse }>(
      async () => {
        throw new Error('confirm is provided by the screen');
      },
    ),
    lookUp: fromPromise<Confirmation, { purchaseId: string }>(async () => {
      throw new Error('lookUp is provided by the screen');
    }),
  },
  guards: {
    hasPurchase: ({ context }) => Boolean(context.purchase?._id),
  },
  actions: {
    /**
     * An answer (the quote, or the order asked for at Pay) found the purchase paid or refunded
     * since the list was shown, in another tab say: nothing to pay, no checkout opened; it is
     * over as the server has it.
     */
    settleAsFound: assign((_, found: PurchaseInfo) => ({
      purchase: found,
      settled: settledElsewhere({ info: found, msg: '' }),
    })),
  },
}).createMachine({
  id: 'payment',
  initial: 'quoting',
  context: {
    quote: null,
    purchase: null,
    response: null,
    settled: null,
    problem: null,
    problemFinal: false,
  },
  states: {
    quoting: {
      invoke: {
        src: 'quote',
        onDone: [
          {
            guard: ({ event }) => moneyMoved(event.output.status),
            target: 'settling',
            actions: { type: 'settleAsFound', params: ({ event }) => event.output },
          },
          { target: 'ready', actions: assign({ quote: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'quoteFailed',
          actions: assign(({ event }) => problemFrom(event.error)),
        },
      },
    },
    quoteFailed: {
      on: { RETRY: { target: 'quoting', actions: assign({ problem: null, problemFinal: false }) } },
    },
    ready: {
      on: {
        PAY: { target: 'creatingOrder' },
      },
    },
    creatingOrder: {
      entry: assign({ problem: null, problemFinal: false }),
      invoke: {
        src: 'createOrder',
        input: ({ context }) => ({ quote: context.quote! }),
        onDone: [
          // Paid in another tab while the breakup was shown: no checkout for a paid order.
          {
            guard: ({ event }) => moneyMoved(event.output.status),
            target: 'settling',
            actions: { type: 'settleAsFound', params: ({ event }) => event.output },
          },
          { target: 'paying', actions: assign({ purchase: ({ event }) => event.output }) },
        ],
        // No checkout opened: the refusal says nothing was charged.
        onError: {
          target: 'failed',
          actions: assign(({ event }) => {
            const { problem, problemFinal } = problemFrom(event.error);
            return { problem: PAYMENT_TEXTS.refusedBeforePaying(problem ?? ''), problemFinal };
          }),
        },
      },
    },
    paying: {
      entry: assign({ problem: null, problemFinal: false }),
      invoke: {
        src: 'checkout',
        input: ({ context }) => ({ purchase: context.purchase! }),
        onDone: [
          {
            guard: ({ event }) => event.output.outcome === 'paid',
            target: 'confirming',
            actions: assign({
              response: ({ event }) =>
                event.output.outcome === 'paid' ? event.output.response : null,
            }),
          },
          { guard: ({ event }) => event.output.outcome === 'dismissed', target: 'closedUnpaid' },
          {
            target: 'failed',
            actions: assign({
              problem: ({ event }) =>
                event.output.outcome === 'failed' && event.output.reason
                  ? PAYMENT_TEXTS.failedBecause(event.output.reason)
                  : PAYMENT_TEXTS.failed,
            }),
          },
        ],
        // The script did not load or open: nothing was paid.
        onError: {
          target: 'failed',
          actions: assign(({ event }) => problemFrom(event.error)),
        },
      },
    },
    confirming: {
      invoke: {
        src: 'confirm',
        input: ({ context }) => ({ purchase: context.purchase!, response: context.response! }),
        onDone: { target: 'settling', actions: assign({ settled: ({ event }) => event.output }) },
        // The payment may well be captured: the webhook or the reconciler will say.
        onError: 'pending',
      },
      after: { [LIMITS.paymentConfirmTimeoutMs]: 'pending' },
    },
    settling: {
      always: [
        {
          guard: ({ context }) => settlementOf(context.settled!.info.status) === 'paid',
          target: 'done',
        },
        {
          guard: ({ context }) => settlementOf(context.settled!.info.status) === 'refunded',
          target: 'refunded',
        },
        {
          guard: ({ context }) => settlementOf(context.settled!.info.status) === 'failed',
          target: 'failed',
          actions: assign({ problem: ({ context }) => outcomeText('failed', context.settled) }),
        },
        { target: 'pending' },
      ],
    },
    pending: {
      initial: 'waiting',
      states: {
        waiting: { after: { [LIMITS.purchasePollMs]: 'asking' } },
        asking: {
          invoke: {
            src: 'lookUp',
            input: ({ context }) => ({ purchaseId: purchaseIdOf(context) }),
            onDone: [
              {
                guard: ({ event }) => settlementOf(event.output.info.status) !== 'pending',
                target: '#payment.settling',
                actions: assign({ settled: ({ event }) => event.output }),
              },
              { target: 'waiting' },
            ],
            onError: 'waiting',
          },
        },
      },
    },
    /**
     * The checkout was closed without paying here: was the purchase paid meanwhile, from another
     * tab that holds the same order (the gateway refuses a paid order's second payment)?
     */
    closedUnpaid: {
      invoke: {
        src: 'lookUp',
        input: ({ context }) => ({ purchaseId: purchaseIdOf(context) }),
        onDone: [
          {
            guard: ({ event }) =>
              event.output.info.status === 'captured' || moneyMoved(event.output.info.status),
            target: 'settling',
            // Paid by the other tab, not by this one.
            actions: assign({ settled: ({ event }) => settledElsewhere(event.output) }),
          },
          { target: 'cancelled' },
        ],
        onError: 'cancelled',
      },
    },
    /** Before paying again: was the last attempt taken after all, or is the order over? */
    rechecking: {
      invoke: {
        src: 'lookUp',
        input: ({ context }) => ({ purchaseId: purchaseIdOf(context) }),
        onDone: [
          {
            // Expired: the order is over, so a fresh one. A failed attempt leaves the order open
            // (purchase.machine.ts): the same order is paid again, not a second purchase.
            guard: ({ event }) => event.output.info.status === 'expired',
            target: 'creatingOrder',
          },
          {
            guard: ({ event }) =>
              event.output.info.status === 'failed' ||
              (settlementOf(event.output.info.status) === 'pending' &&
                event.output.info.status !== 'captured'),
            target: 'paying',
          },
          { target: 'settling', actions: assign({ settled: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'failed',
          actions: assign(({ event }) => problemFrom(event.error)),
        },
      },
    },
    failed: {
      on: {
        RETRY: [{ guard: 'hasPurchase', target: 'rechecking' }, { target: 'creatingOrder' }],
      },
    },
    cancelled: {
      on: {
        RETRY: [{ guard: 'hasPurchase', target: 'rechecking' }, { target: 'creatingOrder' }],
      },
    },
    done: { type: 'final' },
    refunded: { type: 'final' },
  },
});

/** The states the screens tell apart. */
export type PaymentStep =
  | 'quoting'
  | 'quoteFailed'
  | 'ready'
  | 'working'
  | 'paying'
  | 'pending'
  | 'failed'
  | 'cancelled'
  | 'done'
  | 'refunded';

export function paymentStep(value: unknown): PaymentStep {
  if (typeof value === 'object' && value !== null && 'pending' in value) return 'pending';
  switch (value) {
    case 'quoting':
    case 'quoteFailed':
    case 'ready':
    case 'paying':
    case 'failed':
    case 'cancelled':
    case 'done':
    case 'refunded':
      return value;
    default:
      // creatingOrder, confirming, settling, rechecking, closedUnpaid: a call is in flight.
      return 'working';
  }
}
