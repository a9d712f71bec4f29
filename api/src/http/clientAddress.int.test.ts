import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterEach, describe, expect, it } from 'vitest';
import { clientAddressOptions } from '../app.ts';

/*
 * The address the per-address limits count (ctx.ip), through a real socket: a client cannot
 * choose it with X-Forwarded-For unless a proxy the api trusts stands in front.
 */

let server: http.Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

async function addressSeen(trustedProxies: number, forwardedFor?: string): Promise<string> {
  const app = new Koa(clientAddressOptions(trustedProxies));
  app.use((ctx) => {
    ctx.body = ctx.ip;
  });
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const response = await fetch(`http://127.0.0.1:${port}/`, {
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  return response.text();
}

describe('the client address', () => {
  it('is the socket’s when no proxy is trusted, whatever X-Forwarded-For says', async () => {
    expect(await addressSeen(0, '203.0.113.23')).toMatch(/127\.0\.0\.1$/);
  });

  it('is the entry the trusted proxy appended, not the one the client wrote before it', async () => {
    // nginx's $proxy_add_x_forwarded_for: what the client sent, then the address nginx saw.
    expect(await addressSeen(1, '203.0.113.23, 198.51.100.7')).toBe('198.51.100.7');
    expect(await addressSeen(1, '198.51.100.7')).toBe('198.51.100.7');
  });
});
