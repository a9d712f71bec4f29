import { useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { BOLI_PURPLE } from '../../../app/theme.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { loadCheckoutScript, openCheckout } from '../api/checkout.ts';
import {
  fetchPaymentConfig,
  fetchPurchase,
  type Confirmation,
  type PaymentConfig,
  type Request,
} from '../api/paymentsApi.ts';
import type { CheckoutResponse, PurchaseInfo } from '../api/purchaseInfo.ts';
import { paymentMachine, paymentStep } from '../machines/payment.machine.ts';

/** What one kind of purchase does at each step; the rest is the same for every kind. */
export type PaymentFlow = {
  quote(): Promise<PurchaseInfo>;
  /** Omitted when the quote already is the order (the subscription cart). */
  createOrder?(quote: PurchaseInfo): Promise<PurchaseInfo>;
  confirm(purchase: PurchaseInfo, response: CheckoutResponse): Promise<Confirmation>;
};

let config: Promise<PaymentConfig> | null = null;

/** GET /api/payments/config, once per page (again after a failure). */
function paymentConfig(request: Request): Promise<PaymentConfig> {
  config ??= fetchPaymentConfig(request);
  config.catch(() => {
    config = null;
  });
  return config;
}

/**
 * The payment machine for one purchase, wired to the api and the checkout script. The flow is
 * read through a ref, so a refreshed token (a new `request`) is used by the calls still to come.
 */
export function usePayment(flow: PaymentFlow) {
  const { request, envelope } = useApi();
  const latest = useRef({ flow, request, envelope });
  latest.current = { flow, request, envelope };

  const [machine] = useState(() =>
    paymentMachine.provide({
      actors: {
        quote: fromPromise(() => latest.current.flow.quote()),
        createOrder: fromPromise(({ input }) => {
          const create = latest.current.flow.createOrder;
          return create ? create(input.quote) : Promise.resolve(input.quote);
        }),
        checkout: fromPromise(async ({ input }) => {
          const { checkoutScriptUrl } = await paymentConfig(latest.current.request);
          const Razorpay = await loadCheckoutScript(checkoutScriptUrl);
          if (!input.purchase.checkout) throw new Error('the order has no checkout options');
          return openCheckout(Razorpay, input.purchase.checkout, BOLI_PURPLE);
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
  return {
    step: paymentStep(snapshot.value),
    context: snapshot.context,
    pay: () => send({ type: 'PAY' }),
    retry: () => send({ type: 'RETRY' }),
    canPay: snapshot.can({ type: 'PAY' }),
  };
}
