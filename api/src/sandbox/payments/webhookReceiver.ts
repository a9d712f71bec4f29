import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = {
  eventId: string;
  signature: string;
  rawBody: string;
  event: string;
};

export type WebhookReceiver = {
  url: string;
  received: ReceivedWebhook[];
  /**
   * Answer the next n deliveries (of those whose body `matches`, when given) with this status
   * instead of 200.
   */
  refuseNext(n: number, status?: number, matches?: (rawBody: string) => boolean): void;
  /** Resolves once `count` deliveries match, or rejects after `timeoutMs`. */
  waitFor(
    match: (webhook: ReceivedWebhook) => boolean,
    count?: number,
    timeoutMs?: number,
  ): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
};

/**
 * A tiny HTTP endpoint that records the webhooks the sandbox gateway sends, for tests that look
 * at the wire without starting the whole api.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let refusals: { left: number; status: number; matches: (rawBody: string) => boolean } = {
    left: 0,
    status: 500,
    matches: () => true,
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      if (refusals.left > 0 && refusals.matches(rawBody)) {
        refusals.left -= 1;
        response.writeHead(refusals.status).end();
        return;
      }
      received.push({
        eventId: String(request.headers['x-razorpay-event-id'] ?? ''),
        signature: String(request.headers['x-razorpay-signature'] ?? ''),
        rawBody,
        event: (JSON.parse(rawBody) as { event: string }).event,
      });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook`,
    received,
    refuseNext(n, status = 500, matches = () => true) {
      refusals = { left: n, status, matches };
    },
    async waitFor(match, count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.filter(match);
        if (found.length >= count) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `expected ${count} matching webhooks, got ${found.length} of ${received.length}`,
          );
        }
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
