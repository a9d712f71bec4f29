import { describe, expect, it } from 'vitest';
import { PURCHASE_STATUSES } from '../../../payments/api/purchaseInfo.ts';
import { NOT_NEEDED, nothingCharged, transactionStatusText } from './transactionRows.ts';

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
