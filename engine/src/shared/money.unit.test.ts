import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { isDecimalText, isTooLargeForPaise, paiseToRupees, rupeesToPaise } from './money.ts';

describe('money at the api edge', () => {
  it('turns rupees with up to two decimals into exact paise', () => {
    expect(rupeesToPaise(450000)).toBe(45_000_000);
    expect(rupeesToPaise(0.1)).toBe(10);
    expect(rupeesToPaise(19.99)).toBe(1999);
  });

  it('refuses negative, non-finite and sub-paisa amounts', () => {
    expect(rupeesToPaise(-1)).toBeUndefined();
    expect(rupeesToPaise(Number.NaN)).toBeUndefined();
    expect(rupeesToPaise(Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(rupeesToPaise(1.005)).toBeUndefined();
    expect(rupeesToPaise(200000.001)).toBeUndefined();
  });

  it('refuses a fraction of a paisa on any amount, however large', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 13 }),
        fc.integer({ min: 1, max: 9 }),
        (paise, tenths) => {
          expect(rupeesToPaise((paise + tenths / 10) / 100)).toBeUndefined();
        },
      ),
    );
  });

  it('round-trips every paise amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 13 }), (paise) => {
        expect(rupeesToPaise(paiseToRupees(paise))).toBe(paise);
      }),
    );
  });

  it('reads an amount as a form writes it, not as Number() would', () => {
    for (const text of ['0', '1500', ' 1500.50 ', '99999999999999999999999'])
      expect(isDecimalText(text), text).toBe(true);
    for (const text of ['', '.', '0x10', '1e3', '-5', 'Infinity', '1.', '1,500'])
      expect(isDecimalText(text), text).toBe(false);
  });
});

describe('isTooLargeForPaise', () => {
  const LAKH_CRORE = 1e12;
  it('takes the ₹90 lakh crore that MESSAGES.amountTooLarge names as the most', () => {
    expect(MESSAGES.amountTooLarge).toContain('₹90 lakh crore');
    expect(isTooLargeForPaise(90 * LAKH_CRORE)).toBe(false);
    expect(rupeesToPaise(90 * LAKH_CRORE)).toBe(90 * LAKH_CRORE * 100);
  });
  it('refuses more than integer paise hold exactly, and digits past any number', () => {
    expect(isTooLargeForPaise(90.08 * LAKH_CRORE)).toBe(true);
    expect(isTooLargeForPaise(Number('9'.repeat(400)))).toBe(true);
    expect(isTooLargeForPaise(Number.NaN)).toBe(false);
  });
});
