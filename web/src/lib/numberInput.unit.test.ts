import { describe, expect, it } from 'vitest';
import { amountTyped, digitsTyped } from './numberInput.ts';

describe('the amount field', () => {
  it('keeps a positive number or nothing', () => {
    for (const value of ['', '1', '1500', '12.5', '12.50', '0.', '0.75'])
      expect(amountTyped(value), value).toBe(value);
  });

  it('keeps the number of a pasted price: without ₹, Rs., grouping commas and spaces', () => {
    expect(amountTyped('5,000')).toBe('5000');
    expect(amountTyped('₹7,50,000')).toBe('750000');
    expect(amountTyped('Rs. 1,200.50')).toBe('1200.50');
    expect(amountTyped('12000 ')).toBe('12000');
    expect(amountTyped(' 12')).toBe('12');
  });

  it('refuses signs, letters, exponents, extra points and more than two decimals', () => {
    for (const value of ['-1', '+1', 'abc', '1e5', '1.2.3', '12.345', '.5', '₹-500'])
      expect(amountTyped(value), value).toBeUndefined();
  });
});

describe('a digits field', () => {
  it('keeps digits or nothing, and the count in "42,000 km"', () => {
    for (const value of ['', '0', '42000']) expect(digitsTyped(value), value).toBe(value);
    expect(digitsTyped('42,000 km')).toBe('42000');
    expect(digitsTyped('42 000')).toBe('42000');
  });

  it('refuses anything else', () => {
    for (const value of ['4.2', '-1', 'abc', '1e5', '+91'])
      expect(digitsTyped(value), value).toBeUndefined();
  });
});
