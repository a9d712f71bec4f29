import { describe, expect, it } from 'vitest';
import { rupees } from './checkoutPage.ts';
import { backoffMs } from './webhookDelivery.ts';

describe('webhook retries back off', () => {
  it('doubles the wait after each refusal, up to a minute', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 500))).toEqual([500, 1000, 2000, 4000]);
    expect(backoffMs(30, 500)).toBe(60_000);
  });
});

describe('the checkout page writes paise as rupees', () => {
  it('with Indian grouping, and paise only when there are some', () => {
    expect(rupees(118_000)).toBe('₹1,180');
    expect(rupees(118_050)).toBe('₹1,180.50');
    expect(rupees(123_456_700)).toBe('₹12,34,567');
  });
});
