import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../../ops/src/testing/app.ts';
import { PER_IP_LIMITS } from '../../identity/rateLimit.ts';

/*
 * What a stranger can learn or leave behind by asking again and again, with no account: each
 * caller's IP is counted before anything about the name or address asked for. An app of its own,
 * since this spends its IP's whole allowance.
 */

let app: TestApp;
let redis: Redis;

beforeAll(async () => {
  app = await startApp();
  redis = new Redis(app.config.REDIS_URL);
}, 180_000);

afterAll(async () => {
  redis?.disconnect();
  await app?.stop();
});

const post = async (path: string, json: unknown) => {
  const response = await fetch(`${app.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });
  return response.status;
};

describe('strangers asking with no account', () => {
  it('cannot go on asking which names have accounts: unknown names count against their IP', async () => {
    const asked = (i: number) =>
      post('/api/auth/signin/otp/phone/send', { username: `nobody_${i}_x` });
    for (let i = 0; i < PER_IP_LIMITS.otp.limit; i++) expect(await asked(i)).toBe(404);
    expect(await asked(PER_IP_LIMITS.otp.limit)).toBe(429);
  });

  it('leaves no counter behind for the addresses made up once its IP is over the limit', async () => {
    const forgot = (address: string) => post('/api/auth/forgotPassword', { email: address });
    for (let i = 0; i < PER_IP_LIMITS.forgotPassword.limit; i++) {
      expect(await forgot(`made.up.${i}@example.com`)).toBe(200);
    }
    expect(await forgot('one.more@example.com')).toBe(429);
    const keys = await redis.keys(`${app.config.QUEUE_PREFIX}*one.more*`);
    expect(keys).toEqual([]);
  });
});
