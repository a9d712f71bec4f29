import type { DomainEvent } from '../shared/decider.ts';

/*
 * Tax invoices and credit notes: each a gap-free series per Indian financial year (1 April –
 * 31 March, India time). A series is one stream, `invoices-<FY>` or `credit-notes-<FY>`; a
 * document's sequence number is its 1-based place in that stream, so the numbers can have no gap
 * and no repeat.
 */

export const invoiceSeriesStream = (financialYear: string): string => `invoices-${financialYear}`;
export const creditNoteSeriesStream = (financialYear: string): string =>
  `credit-notes-${financialYear}`;

export type InvoiceIssued = DomainEvent<
  'InvoiceIssued',
  {
    /** e.g. BL/26-27/000042 */
    readonly invoiceNumber: string;
    /** e.g. 2026-27 */
    readonly financialYear: string;
    /** 1-based, gap-free within the financial year. */
    readonly sequence: number;
    readonly purchaseId: string;
    readonly issuedAt: string;
  }
>;

/**
 * A credit note: the tax invoice of a purchase whose paying payment was refunded in full, reversed
 * (CGST Act section 34). It belongs to the financial year of the refund, which may be later than
 * the invoice's.
 */
export type CreditNoteIssued = DomainEvent<
  'CreditNoteIssued',
  {
    /** e.g. CN/26-27/000007 */
    readonly creditNoteNumber: string;
    readonly financialYear: string;
    /** 1-based, gap-free within the financial year. */
    readonly sequence: number;
    readonly purchaseId: string;
    /** The invoice it reverses. */
    readonly invoiceNumber: string;
    /** The refunded payment and the gateway's refund. */
    readonly paymentId: string;
    readonly refundId: string;
    /** Paise given back: the invoice's total. */
    readonly amount: number;
    readonly issuedAt: string;
  }
>;

export type InvoiceEvent = InvoiceIssued;
export const INVOICE_EVENT_TYPES = [
  'InvoiceIssued',
] as const satisfies readonly InvoiceEvent['type'][];

export type CreditNoteEvent = CreditNoteIssued;
export const CREDIT_NOTE_EVENT_TYPES = [
  'CreditNoteIssued',
] as const satisfies readonly CreditNoteEvent['type'][];
