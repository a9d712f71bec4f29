import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError } from '../../app/api/client.ts';
import type { CheckoutOutcome } from '../api/checkout.ts';
import type { Confirmation } from '../api/paymentsApi.ts';
import type { CheckoutResponse, PurchaseInfo, PurchaseStatus } from '../api/purchaseInfo.ts';
import { PAYMENT_TEXTS } from '../model/paymentTexts.ts';
import { paymentMachine, paymentStep } from './payment.machine.ts';

const breakup = {
  totalPrice: 100,
  taxSGSTPercent: 9,
  taxCGSTPercent: 9,
  taxIGSTPercent: 0,
  taxSGSTAmount: 9,
  taxCGSTAmount: 9,
  taxIGSTAmount: 0,
  totalPriceAfterTax: 118,
};

const quote: PurchaseInfo = {
  ...breakup,
  _id: null,
  kind: 'bidFee',
  name: 'Bid processing fee',
  status: null,
  razorpay_order_id: null,
  message: null,
  checkout: null,
  adjustedFinalPayment: null,
};

const order = (id = 'p1', orderId = 'order_1'): PurchaseInfo => ({
  ...quote,
  _id: id,
  status: 'ordered',
  razorpay_order_id: orderId,
  checkout: {
    key: 'rzp_test',
    amount: 11800,
    currency: 'INR',
    order_id: orderId,
    name: 'Boli',
    description: 'Bid processing fee',
    prefill: {},
  },
});

const response: CheckoutResponse = {
  razorpay_payment_id: 'pay_1',
  razorpay_order_id: 'order_1',
  razorpay_signature: 'sig',
};

const at = (status: PurchaseStatus, msg = '', message: string | null = null): Confirmation => ({
  info: { ...order(), status, message },
  msg,
});

type Fakes = {
  quote?: () => Promise<PurchaseInfo>;
  createOrder?: () => Promise<PurchaseInfo>;
  checkout?: () => Promise<CheckoutOutcome>;
  confirm?: () => Promise<Confirmation>;
  lookUp?: () => Promise<Confirmation>;
};

function start(fakes: Fakes) {
  const calls = { quote: 0, createOrder: 0, checkout: 0, confirm: 0, lookUp: 0 };
  const counted =
    <T>(name: keyof typeof calls, fake: (() => Promise<T>) | undefined) =>
    () => {
      calls[name] += 1;
      return fake ? fake() : new Promise<T>(() => undefined);
    };
  const actor = createActor(
    paymentMachine.provide({
      actors: {
        quote: fromPromise(counted('quote', fakes.quote ?? (async () => quote))),
        createOrder: fromPromise(
          counted('createOrder', fakes.createOrder ?? (async () => order())),
        ),
        checkout: fromPromise(counted('checkout', fakes.checkout)),
        confirm: fromPromise(counted('confirm', fakes.confirm)),
        lookUp: fromPromise(counted('lookUp', fakes.lookUp)),
      },
    }),
  );
  actor.start();
  const step = () => paymentStep(actor.getSnapshot().value);
  return { actor, calls, step, send: actor.send.bind(actor) };
}

const paid = async (): Promise<CheckoutOutcome> => ({ outcome: 'paid', response });
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('one payment', () => {
  it('quotes, creates the order, opens checkout, confirms and is done with the server’s msg', async () => {
    const payment = start({
      checkout: paid,
      confirm: async () => at('fulfilled', MESSAGES.bidPosted),
    });
    await flush();
    expect(payment.step()).toBe('ready');
    expect(payment.actor.getSnapshot().context.quote).toEqual(quote);
    payment.send({ type: 'PAY' });
    await flush();
    expect(payment.step()).toBe('done');
    expect(payment.actor.getSnapshot().context.settled?.msg).toBe(MESSAGES.bidPosted);
    expect(payment.calls).toEqual({ quote: 1, createOrder: 1, checkout: 1, confirm: 1, lookUp: 0 });
  });

  it('is over at once, with nothing to pay, when the quote is a purchase paid since', async () => {
    const payment = start({ quote: async () => at('fulfilled').info });
    await flush();
    expect(payment.step()).toBe('done');
    expect(payment.actor.getSnapshot().context.settled?.msg).toBe(PAYMENT_TEXTS.alreadyPaid);
    const refunded = start({ quote: async () => at('refunded').info });
    await flush();
    expect(refunded.step()).toBe('refunded');
    expect(payment.calls).toEqual({ quote: 1, createOrder: 0, checkout: 0, confirm: 0, lookUp: 0 });
  });

  it('opens no checkout when the order asked for at Pay finds the purchase paid meanwhile', async () => {
    // Paid in another tab while this one showed the breakup.
    const payment = start({ createOrder: async () => at('fulfilled').info });
    await flush();
    payment.send({ type: 'PAY' });
    await flush();
    expect(payment.step()).toBe('done');
    expect(payment.actor.getSnapshot().context.settled?.msg).toBe(PAYMENT_TEXTS.alreadyPaid);
    expect(payment.calls).toEqual({ quote: 1, createOrder: 1, checkout: 0, confirm: 0, lookUp: 0 });
  });

  it('creates one order however often Pay is clicked', async () => {
    const payment = start({});
    await flush();
    for (let click = 0; click < 5; click += 1) payment.send({ type: 'PAY' });
    await flush();
    expect(payment.step()).toBe('paying');
    expect(payment.calls.createOrder).toBe(1);
    expect(payment.calls.checkout).toBe(1);
  });

  it('says the quote failed with the server’s words and quotes again on Try again', async () => {
    let fail = true;
    const payment = start({
      quote: async () => {
        if (fail) throw new ApiError(400, 'Enter all bid details');
        return quote;
      },
    });
    await flush();
    expect(payment.step()).toBe('quoteFailed');
    expect(payment.actor.getSnapshot().context.problem).toBe('Enter all bid details');
    fail = false;
    payment.send({ type: 'RETRY' });
    await flush();
    expect(payment.step()).toBe('ready');
  });

  it('marks a refusal of the request as final, a passing failure as not', async () => {
    const refused = start({
      quote: async () => {
        throw new ApiError(409, MESSAGES.companyNameTaken);
      },
    });
    const away = start({
      quote: async () => {
        throw new ApiError(503, MESSAGES.generic);
      },
    });
    await flush();
    expect(refused.actor.getSnapshot().context).toMatchObject({
      problem: MESSAGES.companyNameTaken,
      problemFinal: true,
    });
    expect(away.actor.getSnapshot().context.problemFinal).toBe(false);
  });
});

describe('when the success call does not settle it', () => {
  it('is being confirmed after a network error, and polls until the purchase is fulfilled', async () => {
    const answers: Confirmation[] = [at('ordered'), at('captured'), at('fulfilled')];
    const payment = start({
      checkout: paid,
      confirm: async () => {
        throw new ApiError(0, '');
      },
      lookUp: async () => answers.shift()!,
    });
    await flush();
    payment.send({ type: 'PAY' });
    await flush();
    expect(payment.step()).toBe('pending');
    await vi.advanceTimersByTimeAsync(LIMITS.purchasePollMs);
    expect(payment.step()).toBe('pending');
    await vi.advanceTimersByTimeAsync(LIMITS.purchasePollMs);
    expect(payment.step()).toBe('pending');
    await vi.advanceTimersByTimeAsync(LIMITS.purchasePollMs);
    expect(payment.step()).toBe('done');
    expect(payment.calls).toMatchObject({ confirm: 1, lookUp: 3, createOrder: 1, checkout: 1 });
  });

  it('stops waiting for a success call that hangs, and keeps polling through errors', async () => {
    let lookUps = 0;
    const payment = start({
      checkout: paid,
      lookUp: async () => {
        lookUps += 1;
        if (lookUps === 1) throw new ApiError(0, '');
        return at('fulfilled');
      },
    });
    await flush();
    payment.send({ type: 'PAY' });
    await flush();
    expect(payment.step()).toBe('working');
    await vi.advanceTimersByTimeAsync(LIMITS.paymentConfirmTimeoutMs);
    expect(payment.step()).toBe('pending');
    await vi.advanceTimersByTimeAsync(LIMITS.purchasePollMs * 2);
    expect(payment.step()).toBe('done');
    expect(lookUps).toBe(2);
  });

  it('tells a refund (bidding closed meanwhile) with the server’s reason', async () => {
    const reason = 'Bidding closed before your fee was received; it has been refunded.';
    const payment = start({
      checkout: paid,
      confirm: async () => at('refundPending', reason, reason),
    });
    await flush();
    payment.send({ type: 'PAY' });
    await flush();
    expect(payment.step()).toBe('refunded');
    expect(payment.actor.getSnapshot().context.settled?.info.message).toBe(reason);
  });
});

describe('a checkout that does not end in a payment', () => {
  it('is cancelled when closed, and Try again reopens the same order if it is still open', async () => {
    const outcomes: CheckoutOutcome[] = [{ outcome: 'dismissed' }, { outcome: 'paid', response }];
    const payment = start({
      checkout: async () => outcomes.shift()!,
      confirm: async () => at('fulfilled'),
      lookUp: async () => at('ordered'),
    });
    await flush();
    payment.send({ type: 'PAY' });
    await flush();
    expect(payment.step()).toBe('cancelled');
    payment.send({ type: 'RETRY' });
    await flush();
    expect(payment.step()).toBe('done');
    // Asked once on closing (paid elsewhere?), once before reopening.
    expect(payment.calls).toMatchObject({ createOrder: 1, checkout: 2, lookUp: 2 });
  });

  it('closed after another tab paid the same order, is done, and asks for nothing more', async () => {
    const payment = start({
      checkout: async () => ({ outcome: 'dismissed' }),
      lookUp: async () => at('fulfilled'),
    });
    await flush();
    payment.send({ type: 'PAY' });
    await flush();
    expect(payment.step()).toBe('done');
    expect(payment.calls).toMatchObject({ createOrder: 1, checkout: 1, confirm: 0, lookUp: 1 });
    // Not this tab's payment: it says the purchase was paid already, not 'Payment successful.'
    expect(payment.actor.getSnapshot().context.settled?.msg).toBe(PAYMENT_TEXTS.alreadyPaid);
  });

  it('closed while the server cannot be asked, is cancelled', async () => {
    const payment = start({
      checkout: async () => ({ outcome: 'dismissed' }),
      lookUp: async () => {
        throw new Error('offline');
      },
    });
    await flush();
    payment.send({ type: 'PAY' });
    await flush();
    expect(payment.step()).toBe('cancelled');
  });

  it('after a failed attempt, does not ask for money again when the server has it already', async () => {
    const payment = start({
      checkout: async () => ({ outcome: 'failed', reason: 'Card declined' }),
      lookUp: async () => at('captured'),
    });
    await flush();
    payment.send({ type: 'PAY' });
    await flush();
    expect(payment.step()).toBe('failed');
    expect(payment.actor.getSnapshot().context.problem).toBe(
      'Payment failed: Card declined. Nothing was charged. Please try again.',
    );
    payment.send({ type: 'RETRY' });
    await flush();
    expect(payment.step()).toBe('pending');
    expect(payment.calls.checkout).toBe(1);
  });

  it('pays the same order again after a failed attempt: one purchase, not two', async () => {
    const outcomes: CheckoutOutcome[] = [
      { outcome: 'failed', reason: 'Card declined' },
      { outcome: 'paid', response },
    ];
    const payment = start({
      checkout: async () => outcomes.shift()!,
      confirm: async () => at('fulfilled'),
      lookUp: async () => at('failed'),
    });
    await flush();
    payment.send({ type: 'PAY' });
    await flush();
    expect(payment.step()).toBe('failed');
    payment.send({ type: 'RETRY' });
    await flush();
    expect(payment.step()).toBe('done');
    expect(payment.calls).toMatchObject({ createOrder: 1, checkout: 2, lookUp: 1 });
  });

  it('makes a new order when the old one expired on the server', async () => {
    const payment = start({
      checkout: async () => ({ outcome: 'failed', reason: '' }),
      lookUp: async () => at('expired'),
    });
    await flush();
    payment.send({ type: 'PAY' });
    await flush();
    expect(payment.actor.getSnapshot().context.problem).toBe(PAYMENT_TEXTS.failed);
    payment.send({ type: 'RETRY' });
    await flush();
    expect(payment.calls.createOrder).toBe(2);
  });

  it('fails with the server’s words when the order cannot be made, and nothing was opened', async () => {
    const payment = start({
      createOrder: async () => {
        throw new ApiError(403, MESSAGES.pleaseSubscribe);
      },
    });
    await flush();
    payment.send({ type: 'PAY' });
    await flush();
    expect(payment.step()).toBe('failed');
    expect(payment.actor.getSnapshot().context.problem).toBe(
      `${MESSAGES.pleaseSubscribe} Nothing was charged.`,
    );
    expect(payment.calls.checkout).toBe(0);
  });
});
