import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ranksAbove, topBidOf } from './ad.ranking.ts';

const bid = (id: string, amount: number, placedAt: string) => ({ id, amount, placedAt });

describe('the ranking of an ad’s bids', () => {
  it('puts the larger amount first, whenever it was placed', () => {
    expect(
      ranksAbove(bid('a', 500, '2026-11-30T10:00:05Z'), bid('b', 400, '2026-11-30T10:00:00Z')),
    ).toBe(true);
  });

  it('puts the bid placed first first at equal amounts', () => {
    const first = bid('a', 500, '2026-11-30T10:00:00Z');
    const later = bid('b', 500, '2026-11-30T10:00:00.001Z');
    expect(ranksAbove(first, later)).toBe(true);
    expect(ranksAbove(later, first)).toBe(false);
    expect(topBidOf([later, first])?.id).toBe('a');
  });

  it('keeps the one logged first when amount and instant are the same', () => {
    const same = '2026-11-30T10:00:00Z';
    expect(topBidOf([bid('a', 500, same), bid('b', 500, same)])?.id).toBe('a');
  });

  it('has no top bid without bids', () => {
    expect(topBidOf([])).toBeNull();
  });

  it('gives a top bid no other bid ranks above, and whose amount is the largest', () => {
    const bids = fc.array(
      fc.record({
        amount: fc.integer({ min: 1, max: 20 }),
        placedAt: fc
          .integer({ min: 0, max: 5 })
          .map((s) => new Date(Date.UTC(2026, 10, 30, 10, 0, s)).toISOString()),
      }),
      { minLength: 1 },
    );
    fc.assert(
      fc.property(bids, (list) => {
        const top = topBidOf(list)!;
        expect(list.some((other) => ranksAbove(other, top))).toBe(false);
        expect(top.amount).toBe(Math.max(...list.map((b) => b.amount)));
      }),
    );
  });
});
