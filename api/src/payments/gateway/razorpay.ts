import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import Razorpay from 'razorpay';
import type { z } from 'zod';
import { GatewayError, NO_ANSWER } from './errors.ts';
import type { GatewayPayment, PaymentGateway } from './port.ts';
import {
  razorpayCollection,
  razorpayOrder,
  razorpayPayment,
  razorpayRefund,
  toGatewayOrder,
  toGatewayPayment,
  toGatewayRefund,
} from './razorpayEntities.ts';

export const RAZORPAY_API_URL = 'https://api.razorpay.com';

/** The most items Razorpay lists in one answer. */
const LIST_PAGE = 100;

/** How long one gateway call may take before it counts as unanswered. */
const REQUEST_TIMEOUT_MS = 15_000;

/**
 * How long a kept-alive connection may stay idle before Boli closes it: sooner than the gateway
 * closes its end (the sandbox's Node server after 5 s and its grace second). A call sent on a
 * connection the server is closing that instant fails with ECONNRESET, and Node's agent heeds a
 * server's Keep-Alive hint only when it has an idle timeout of its own to shorten. Reproduced with
 * a call 6 s after the one before while the event loop was busy, as it is in CI, where an
 * auditor's check of a period would be told 'The payment gateway could not be reached.' A new
 * connection after 4 s idle costs a handshake; Boli's calls to the gateway are few.
 */
export const IDLE_CONNECTION_MS = 4_000;

/**
 * The payment gateway on Razorpay's official SDK. `apiUrl` points the SDK at Razorpay or at the
 * sandbox gateway; every answer is checked with zod and translated to the port's types, every
 * failure becomes a GatewayError.
 */
export function razorpayGateway(config: {
  keyId: string;
  keySecret: string;
  apiUrl?: string;
  /** IDLE_CONNECTION_MS unless a test wants it shorter. */
  idleConnectionMs?: number;
}): PaymentGateway {
  const sdk = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret });
  configureTransport(
    sdkAxios(sdk),
    config.apiUrl ?? RAZORPAY_API_URL,
    config.idleConnectionMs ?? IDLE_CONNECTION_MS,
  );

  return {
    async createOrder(input) {
      const order = await call(razorpayOrder, () =>
        sdk.orders.create({
          amount: input.amount,
          currency: 'INR',
          receipt: input.receipt,
          notes: input.notes,
        }),
      );
      return toGatewayOrder(order);
    },
    async fetchOrder(orderId) {
      return toGatewayOrder(await call(razorpayOrder, () => sdk.orders.fetch(orderId)));
    },
    async fetchOrderPayments(orderId) {
      const list = await call(razorpayCollection(razorpayPayment), () =>
        sdk.orders.fetchPayments(orderId),
      );
      return list.items.map(toGatewayPayment);
    },
    async fetchPayment(paymentId) {
      return toGatewayPayment(await call(razorpayPayment, () => sdk.payments.fetch(paymentId)));
    },
    async paymentsCreated(period, atMost) {
      // Razorpay dates a payment to the second and takes both ends as included.
      const from = Math.ceil(period.from.getTime() / 1000);
      const to = Math.ceil(period.to.getTime() / 1000) - 1;
      const payments: GatewayPayment[] = [];
      // Razorpay answers a page of at most 100; one more than asked for tells whether there are more.
      for (let skip = 0; payments.length <= atMost; skip += LIST_PAGE) {
        const page = await call(razorpayCollection(razorpayPayment), () =>
          sdk.payments.all({ from, to, count: LIST_PAGE, skip }),
        );
        payments.push(...page.items.map(toGatewayPayment));
        if (page.items.length < LIST_PAGE) break;
      }
      return { payments: payments.slice(0, atMost), more: payments.length > atMost };
    },
    async refund(paymentId, input) {
      const refund = await call(razorpayRefund, () =>
        sdk.payments.refund(paymentId, {
          amount: input.amount,
          receipt: input.receipt,
          notes: input.notes,
        }),
      );
      return toGatewayRefund(refund);
    },
  };
}

/** The part of the SDK's axios instance Boli configures. */
type SdkHttp = {
  defaults: { baseURL?: string; timeout?: number; httpAgent?: HttpAgent; httpsAgent?: HttpsAgent };
  interceptors: {
    response: {
      use(
        onAnswer: undefined,
        onFailure: (error: Error & { response?: unknown }) => Promise<never>,
      ): number;
    };
  };
};

/** The SDK's axios instance; its typings do not expose it, its code does (`api.rq`). */
const sdkAxios = (sdk: Razorpay): SdkHttp => (sdk.api as unknown as { rq: SdkHttp }).rq;

/**
 * Points the SDK at `apiUrl` with a timeout and kept-alive connections, each closed once idle for
 * `idleMs`. The SDK reads `error.response.status` of every failure, so an unanswered request (no
 * `response`) is given one here, marked NO_ANSWER, instead of turning into a TypeError inside the
 * SDK.
 */
function configureTransport(http: SdkHttp, apiUrl: string, idleMs: number): void {
  http.defaults.baseURL = apiUrl.replace(/\/+$/, '');
  http.defaults.timeout = REQUEST_TIMEOUT_MS;
  // Keep connections open: without it every call to Razorpay pays a new TCP and TLS handshake.
  // The agent's timeout closes only idle ones: a call under way keeps the axios timeout above.
  http.defaults.httpAgent = new HttpAgent({ keepAlive: true, timeout: idleMs });
  http.defaults.httpsAgent = new HttpsAgent({ keepAlive: true, timeout: idleMs });
  http.interceptors.response.use(undefined, (error) => {
    if (error.response) return Promise.reject(error);
    return Promise.reject(
      Object.assign(error, {
        response: {
          status: NO_ANSWER,
          data: { error: { code: 'NETWORK_ERROR', description: error.message } },
        },
      }),
    );
  });
}

/** The SDK rejects with `{ statusCode, error: { code, description } }`; anything else is a bug. */
type SdkFailure = { statusCode?: number | string; error?: { code?: string; description?: string } };

async function call<T extends z.ZodType>(
  schema: T,
  request: () => Promise<unknown>,
): Promise<z.infer<T>> {
  let answer: unknown;
  try {
    answer = await request();
  } catch (failure) {
    throw toGatewayError(failure);
  }
  const parsed = schema.safeParse(answer);
  if (!parsed.success) {
    throw new GatewayError(502, 'UNEXPECTED_RESPONSE', parsed.error.message);
  }
  return parsed.data;
}

function toGatewayError(failure: unknown): GatewayError {
  if (failure instanceof GatewayError) return failure;
  const { statusCode, error } = (failure ?? {}) as SdkFailure;
  if (statusCode === undefined && failure instanceof Error) {
    return new GatewayError(NO_ANSWER, 'CLIENT_ERROR', failure.message);
  }
  return new GatewayError(
    Number(statusCode ?? NO_ANSWER),
    error?.code ?? 'UNKNOWN_ERROR',
    error?.description ?? 'The payment gateway gave no description',
  );
}
