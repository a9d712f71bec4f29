import { describe, expect, it } from 'vitest';
import { bidAmountInPaise } from './schema.ts';

describe('a bid amount from the form (rupees)', () => {
  it('becomes paise', () => {
    expect(bidAmountInPaise(1500)).toBe(150_000);
    expect(bidAmountInPaise('2345.50')).toBe(234_550);
  });

  it('is missing when empty, unreadable, negative or finer than a paisa', () => {
    for (const value of [undefined, null, '', '  ', 'abc', -5, 1.005, Number.NaN, {}]) {
      expect(bidAmountInPaise(value)).toBeNull();
    }
  });
});
