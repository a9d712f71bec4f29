import { useEffect, useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { BOLI_PURPLE } from '../../app/colours.ts';
import { useApi, type ApiRequest } from '../../app/session/useApi.ts';
import { loadCheckoutScript, openCheckout } from '../api/checkout.ts';
import {
  fetchPaymentConfig,
  fetchPurchase,
  type Confirmation,
  type PaymentConfig,
} from '../api/paymentsApi.ts';
import type { CheckoutResponse, PurchaseInfo } from '../api/purchaseInfo.ts';
import { paymentMachine, paymentStep } from '../machines/payment.machine.ts';

/** What one kind of purchase does at each step; the rest is the same for every kind. */
export type PaymentFlow = {
  /** The price breakup; records nothing, so a member who closes the dialog leaves no cart. */
  quote(): Promise<PurchaseInfo>;
  /** Pay: the purchase with its gateway order. */
  createOrder(quote: PurchaseInfo): Promise<PurchaseInfo>;
  confirm(purchase: PurchaseInfo, response: CheckoutResponse): Promise<Confirmation>;
};

let config: Promise<PaymentConfig> | null = null;

/** GET /api/payments/config, once per page (again after a failure). */
function paymentConfig(request: ApiRequest): Promise<PaymentConfig> {
  config ??= fetchPaymentConfig(request);
  config.catch(() => {
    config = null;
  });
  return config;
}

/**
 * The payment machine for one purchase, wired to the api and the checkout script; `onPaid` hears of
 * the confirmed payment once, `onOver` of a payment that ended otherwise (refunded, or left for the
 * server to confirm), after which what the screen shows may have changed. The flow is read through
 * a ref, so a refreshed token (a new `request`) is used by the calls still to come.
 */
export function usePayment(
  flow: PaymentFlow,
  onPaid: (confirmation: Confirmation) => void,
  onOver?: () => void,
) {
  const { request, envelope } = useApi();
  const latest = useRef({ flow, request, envelope, onPaid, onOver });
  latest.current = { flow, request, envelope, onPaid, onOver };
  // A failed attempt while the checkout stays open for another: its reason, till the checkout ends.
  const [failedAttempt, setFailedAttempt] = useState<string | null>(null);

  const [machine] = useState(() =>
    paymentMachine.provide({
      actors: {
        quote: fromPromise(() => latest.current.flow.quote()),
        createOrder: fromPromise(({ input }) => latest.current.flow.createOrder(input.quote)),
        checkout: fromPromise(async ({ input }) => {
          const { checkoutScriptUrl } = await paymentConfig(latest.current.request);
          const Razorpay = await loadCheckoutScript(checkoutScriptUrl);
          if (!input.purchase.checkout) throw new Error('the order has no checkout options');
          setFailedAttempt(null);
          return openCheckout(Razorpay, input.purchase.checkout, BOLI_PURPLE, setFailedAttempt);
        }),
        confirm: fromPromise(({ input }) =>
          latest.current.flow.confirm(input.purchase, input.response),
        ),
        lookUp: fromPromise(({ input }) =>
          fetchPurchase(latest.current.envelope, input.purchaseId),
        ),
      },
    }),
  );
  const [snapshot, send] = useMachine(machine);
  const step = paymentStep(snapshot.value);
  const { settled } = snapshot.context;
  useEffect(() => {
    if (step === 'done' && settled) latest.current.onPaid(settled);
  }, [step, settled]);
  useEffect(() => {
    if (step === 'refunded' || step === 'pending') latest.current.onOver?.();
  }, [step]);

  return {
    step,
    context: snapshot.context,
    failedAttempt: step === 'paying' ? failedAttempt : null,
    /** A call or the checkout is under way: the payment cannot be left now. */
    inFlight: step === 'working' || step === 'paying',
    pay: () => send({ type: 'PAY' }),
    retry: () => send({ type: 'RETRY' }),
    canPay: snapshot.can({ type: 'PAY' }),
  };
}

/** One purchase's payment as the screens see it. */
export type Payment = ReturnType<typeof usePayment>;
