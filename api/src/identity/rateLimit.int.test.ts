import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { testRedisUrl, uniquePrefix } from '../../../ops/src/testing/database.ts';
import { freePort } from '../../../ops/src/testing/ports.ts';
import { consume } from './rateLimit.ts';

describe('rate limits in Redis', () => {
  const redis = new Redis(testRedisUrl());
  afterAll(() => redis.disconnect());

  it('allows up to the limit within a window, then refuses with the seconds to wait', async () => {
    const rule = { name: uniquePrefix(), limit: 3, windowSeconds: 60 };
    const now = new Date('2026-11-21T10:00:10Z');
    const verdicts = [];
    for (let i = 0; i < 4; i++)
      verdicts.push(await consume(redis, rule, ['user:asha', 'ip:1.2.3.4'], now));
    expect(verdicts.map((v) => v.allowed)).toEqual([true, true, true, false]);
    // The next fits once the first three are a minute old.
    expect(verdicts[3]).toMatchObject({ remaining: 0, retryAfterSeconds: 60 });
    // A new minute on the clock is no fresh start: all three count till then…
    expect(
      (await consume(redis, rule, ['user:asha'], new Date('2026-11-21T10:01:09.999Z'))).allowed,
    ).toBe(false);
    // …and the refusals were not logged.
    expect(
      (await consume(redis, rule, ['user:asha'], new Date('2026-11-21T10:01:10Z'))).allowed,
    ).toBe(true);
  });

  it('counts a burst at the end of a quarter hour for the whole quarter hour after it', async () => {
    const rule = { name: uniquePrefix(), limit: 10, windowSeconds: 15 * 60 };
    for (let i = 0; i < 10; i++)
      await consume(redis, rule, ['user:asha'], new Date('2026-11-21T10:14:50Z'));
    // A window fixed to the clock, its last one's count fading, let one through here.
    const later = await consume(redis, rule, ['user:asha'], new Date('2026-11-21T10:21:40Z'));
    expect(later).toMatchObject({ allowed: false, retryAfterSeconds: 8 * 60 + 10 });
    expect(
      (await consume(redis, rule, ['user:asha'], new Date('2026-11-21T10:29:50Z'))).allowed,
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
      expect(verdicts[2]).toMatchObject({ remaining: 0, retryAfterSeconds: 60 });
      expect((await consume(away, rule, ['user:ravi'], now)).allowed).toBe(true);
      expect(
        (await consume(away, rule, ['user:asha'], new Date('2026-11-21T10:01:09Z'))).allowed,
      ).toBe(false);
      expect(
        (await consume(away, rule, ['user:asha'], new Date('2026-11-21T10:01:10Z'))).allowed,
      ).toBe(true);
    } finally {
      away.disconnect();
    }
  });
});
