import { describe, expect, it } from 'vitest';
import { ttlCache } from './cache.ts';

describe('the reference answers kept in memory', () => {
  it('are loaded once while fresh, and again once the time is up', async () => {
    let clock = 0;
    let loads = 0;
    const cache = ttlCache(1000, () => clock);
    const load = async () => ++loads;
    expect(await cache.get('countries', load)).toBe(1);
    clock = 999;
    expect(await cache.get('countries', load)).toBe(1);
    clock = 1000;
    expect(await cache.get('countries', load)).toBe(2);
    expect(await cache.get('states', load)).toBe(3);
  });

  it('share one load between concurrent callers, and forget a failed load at once', async () => {
    let loads = 0;
    const cache = ttlCache(60_000, () => 0);
    const [a, b] = await Promise.all([
      cache.get('categories', async () => ++loads),
      cache.get('categories', async () => ++loads),
    ]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    await expect(cache.get('makes', () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await cache.get('makes', async () => 'back')).toBe('back');
  });
});
