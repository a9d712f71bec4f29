import type { Knex } from 'knex';
import { SessionService } from '@boli/api/identity/sessions';
import { payAtSandboxCheckout } from '@boli/api/sandbox/payments/controlClient';
import { allProjections } from '@boli/projections/registry';
import { findUserByUsername } from '@boli/projections/users/users.queries';

/*
 * The demo's payments, so that the auditor (harish_gowda) has a ledger, invoices, a credit note
 * and Compare to look at: made once the app serves, on a database whose sandbox gateway has
 * taken no order yet, and the way members pay — the cart opens an order, the sandbox's checkout
 * takes or refuses the money, and the checkout callback (or the gateway's webhook) tells Boli.
 * Nothing is written behind the app's back, so every figure is the real flow's.
 */

/** Who pays what, by username: demo members (members.ts). One missing is left out. */
export type DemoPayers = {
  /** Each buys the Lifetime Subscription and pays. */
  readonly paid: readonly string[];
  /** Buys it in two tabs at once and pays both: the second is refunded, with a credit note. */
  readonly twice: string;
  /** Buys it and the payment fails: a failed attempt, and a purchase left unpaid. */
  readonly failed: string;
};

export const DEMO_PAYERS: DemoPayers = {
  // In the supplier's state (Karnataka: CGST and SGST), and in two others (IGST).
  paid: ['sneha_kulkarni', 'arjun_reddy', 'priya_iyer'],
  twice: 'rahul_verma',
  failed: 'deepak_joshi',
};

export type DemoPaymentsOptions = {
  readonly db: Knex;
  /** The api, as a member's browser reaches it. */
  readonly baseUrl: string;
  /** The sandbox gateway (RAZORPAY_API_URL). */
  readonly gatewayUrl: string;
  readonly jwtSecret: string;
  readonly payers?: DemoPayers;
};

export type DemoPaymentsResult =
  | { readonly made: false; readonly why: string }
  | {
      readonly made: true;
      readonly paid: number;
      readonly refunded: number;
      readonly failed: number;
    };

type Order = { readonly purchaseId: string; readonly orderId: string };

export async function makeDemoPayments(options: DemoPaymentsOptions): Promise<DemoPaymentsResult> {
  const { db, payers = DEMO_PAYERS } = options;
  if (await db('sandbox_gateway_orders').first()) {
    return { made: false, why: 'the sandbox gateway has orders already' };
  }
  const tokens = await sessionsOf(db, options.jwtSecret, [
    ...payers.paid,
    payers.twice,
    payers.failed,
  ]);
  const client = demoClient(options);
  let paid = 0;
  for (const username of payers.paid) {
    const token = tokens.get(username);
    if (!token) continue;
    await client.payAndConfirm(token, await client.orderSubscription(token));
    paid += 1;
  }
  let refunded = 0;
  const twiceToken = tokens.get(payers.twice);
  if (twiceToken) {
    // Both orders opened before either is recorded, as two tabs would: two purchases (or, should
    // the second find the first recorded, the same one again: then it is paid once).
    const [first, second] = await Promise.all([
      client.orderSubscription(twiceToken),
      client.orderSubscription(twiceToken),
    ]);
    await client.payAndConfirm(twiceToken, first);
    paid += 1;
    if (second.purchaseId !== first.purchaseId) {
      // The second tab's payment is told by the gateway's webhook, and refunded as not needed.
      await client.pay(second, 'success');
      paid += 1;
      refunded += 1;
    }
  }
  const failedToken = tokens.get(payers.failed);
  if (failedToken) await client.pay(await client.orderSubscription(failedToken), 'failure');
  return { made: true, paid, refunded, failed: failedToken ? 1 : 0 };
}

/** A session for each of `usernames` that is a member's, issued as a sign-in would. */
async function sessionsOf(
  db: Knex,
  jwtSecret: string,
  usernames: readonly string[],
): Promise<Map<string, string>> {
  const sessions = new SessionService(db, jwtSecret);
  const tokens = new Map<string, string>();
  for (const username of usernames) {
    const user = await findUserByUsername(db, username);
    if (user)
      tokens.set(username, (await sessions.issue(user.user_id, ['member'], new Date())).token);
  }
  return tokens;
}

function demoClient({ baseUrl, gatewayUrl }: Pick<DemoPaymentsOptions, 'baseUrl' | 'gatewayUrl'>) {
  const post = async (url: string, body: unknown, token?: string) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`demo payments: ${url} answered ${response.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  /** Paid (or refused) at the sandbox's checkout: its webhook tells Boli. */
  const pay = (order: Order, outcome: 'success' | 'failure') =>
    payAtSandboxCheckout(gatewayUrl, order.orderId, outcome);
  return {
    /** The Lifetime Subscription put in the cart: a purchase with an open order. */
    async orderSubscription(token: string): Promise<Order> {
      const response = await fetch(new URL('/api/cart/add/lifetime/web', baseUrl), {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as {
        data?: { _id: string; razorpay_order_id: string };
        msg?: string;
      };
      if (!response.ok || !body.data) {
        throw new Error(`demo payments: the cart answered ${response.status} ${body.msg ?? ''}`);
      }
      return { purchaseId: body.data._id, orderId: body.data.razorpay_order_id };
    },
    pay,
    /** Paid at the sandbox's checkout, then confirmed by the checkout callback. */
    async payAndConfirm(token: string, order: Order): Promise<void> {
      const checkout = await pay(order, 'success');
      await post(
        new URL('/api/cart/payment/', baseUrl).href,
        { ...checkout, cart_id: order.purchaseId },
        token,
      );
    },
  };
}

/** Waits until `check` holds, asking every half second, at most `timeoutMs`. */
export async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return true;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

/**
 * Whether the api at `baseUrl` is healthy and every read model has caught up with the log: on a
 * first start the projections are still reading the demo's events, and a purchase needs the
 * members and the prices.
 */
export async function caughtUp(baseUrl: string): Promise<boolean> {
  const response = await fetch(new URL('/healthz', baseUrl));
  if (!response.ok) return false;
  const { data } = (await response.json()) as {
    data: { projections: { name: string; lagEvents: number }[] };
  };
  const lag = new Map(data.projections.map(({ name, lagEvents }) => [name, lagEvents]));
  return allProjections.every(({ name }) => lag.get(name) === 0);
}

/** Whether anything listens at `url` (the sandbox gateway). */
export const listening = (url: string) => fetch(url).then(() => true);
