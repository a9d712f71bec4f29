import { describe, expect, it } from 'vitest';
import { acceptsAmountInput, acceptsDigitsInput } from './numberInput.ts';

describe('the amount field', () => {
  it('takes a positive number or nothing', () => {
    for (const value of ['', '1', '1500', '12.5', '12.50', '0.', '0.75'])
      expect(acceptsAmountInput(value), value).toBe(true);
  });

  it('refuses signs, letters, exponents, extra points and more than two decimals', () => {
    for (const value of ['-1', '+1', 'abc', '1e5', '1.2.3', '12.345', ' 12', '.5', '1,000'])
      expect(acceptsAmountInput(value), value).toBe(false);
  });
});

describe('a digits field', () => {
  it('takes digits or nothing, and nothing else', () => {
    for (const value of ['', '0', '42000', '9812345678'])
      expect(acceptsDigitsInput(value), value).toBe(true);
    for (const value of ['4.2', '-1', 'abc', '42 000', '1e5', '+91'])
      expect(acceptsDigitsInput(value), value).toBe(false);
  });
});
