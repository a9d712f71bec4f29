import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@boli/engine/shared/messages';
import { bidAmountInPaise } from './schema.ts';

describe('a bid amount from the form (rupees)', () => {
  it('becomes paise', () => {
    expect(bidAmountInPaise(1500)).toBe(150_000);
    expect(bidAmountInPaise('2345.50')).toBe(234_550);
  });

  it('is missing when empty, unreadable, negative or finer than a paisa', () => {
    for (const value of [undefined, null, '', '  ', 'abc', -5, 1.005, Number.NaN, {}, '-5']) {
      expect(bidAmountInPaise(value)).toBeNull();
    }
  });

  it('is missing when written in another notation than decimal digits', () => {
    for (const value of [
      '0x10',
      '0b11',
      '0o7',
      '1e3',
      'Infinity',
      '1_000',
      '12abc',
      '200000.001',
    ]) {
      expect(bidAmountInPaise(value)).toBeNull();
    }
    expect(bidAmountInPaise(' 1000.5 ')).toBe(100_050);
  });

  it('is refused as too large, not as missing, beyond what paise can hold', () => {
    expect(() => bidAmountInPaise('99999999999999999')).toThrow(MESSAGES.amountTooLarge);
    expect(() => bidAmountInPaise(1e17)).toThrow(MESSAGES.amountTooLarge);
    // Digits too many for a number at all: Infinity, too large all the same.
    expect(() => bidAmountInPaise('9'.repeat(400))).toThrow(MESSAGES.amountTooLarge);
    expect(bidAmountInPaise(90_071_992_547_409)).toBe(9_007_199_254_740_900);
  });
});
