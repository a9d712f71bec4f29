import { describe, expect, it } from 'vitest';
import {
  abbreviateAmount,
  countOf,
  DATE_TIME_IN_TEXT,
  DATES_IN_TEXT,
  DAY_AND_TIME_IN_TEXT,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatPaise,
  currencySymbol,
  formatPrice,
  formatAccountRupees,
  formatRupees,
  groupIndian,
} from './format.ts';

describe('rupees in Indian digit grouping', () => {
  it('groups by lakh and crore, not by thousand', () => {
    expect(groupIndian(1234567)).toBe('12,34,567');
    expect(groupIndian(123456789)).toBe('12,34,56,789');
    expect(groupIndian(999)).toBe('999');
    expect(groupIndian(1000)).toBe('1,000');
    expect(groupIndian(100000)).toBe('1,00,000');
  });

  it('writes whole rupees without paise', () => {
    expect(formatRupees(1234567)).toBe('₹12,34,567');
    expect(formatRupees(0)).toBe('₹0');
    expect(formatRupees(200000)).toBe('₹2,00,000');
  });

  it('shows paise only when they are not zero', () => {
    expect(formatRupees(1234.5)).toBe('₹1,234.50');
    expect(formatRupees(1234.05)).toBe('₹1,234.05');
    expect(formatRupees(1234.0)).toBe('₹1,234');
  });

  it('writes an account’s amounts always to the paisa, so a column of them reads alike', () => {
    expect(formatAccountRupees(999)).toBe('₹999.00');
    expect(formatAccountRupees(1178.82)).toBe('₹1,178.82');
    expect(formatAccountRupees(200001.25)).toBe('₹2,00,001.25');
    expect(formatAccountRupees(-1178.82)).toBe('-₹1,178.82');
    expect(formatAccountRupees(-0.001)).toBe('₹0.00');
  });

  it('reads paise, the unit sent to the payment provider', () => {
    expect(formatPaise(123456700)).toBe('₹12,34,567');
    expect(formatPaise(123450)).toBe('₹1,234.50');
    expect(formatPaise(1)).toBe('₹0.01');
    expect(formatPaise(99)).toBe('₹0.99');
    expect(formatPaise(0)).toBe('₹0');
  });

  it('puts the sign before the rupee symbol', () => {
    expect(formatRupees(-1234567)).toBe('-₹12,34,567');
    expect(formatPaise(-150)).toBe('-₹1.50');
  });

  it('writes nothing for a value that is not a number', () => {
    expect(formatRupees(Number.NaN)).toBe('');
    expect(formatPaise(Number.POSITIVE_INFINITY)).toBe('');
  });

  it('uses the rupee by default and an ad’s own currency code otherwise', () => {
    expect(formatPrice(1234567)).toBe('₹12,34,567');
    expect(formatPrice(1234567, 'inr')).toBe('₹12,34,567');
    expect(formatPrice(1500, 'USD')).toMatch(/^(US)?\$1,500$/);
    expect(formatPrice(12, 'NOT-A-CODE')).toBe('NOT-A-CODE 12');
  });

  it('writes a currency’s symbol for a field’s label, or its code', () => {
    expect(currencySymbol()).toBe('₹');
    expect(currencySymbol('USD')).toMatch(/^(US)?\$$/);
    expect(currencySymbol('NOT-A-CODE')).toBe('NOT-A-CODE');
  });
});

describe('calendar amounts abbreviated with K, M and B', () => {
  it.each([
    [0, '0'],
    [950, '950'],
    [999.4, '999'],
    [1000, '1K'],
    [1500, '1.5K'],
    [21_250, '21.3K'],
    [200000, '200K'],
    [212_300, '212K'],
    [999_400, '999K'],
    [999_960, '1M'],
    [2_000_000, '2M'],
    [2_450_000, '2.5M'],
    [1_234_567_890, '1.2B'],
    [2_500_000_000_000, '2500B'],
    [-1500, '-1.5K'],
  ])('%d → %s', (amount, text) => {
    expect(abbreviateAmount(amount)).toBe(text);
  });
});

describe('dates', () => {
  // 7 March 2021, 09:05:03 in India (03:35:03 UTC), whatever zone the test runs in.
  const moment = new Date('2021-03-07T03:35:03Z');

  it('writes a day as DD-MM-YYYY, a moment’s as India’s day', () => {
    expect(formatDate(moment)).toBe('07-03-2021');
    expect(formatDate(moment.getTime())).toBe('07-03-2021');
    // 20:00 UTC on the 6th is 01:30 on the 7th in India.
    expect(formatDate('2021-03-06T20:00:00Z')).toBe('07-03-2021');
  });

  it('writes a calendar day as it is, in no time zone', () => {
    expect(formatDate('2021-03-07')).toBe('07-03-2021');
  });

  it('writes a moment as YYYY-MM-DD HH:mm:ss IST on a 24-hour clock', () => {
    expect(formatDateTime(moment)).toBe('2021-03-07 09:05:03 IST');
    expect(formatDateTime('2021-12-31T18:29:59Z')).toBe('2021-12-31 23:59:59 IST');
    expect(formatDateTime('2021-12-31T18:30:00.250Z', { milliseconds: true })).toBe(
      '2022-01-01 00:00:00.250 IST',
    );
  });

  it('accepts the ISO strings the api sends', () => {
    const iso = moment.toISOString();
    expect(formatDate(iso)).toBe('07-03-2021');
    expect(formatDateTime(iso)).toBe('2021-03-07 09:05:03 IST');
  });

  it('writes nothing for a value that is not a date', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime(Number.NaN)).toBe('');
  });

  it('writes a calendar day out in words for the legal pages', () => {
    expect(formatLongDate('2021-03-27')).toBe('27 March 2021');
    expect(formatLongDate('2021-13-01')).toBe('2021-13-01');
  });
});

describe('countOf', () => {
  it('says a count with its noun, singular for one', () => {
    expect(countOf(1, 'ad')).toBe('1 ad');
    expect(countOf(0, 'ad')).toBe('0 ads');
    expect(countOf(2, 'credit note')).toBe('2 credit notes');
    expect(countOf(3, 'try', 'tries')).toBe('3 tries');
  });
});

describe('dates kept whole in a text', () => {
  it('finds the day and the date-time, and no longer a run of digits', () => {
    const text =
      'Ad slot: Side panels, 27-01-2027, due by 2027-01-26 12:00:00 IST; order 1234-56-789012';
    expect(text.split(DATES_IN_TEXT).filter((_, i) => i % 2 === 1)).toEqual([
      '27-01-2027',
      '2027-01-26 12:00:00 IST',
    ]);
    expect(text.split(DATE_TIME_IN_TEXT).filter((_, i) => i % 2 === 1)).toEqual([
      '2027-01-26 12:00:00 IST',
    ]);
  });

  it('splits a date-time between its day and its time, and nowhere else', () => {
    expect(
      '2026-11-29 23:37:10.250 IST'.split(DAY_AND_TIME_IN_TEXT).filter((_, i) => i % 2 === 1),
    ).toEqual(['2026-11-29', '23:37:10.250 IST']);
  });
});
