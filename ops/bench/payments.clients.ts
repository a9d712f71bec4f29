// The payments bench's outside world, in a process of its own so that it does not eat into the
// api's event loop: the sandbox payment gateway (Razorpay's wire contract; in production a remote
// service) and the load — members opening orders, the gateway redelivering webhooks. The parent
// sends one task at a time over IPC and gets its result back.
import knex, { type Knex } from 'knex';
import { webhookSignature } from '@boli/api/payments/gateway/signatures';
import { startPaymentSandbox, type PaymentSandbox } from '@boli/api/sandbox/payments/server';
import { serveTasks } from './taskProcess.ts';

export type GatewayKeys = { keyId: string; keySecret: string; webhookSecret: string };

export type PaymentsTask =
  | { kind: 'startGateway'; databaseUrl: string; webhookUrl: string; keys: GatewayKeys }
  | { kind: 'orders'; baseUrl: string; tokens: string[]; inFlight: number; ms: number }
  | {
      kind: 'webhooks';
      baseUrl: string;
      bodies: string[];
      webhookSecret: string;
      /** Event ids are `<idPrefix>_<n>`: unique across runs. */
      idPrefix: string;
      inFlight: number;
      ms: number;
    }
  | { kind: 'stopGateway' };

export type LoadResult = {
  ok: number;
  failed: number;
  perSecond: number;
  /** Latencies of the answered requests, ms, ascending. */
  latencies: number[];
  firstError?: string;
};

let sandbox: { gateway: PaymentSandbox; db: Knex } | undefined;

async function startGateway(task: Extract<PaymentsTask, { kind: 'startGateway' }>) {
  const db = knex({ client: 'pg', connection: task.databaseUrl, pool: { min: 0, max: 8 } });
  const gateway = await startPaymentSandbox({
    db,
    port: 0,
    ...task.keys,
    webhookUrl: task.webhookUrl,
    webhookRetryBaseMs: 200,
  });
  sandbox = { gateway, db };
  return { url: gateway.url };
}

async function stopGateway() {
  await sandbox?.gateway.close();
  await sandbox?.db.destroy();
  sandbox = undefined;
  return {};
}

/** `inFlight` loops sending `request` back to back for `ms`; each answer must be a 2xx. */
async function closedLoop(
  inFlight: number,
  ms: number,
  request: (n: number) => Promise<Response>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let failed = 0;
  let firstError: string | undefined;
  let next = 0;
  const started = performance.now();
  const deadline = started + ms;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        try {
          const response = await request(next++);
          const text = await response.text();
          if (response.status >= 200 && response.status < 300) {
            latencies.push(performance.now() - sent);
          } else {
            failed++;
            firstError ??= `${response.status} ${text.slice(0, 200)}`;
          }
        } catch (error) {
          failed++;
          firstError ??= String(error);
        }
      }
    }),
  );
  return {
    ok: latencies.length,
    failed,
    perSecond: latencies.length / ((performance.now() - started) / 1000),
    latencies: latencies.sort((a, b) => a - b),
    ...(firstError === undefined ? {} : { firstError }),
  };
}

/** GET /api/cart/add/lifetime/web: purchase info, the purchase recorded, the order opened. */
function orders(task: Extract<PaymentsTask, { kind: 'orders' }>): Promise<LoadResult> {
  return closedLoop(task.inFlight, task.ms, (n) =>
    fetch(`${task.baseUrl}/api/cart/add/lifetime/web`, {
      headers: { authorization: `Bearer ${task.tokens[n % task.tokens.length]}` },
    }),
  );
}

/**
 * Signed webhooks POSTed to the api as the gateway sends them, each under a new event id. The
 * signature covers the body only (the id travels in a header), so each body is signed once.
 */
function webhooks(task: Extract<PaymentsTask, { kind: 'webhooks' }>): Promise<LoadResult> {
  const signed = task.bodies.map((body) => ({
    body,
    signature: webhookSignature(body, task.webhookSecret),
  }));
  return closedLoop(task.inFlight, task.ms, (n) => {
    const { body, signature } = signed[n % signed.length]!;
    return fetch(`${task.baseUrl}/api/payments/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Razorpay-Webhook/v1 (Boli bench)',
        'x-razorpay-event-id': `${task.idPrefix}_${n}`,
        'x-razorpay-signature': signature,
      },
      body,
    });
  });
}

async function runTask(task: PaymentsTask): Promise<unknown> {
  switch (task.kind) {
    case 'startGateway':
      return startGateway(task);
    case 'stopGateway':
      return stopGateway();
    case 'orders':
      return orders(task);
    case 'webhooks':
      return webhooks(task);
    default: {
      const unknown: never = task;
      throw new Error(`unknown task ${JSON.stringify(unknown)}`);
    }
  }
}

serveTasks(runTask);
