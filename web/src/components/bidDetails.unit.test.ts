import { describe, expect, it } from 'vitest';
import { acceptsAmountInput } from './bidDetails.ts';

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
