import { describe, expect, it } from 'vitest';
import { PURCHASE_STATUSES } from '../../../payments/api/purchaseInfo.ts';
import {
  NOT_NEEDED,
  noTransactionsText,
  nothingCharged,
  taxColumnsOf,
  taxHeadings,
  taxLinesOf,
  transactionStatusText,
} from './transactionRows.ts';

describe('a purchase on Transactions', () => {
  it('shows no charge for one started and not paid, or lapsed unpaid, and a charge otherwise', () => {
    const uncharged = PURCHASE_STATUSES.filter(nothingCharged);
    expect(uncharged).toEqual(['created', 'ordered', 'failed', 'expired']);
    // Paid, being confirmed, or refunded (pending or done): money was taken.
    expect(nothingCharged(null)).toBe(false);
  });

  it('is not needed when payable, with no pay-by time and the api’s reason', () => {
    const unneeded = { payBy: null, message: 'You already have a Lifetime Subscription.' };
    for (const status of ['created', 'ordered', 'failed'] as const) {
      expect(transactionStatusText({ status, ...unneeded })).toBe(NOT_NEEDED);
    }
    expect(transactionStatusText({ status: 'expired', ...unneeded })).toBe(
      'Lapsed: nothing charged',
    );
    expect(transactionStatusText({ status: 'fulfilled', ...unneeded })).toBe('Paid');
  });
});

describe('the tax columns of a page of purchases', () => {
  const none = {
    taxSGSTAmount: 0,
    taxSGSTPercent: 0,
    taxCGSTAmount: 0,
    taxCGSTPercent: 0,
    taxIGSTAmount: 0,
    taxIGSTPercent: 0,
  };
  const intraState = {
    ...none,
    taxSGSTAmount: 89.91,
    taxSGSTPercent: 9,
    taxCGSTAmount: 89.91,
    taxCGSTPercent: 9,
  };
  const interState = { ...none, taxIGSTAmount: 179.82, taxIGSTPercent: 18 };

  it('are CGST and SGST (the invoice’s order), or IGST alone, as the purchases were taxed', () => {
    expect(taxColumnsOf([intraState, none])).toBe('split');
    expect(taxColumnsOf([none])).toBe('split');
    expect(taxHeadings('split')).toEqual(['CGST', 'SGST']);
    expect(taxLinesOf(intraState, 'split')).toEqual([
      ['CGST', '₹89.91 (9%)'],
      ['SGST', '₹89.91 (9%)'],
    ]);
    expect(taxColumnsOf([interState, none])).toBe('igst');
    expect(taxLinesOf(none, 'igst')).toEqual([['IGST', '₹0.00']]);
  });

  it('are one GST column naming each row’s own taxes when the page has both kinds', () => {
    expect(taxColumnsOf([intraState, interState])).toBe('gst');
    expect(taxHeadings('gst')).toEqual(['GST']);
    expect(taxLinesOf(interState, 'gst')).toEqual([['IGST', '₹179.82 (18%)']]);
    expect(taxLinesOf(intraState, 'gst')).toEqual([
      ['CGST', '₹89.91 (9%)'],
      ['SGST', '₹89.91 (9%)'],
    ]);
  });
});

describe('Transactions with no rows', () => {
  it('names the type chosen, as the Type selector names it, and none unfiltered', () => {
    expect(noTransactionsText('all')).toBe('No transactions yet.');
    expect(noTransactionsText('bidFee')).toBe('No bid fee transactions yet.');
    expect(noTransactionsText('subscription')).toBe('No membership transactions yet.');
    expect(noTransactionsText('adSlot')).toBe('No won ad slot transactions yet.');
  });
});
