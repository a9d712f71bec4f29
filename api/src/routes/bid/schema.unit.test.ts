import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@boli/engine/shared/messages';
import { bidAmountFields, bidAmountInPaise } from './schema.ts';

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

describe('a bid amount as the PlaceBid command takes it', () => {
  it('is paise, or else no amount with what was sent, for the refusal to keep', () => {
    expect(bidAmountFields('2345.50')).toEqual({ amount: 234_550 });
    expect(bidAmountFields(undefined)).toEqual({ amount: null });
    expect(bidAmountFields('  ')).toEqual({ amount: null });
    expect(bidAmountFields(' abc ')).toEqual({ amount: null, amountSent: 'abc' });
    expect(bidAmountFields(10.555)).toEqual({ amount: null, amountSent: '10.555' });
    expect(bidAmountFields([1])).toEqual({ amount: null, amountSent: '[1]' });
    expect(bidAmountFields('9'.repeat(100)).amountSent).toBe('9'.repeat(40));
  });

  it('says an amount too large to be money is so, for the ad to refuse as such', () => {
    expect(bidAmountFields(1e17)).toEqual({
      amount: null,
      amountSent: '100000000000000000',
      amountTooLarge: true,
    });
  });
});
