import { describe, expect, it } from 'vitest';
import {
  groupIndian,
  indianDate,
  indianDateTime,
  paiseAmount,
  ratePercent,
  rupeeAmount,
} from './invoiceFormat.ts';

describe('how an invoice writes money, rates and dates', () => {
  it('groups rupees the Indian way and always shows paise', () => {
    expect(groupIndian(0)).toBe('0');
    expect(groupIndian(999)).toBe('999');
    expect(groupIndian(1000)).toBe('1,000');
    expect(groupIndian(100000)).toBe('1,00,000');
    expect(groupIndian(123456789)).toBe('12,34,56,789');
    expect(paiseAmount(0)).toBe('0.00');
    expect(paiseAmount(5)).toBe('0.05');
    expect(paiseAmount(1_234_567_89)).toBe('12,34,567.89');
    expect(paiseAmount(-150)).toBe('-1.50');
    expect(rupeeAmount(99_50)).toBe('Rs. 99.50');
  });

  it('writes basis points as percentages', () => {
    expect(ratePercent(900)).toBe('9%');
    expect(ratePercent(1800)).toBe('18%');
    expect(ratePercent(250)).toBe('2.5%');
  });

  it('dates an instant by its calendar day in India', () => {
    expect(indianDate('2027-03-31T18:29:59.999Z')).toBe('31-03-2027');
    expect(indianDate('2027-03-31T18:30:00.000Z')).toBe('01-04-2027');
    expect(indianDateTime('2026-11-21T10:00:00.000Z')).toBe('21-11-2026 15:30 IST');
    expect(() => indianDate('yesterday')).toThrow(RangeError);
  });
});
