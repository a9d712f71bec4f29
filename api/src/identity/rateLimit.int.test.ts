import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { testRedisUrl, uniquePrefix } from '../../../ops/src/testing/database.ts';
import { freePort } from '../../../ops/src/testing/ports.ts';
import { consume } from './rateLimit.ts';

describe('rate limits in Redis', () => {
  const redis = new Redis(testRedisUrl());
  afterAll(() => redis.disconnect());

  it('allows up to the limit per window, then refuses with the seconds to wait', async () => {
    const rule = { name: uniquePrefix(), limit: 3, windowSeconds: 60 };
    const now = new Date('2026-11-21T10:00:10Z');
    const verdicts = [];
    for (let i = 0; i < 4; i++)
      verdicts.push(await consume(redis, rule, ['user:asha', 'ip:1.2.3.4'], now));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    // The next fits once a third of the three has slid out: 20 s into the next window.
    expect(verdicts[3]).toMatchObject({ remaining: 0, retryAfterSeconds: 70 });
    // A new window is no fresh start: the last one's three still count at its edge…
    expect(
      (await consume(redis, rule, ['user:asha'], new Date('2026-11-21T10:01:00Z'))).allowed,
    ).toBe(false);
    // …fewer as it goes by, and the refusal above was not counted.
    expect(
      (await consume(redis, rule, ['user:asha'], new Date('2026-11-21T10:01:20Z'))).allowed,
    ).toBe(true);
  });

  it('lets no more than the limit through when attempts arrive together', async () => {
    const rule = { name: uniquePrefix(), limit: 5, windowSeconds: 60 };
    const now = new Date('2026-11-21T10:00:30Z');
    const verdicts = await Promise.all(
      Array.from({ length: 20 }, () => consume(redis, rule, ['ip:5.5.5.5'], now)),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
  });

  it('a busy IP is limited even when each account is not', async () => {
    const rule = { name: uniquePrefix(), limit: 2, windowSeconds: 60 };
    const now = new Date('2026-11-21T10:00:00Z');
    await consume(redis, rule, ['user:a', 'ip:9.9.9.9'], now);
    await consume(redis, rule, ['user:b', 'ip:9.9.9.9'], now);
    expect((await consume(redis, rule, ['user:c', 'ip:9.9.9.9'], now)).allowed).toBe(false);
  });
});

describe('rate limits while Redis cannot be reached', () => {
  it('count in the process, with the same limits and windows', async () => {
    const away = new Redis(await freePort(), '127.0.0.1', { maxRetriesPerRequest: 2 });
    away.on('error', () => undefined);
    try {
      const rule = { name: uniquePrefix(), limit: 2, windowSeconds: 60 };
      const now = new Date('2026-11-21T10:00:10Z');
      const started = performance.now();
      const verdicts = [];
      for (let i = 0; i < 3; i++)
        verdicts.push(await consume(away, rule, ['user:asha', 'ip:1.2.3.4'], now));
      // Answered at once, not after ioredis' reconnection attempts.
      expect(performance.now() - started).toBeLessThan(100);
      expect(verdicts.map((v) => v.allowed)).toEqual([true, true, false]);
      expect(verdicts[2]).toMatchObject({ remaining: 0, retryAfterSeconds: 80 });
      expect((await consume(away, rule, ['user:ravi'], now)).allowed).toBe(true);
      expect(
        (await consume(away, rule, ['user:asha'], new Date('2026-11-21T10:01:00Z'))).allowed,
      ).toBe(false);
      expect(
        (await consume(away, rule, ['user:asha'], new Date('2026-11-21T10:01:30Z'))).allowed,
      ).toBe(true);
    } finally {
      away.disconnect();
    }
  });
});
