import { describe, expect, it } from 'vitest';
import { DeciderSpecification } from '../shared/testing/deciderSpecification.ts';
import { metadata } from './billing.fixtures.ts';
import {
  creditNoteSeriesDecider,
  invoiceSeriesDecider,
  type IssueCreditNote,
  type IssueInvoice,
} from './invoice.decider.ts';
import type { CreditNoteIssued, InvoiceIssued } from './invoice.events.ts';
import { creditNoteNumber, financialYearOf, invoiceNumber } from './invoice.rules.ts';

const given = DeciderSpecification.for(invoiceSeriesDecider);

const issue = (purchaseId: string): IssueInvoice => ({
  type: 'IssueInvoice',
  data: { purchaseId, financialYear: '2026-27' },
  metadata: metadata(),
});

const issued = (purchaseId: string, sequence: number): InvoiceIssued => ({
  type: 'InvoiceIssued',
  data: {
    invoiceNumber: invoiceNumber('2026-27', sequence),
    financialYear: '2026-27',
    sequence,
    purchaseId,
    issuedAt: metadata().now,
  },
});

describe('invoice series', () => {
  it('numbers the first invoice of a financial year 1', () =>
    given().when(issue('p-1')).then(issued('p-1', 1)));

  it('gives the next invoice the next number', () =>
    given([issued('p-1', 1), issued('p-2', 2)])
      .when(issue('p-3'))
      .then(issued('p-3', 3)));

  it('never invoices a purchase twice', () =>
    given([issued('p-1', 1), issued('p-2', 2)])
      .when(issue('p-1'))
      .thenNothingHappened());

  it('writes numbers as BL/<short year>/<six digits>, within GST’s 16 characters', () => {
    expect(invoiceNumber('2026-27', 42)).toBe('BL/26-27/000042');
    expect(invoiceNumber('2099-00', 9_999_999)).toBe('BL/99-00/9999999');
    expect(invoiceNumber('2099-00', 9_999_999).length).toBeLessThanOrEqual(16);
  });
});

describe('financial year', () => {
  it('starts on 1 April, India time', () => {
    expect(financialYearOf('2027-03-31T18:29:59.999Z')).toBe('2026-27'); // 23:59:59 IST
    expect(financialYearOf('2027-03-31T18:30:00.000Z')).toBe('2027-28'); // 00:00 IST, 1 April
    expect(financialYearOf('2026-11-21T10:00:00.000Z')).toBe('2026-27');
    expect(financialYearOf('2099-12-31T00:00:00.000Z')).toBe('2099-00');
  });
});

const credit = (purchaseId: string): IssueCreditNote => ({
  type: 'IssueCreditNote',
  data: {
    purchaseId,
    financialYear: '2027-28',
    invoiceNumber: invoiceNumber('2026-27', 3),
    paymentId: `pay-${purchaseId}`,
    refundId: `rfnd-${purchaseId}`,
    amount: 117_882,
  },
  metadata: metadata(),
});

const credited = (purchaseId: string, sequence: number): CreditNoteIssued => ({
  type: 'CreditNoteIssued',
  data: {
    creditNoteNumber: creditNoteNumber('2027-28', sequence),
    financialYear: '2027-28',
    sequence,
    purchaseId,
    invoiceNumber: invoiceNumber('2026-27', 3),
    paymentId: `pay-${purchaseId}`,
    refundId: `rfnd-${purchaseId}`,
    amount: 117_882,
    issuedAt: metadata().now,
  },
});

describe('credit note series', () => {
  const givenCredits = DeciderSpecification.for(creditNoteSeriesDecider);

  it('numbers the first credit note of the refund’s year 1, naming the invoice it reverses', () =>
    givenCredits().when(credit('p-1')).then(credited('p-1', 1)));

  it('gives the next credit note the next number', () =>
    givenCredits([credited('p-1', 1)])
      .when(credit('p-2'))
      .then(credited('p-2', 2)));

  it('never credits a purchase twice', () =>
    givenCredits([credited('p-1', 1)])
      .when(credit('p-1'))
      .thenNothingHappened());

  it('writes numbers as CN/<short year>/<six digits>, within GST’s 16 characters', () => {
    expect(creditNoteNumber('2026-27', 7)).toBe('CN/26-27/000007');
    expect(creditNoteNumber('2026-27', 9_999_999).length).toBeLessThanOrEqual(16);
  });
});
