import { describe, expect, it } from 'vitest';
import { creditNoteNumber, invoiceNumber } from '@boli/engine/billing/invoice.rules';
import {
  checkInvoiceSeries,
  financialYearBounds,
  isFinancialYear,
  type SeriesCreditNote,
  type SeriesInvoice,
  type YearPurchase,
} from './invoiceSeries.ts';

const FY = '2026-27';
const invoice = (sequence: number, purchaseId = `p-${sequence}`): SeriesInvoice => ({
  sequence,
  invoiceNumber: invoiceNumber(FY, sequence),
  purchaseId,
});
const purchase = (
  purchaseId: string,
  capturedAt: string | null = '2026-11-21T10:00:00.000Z',
  refunded = false,
  creditNote: string | null = null,
) =>
  ({
    purchaseId,
    capturedAt,
    refunded,
    creditNoteNumber: creditNote,
    price: 999_00,
    cgst: 89_91,
    sgst: 89_91,
    igst: 0,
    total: 1178_82,
  }) satisfies YearPurchase;
const creditNote = (sequence: number, purchaseId = `p-${sequence}`): SeriesCreditNote => ({
  sequence,
  creditNoteNumber: creditNoteNumber(FY, sequence),
  purchaseId,
  invoiceNumber: invoiceNumber(FY, 1),
});
const NO_CREDIT_NOTES = {
  count: 0,
  first: null,
  last: null,
  gaps: [],
  duplicates: [],
  misnumbered: [],
  creditedTwice: [],
  creditedUnknownPurchase: [],
  totals: { price: 0, cgst: 0, sgst: 0, igst: 0, total: 0 },
};

describe('a financial year', () => {
  it('runs from 1 April to 31 March in India time', () => {
    const { from, to } = financialYearBounds(FY);
    expect(from.toISOString()).toBe('2026-03-31T18:30:00.000Z');
    expect(to.toISOString()).toBe('2027-03-31T18:30:00.000Z');
  });

  it('is written as the starting year and the next year’s last two digits', () => {
    expect(isFinancialYear('2026-27')).toBe(true);
    expect(isFinancialYear('2099-00')).toBe(true);
    expect(isFinancialYear('2026-28')).toBe(false);
    expect(isFinancialYear('26-27')).toBe(false);
    expect(() => financialYearBounds('2026')).toThrow(RangeError);
  });
});

describe('the invoice series check', () => {
  it('proves a complete series: numbers 1..n once each, every capture invoiced, totals summed', () => {
    const check = checkInvoiceSeries({
      financialYear: FY,
      creditNotes: [],
      invoices: [invoice(2), invoice(1), invoice(3)],
      purchases: [purchase('p-1'), purchase('p-2'), purchase('p-3'), purchase('p-unpaid', null)],
    });
    expect(check).toEqual({
      financialYear: FY,
      count: 3,
      first: 'BL/26-27/000001',
      last: 'BL/26-27/000003',
      gaps: [],
      duplicates: [],
      misnumbered: [],
      capturedWithoutInvoice: [],
      invoicedTwice: [],
      invoicedUnknownPurchase: [],
      totals: { price: 3 * 999_00, cgst: 3 * 89_91, sgst: 3 * 89_91, igst: 0, total: 3 * 1178_82 },
      refunded: { count: 0, price: 0, cgst: 0, sgst: 0, igst: 0, total: 0 },
      net: { price: 3 * 999_00, cgst: 3 * 89_91, sgst: 3 * 89_91, igst: 0, total: 3 * 1178_82 },
      refundedWithoutCreditNote: [],
      creditNotes: NO_CREDIT_NOTES,
      complete: true,
    });
  });

  it('is complete and empty for a year with no sales', () => {
    const check = checkInvoiceSeries({
      financialYear: FY,
      invoices: [],
      creditNotes: [],
      purchases: [],
    });
    expect(check).toMatchObject({ count: 0, first: null, last: null, gaps: [], complete: true });
  });

  it('names missing and repeated numbers', () => {
    const check = checkInvoiceSeries({
      financialYear: FY,
      creditNotes: [],
      invoices: [invoice(2), invoice(4), invoice(4, 'p-x'), invoice(7)],
      purchases: ['p-2', 'p-4', 'p-x', 'p-7'].map((id) => purchase(id)),
    });
    expect(check.gaps).toEqual([1, 3, 5, 6]);
    expect(check.duplicates).toEqual([4]);
    expect(check.complete).toBe(false);
  });

  it('names a capture of the year with no invoice, but not one captured in another year', () => {
    const check = checkInvoiceSeries({
      financialYear: FY,
      creditNotes: [],
      invoices: [invoice(1)],
      purchases: [
        purchase('p-1'),
        purchase('p-forgotten'),
        // 31 March 2026, 23:59 IST: the year before.
        purchase('p-last-year', '2026-03-31T18:29:00.000Z'),
      ],
    });
    expect(check.capturedWithoutInvoice).toEqual(['p-forgotten']);
    expect(check.complete).toBe(false);
  });

  it('names a purchase invoiced twice, a number that is not its sequence, and an unknown purchase', () => {
    const check = checkInvoiceSeries({
      financialYear: FY,
      creditNotes: [],
      invoices: [
        invoice(1, 'p-1'),
        invoice(2, 'p-1'),
        { sequence: 3, invoiceNumber: 'BL/26-27/000033', purchaseId: 'p-ghost' },
      ],
      purchases: [purchase('p-1')],
    });
    expect(check.invoicedTwice).toEqual(['p-1']);
    expect(check.misnumbered).toEqual(['BL/26-27/000033']);
    expect(check.invoicedUnknownPurchase).toEqual(['p-ghost']);
    // p-1 counts once in the totals, however many invoices name it.
    expect(check.totals.total).toBe(1178_82);
  });

  it('sets apart the invoices whose payment was refunded, and what the year comes to without them', () => {
    const check = checkInvoiceSeries({
      financialYear: FY,
      creditNotes: [],
      invoices: [invoice(1), invoice(2)],
      purchases: [
        purchase('p-1'),
        purchase('p-2', '2026-11-21T11:00:00.000Z', true, creditNoteNumber(FY, 1)),
      ],
    });
    expect(check.totals.total).toBe(2 * 1178_82);
    expect(check.refunded).toEqual({
      count: 1,
      price: 999_00,
      cgst: 89_91,
      sgst: 89_91,
      igst: 0,
      total: 1178_82,
    });
    expect(check.net).toEqual({ price: 999_00, cgst: 89_91, sgst: 89_91, igst: 0, total: 1178_82 });
    // A refund reversed by its credit note is not a gap: the series stays complete.
    expect(check.complete).toBe(true);
  });

  it('names a refunded invoice that no credit note has reversed yet', () => {
    const check = checkInvoiceSeries({
      financialYear: FY,
      invoices: [invoice(1)],
      creditNotes: [],
      purchases: [purchase('p-1', '2026-11-21T10:00:00.000Z', true)],
    });
    expect(check.refundedWithoutCreditNote).toEqual(['p-1']);
    expect(check.complete).toBe(false);
  });
});

describe('the credit note series check', () => {
  const refunded = (id: string) => purchase(id, '2026-05-02T10:00:00.000Z', true, `cn-${id}`);

  it('sums what the year’s credit notes reversed, whatever year their invoices were in', () => {
    const check = checkInvoiceSeries({
      financialYear: FY,
      invoices: [invoice(1, 'p-2')],
      // p-1 was invoiced the year before; its refund, and so its credit note, fell in this one.
      creditNotes: [creditNote(2), creditNote(1)],
      purchases: [purchase('p-1', '2026-03-01T10:00:00.000Z', true, 'x'), refunded('p-2')],
    });
    expect(check.creditNotes).toEqual({
      ...NO_CREDIT_NOTES,
      count: 2,
      first: 'CN/26-27/000001',
      last: 'CN/26-27/000002',
      totals: { price: 2 * 999_00, cgst: 2 * 89_91, sgst: 2 * 89_91, igst: 0, total: 2 * 1178_82 },
    });
    expect(check.complete).toBe(true);
  });

  it('names gaps, repeats, misnumbered notes, a purchase credited twice and an unknown one', () => {
    const check = checkInvoiceSeries({
      financialYear: FY,
      invoices: [],
      creditNotes: [
        creditNote(2, 'p-1'),
        creditNote(2, 'p-1'),
        { ...creditNote(4, 'p-ghost'), creditNoteNumber: 'CN/26-27/44' },
      ],
      purchases: [refunded('p-1')],
    });
    expect(check.creditNotes).toMatchObject({
      gaps: [1, 3],
      duplicates: [2],
      misnumbered: ['CN/26-27/44'],
      creditedTwice: ['p-1'],
      creditedUnknownPurchase: ['p-ghost'],
    });
    expect(check.complete).toBe(false);
  });
});
