import type { CheckoutOptions, CheckoutResponse } from './purchaseInfo.ts';

/*
 * The payment provider's checkout script (Razorpay's checkout.js, or the sandbox's copy of it in
 * development and tests): loaded once per page, then `new window.Razorpay(options).open()`.
 */

type FailedPayment = { error?: { description?: string; reason?: string } };

type RazorpayInstance = {
  open(): void;
  on(event: 'payment.failed', callback: (answer: FailedPayment) => void): void;
};

type RazorpayOptions = CheckoutOptions & {
  handler: (response: CheckoutResponse) => void;
  modal: { ondismiss: () => void };
  theme?: { color: string };
};

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

const loading = new Map<string, Promise<RazorpayConstructor>>();

/** Adds the script tag once per URL; a failed load is forgotten so the next try loads again. */
export function loadCheckoutScript(url: string): Promise<RazorpayConstructor> {
  const known = loading.get(url);
  if (known) return known;
  const promise = new Promise<RazorpayConstructor>((resolve, reject) => {
    if (window.Razorpay) {
      resolve(window.Razorpay);
      return;
    }
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () =>
      window.Razorpay ? resolve(window.Razorpay) : reject(new Error('checkout script is empty'));
    script.onerror = () => {
      script.remove();
      reject(new Error(`could not load ${url}`));
    };
    document.head.appendChild(script);
  });
  loading.set(url, promise);
  promise.catch(() => loading.delete(url));
  return promise;
}

/** How a checkout ended: paid (with the provider's ids and signature), dismissed, or failed. */
export type CheckoutOutcome =
  | { outcome: 'paid'; response: CheckoutResponse }
  | { outcome: 'dismissed' }
  | { outcome: 'failed'; reason: string };

/**
 * Opens the checkout for one order and answers how it ended. As with Razorpay, a failed attempt
 * leaves the checkout open so the customer can try again there (`onAttemptFailed` hears its
 * reason meanwhile); closing it after a failure ends as failed (with the provider's reason),
 * closing it before any attempt as dismissed.
 */
export function openCheckout(
  Razorpay: RazorpayConstructor,
  options: CheckoutOptions,
  themeColor: string,
  onAttemptFailed: (reason: string) => void = () => {},
): Promise<CheckoutOutcome> {
  return new Promise((resolve) => {
    let settled = false;
    let failure: string | null = null;
    const settle = (outcome: CheckoutOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const instance = new Razorpay({
      ...options,
      theme: { color: themeColor },
      handler: (response) => settle({ outcome: 'paid', response }),
      modal: {
        ondismiss: () =>
          settle(
            failure === null ? { outcome: 'dismissed' } : { outcome: 'failed', reason: failure },
          ),
      },
    });
    instance.on('payment.failed', (answer) => {
      failure = answer.error?.description || answer.error?.reason || '';
      onAttemptFailed(failure);
    });
    instance.open();
  });
}
