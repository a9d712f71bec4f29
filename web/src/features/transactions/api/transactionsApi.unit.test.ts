import { describe, expect, it } from 'vitest';
import { PURCHASE_STATUSES } from '../../../payments/api/purchaseInfo.ts';
import {
  feeBidText,
  statusText,
  transactionStatusText,
  unpaidNote,
} from '../model/transactionRows.ts';
import { parseTransaction } from './transactionsApi.ts';

describe('a transaction row', () => {
  it('names the line, with the ad for a bid fee, and keeps tax lines and the invoice', () => {
    const row = parseTransaction({
      _id: 'f00d',
      kind: 'bidFee',
      status: 'fulfilled',
      itemAdId: { _id: 'ad1', itemName: 'Tabla set' },
      items: [{ name: 'Bid processing fee', price: 50, cycle: null, expiryDate: null }],
      totalPrice: 50,
      totalPriceAfterTax: 59,
      taxCGSTAmount: 4.5,
      taxSGSTAmount: 4.5,
      taxIGSTAmount: 0,
      taxCGSTPercent: 9,
      taxSGSTPercent: 9,
      taxIGSTPercent: 0,
      invoiceNumber: 'BL/26-27/000001',
      invoiceUrl: '/api/invoices/f00d',
      razorpay_order_id: 'order_1',
      message: null,
      createdAt: '2026-11-21T04:30:00.000Z',
    });
    expect(row).toMatchObject({
      itemName: 'Bid processing fee — Tabla set',
      totalPriceAfterTax: 59,
      taxSGSTAmount: 4.5,
      invoiceUrl: '/api/invoices/f00d',
      creditNoteNumber: null,
      creditNoteUrl: null,
      status: 'fulfilled',
      expiresAt: null,
    });
  });

  it('keeps the credit note that reversed the invoice of a refunded purchase', () => {
    const row = parseTransaction({
      _id: 'f00d',
      status: 'refunded',
      items: [{ name: 'Lifetime Subscription' }],
      invoiceNumber: 'BL/26-27/000001',
      invoiceUrl: '/api/invoices/f00d',
      creditNoteNumber: 'CN/26-27/000007',
      creditNoteUrl: '/api/credit-notes/f00d',
      message: 'Not delivered',
    });
    expect(row).toMatchObject({
      status: 'refunded',
      invoiceUrl: '/api/invoices/f00d',
      creditNoteNumber: 'CN/26-27/000007',
      creditNoteUrl: '/api/credit-notes/f00d',
      message: 'Not delivered',
    });
  });

  it('says until when a paid ad space runs', () => {
    const row = parseTransaction({
      _id: 's1',
      status: 'fulfilled',
      items: [
        {
          name: 'Ad space: In stream, Monthly',
          cycle: 'monthly',
          expiryDate: '2026-12-27T12:05:40.000Z',
        },
      ],
    });
    expect(row.expiresAt).toBe('2026-12-27T12:05:40.000Z');
  });

  it('has no invoice, nor a credit note, until one is issued', () => {
    const row = parseTransaction({
      _id: 'x',
      status: 'ordered',
      items: [{ name: 'Lifetime Subscription' }],
    });
    expect(row).toMatchObject({
      itemName: 'Lifetime Subscription',
      invoiceUrl: null,
      creditNoteUrl: null,
    });
  });

  it('awaits a payment none has reported (a checkout closed unpaid), then is being confirmed', () => {
    expect(Object.fromEntries(PURCHASE_STATUSES.map((s) => [s, statusText(s)]))).toEqual({
      created: 'Awaiting payment',
      ordered: 'Awaiting payment',
      captured: 'Being confirmed',
      fulfilled: 'Paid',
      failed: 'Attempt failed',
      refundPending: 'Refund pending',
      refunded: 'Refunded',
      expired: 'Lapsed: nothing charged',
    });
  });

  it('says of a purchase not paid that nothing was charged, and when it lapses', () => {
    const row = parseTransaction({
      _id: 'p-9',
      status: 'ordered',
      items: [{ name: 'Lifetime Subscription' }],
      totalPrice: 999,
      totalPriceAfterTax: 1178.82,
      payBy: '2026-11-27T12:30:00.000Z',
    });
    expect(row.payBy).toBe('2026-11-27T12:30:00.000Z');
    // India's clock, wherever the browser is.
    expect(unpaidNote(row.payBy!)).toBe(
      'Nothing charged. It lapses at 2026-11-27 18:00:00 IST unless paid.',
    );
    expect(parseTransaction({ _id: 'p-1', status: 'fulfilled' }).payBy).toBeNull();
    expect(transactionStatusText(row)).toBe('Awaiting payment');
  });

  it('says one not paid is not needed, not awaiting payment, when the api says so', () => {
    const row = parseTransaction({
      _id: 'f-2',
      kind: 'bidFee',
      status: 'ordered',
      payBy: null,
      message: 'Nothing charged. Not needed: this bid was placed with another payment.',
    });
    expect(transactionStatusText(row)).toBe('Not needed');
    // One whose attempt failed is as unpaid, and as unneeded; one paid is what it is.
    expect(transactionStatusText({ ...row, status: 'failed' })).toBe('Not needed');
    expect(
      transactionStatusText({ ...row, status: 'failed', payBy: '2026-11-27T12:30:00.000Z' }),
    ).toBe('Attempt failed');
    expect(transactionStatusText({ ...row, status: 'refunded' })).toBe('Refunded');
  });
});

describe('a fee’s row', () => {
  it('says which bid the fee places once paid', () => {
    const row = parseTransaction({
      _id: 'f1',
      kind: 'bidFee',
      status: 'ordered',
      bid: { bidamt: 6000, type: 'Hidden', by: 'NikBids' },
    });
    expect(feeBidText(row.bid!)).toBe('Hidden bid of ₹6,000 as NikBids');
    expect(parseTransaction({ _id: 'p1', kind: 'subscription', status: 'ordered' }).bid).toBeNull();
  });
});
