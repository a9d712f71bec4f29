import type { DomainEvent } from '../shared/decider.ts';

/*
 * Tax invoices: one gap-free series per Indian financial year (1 April – 31 March, India time).
 * The series is one stream, `invoices-<FY>`; an invoice's sequence number is its 1-based place in
 * that stream, so the numbers can have no gap and no repeat.
 */

export const invoiceSeriesStream = (financialYear: string): string => `invoices-${financialYear}`;

export type InvoiceIssued = DomainEvent<
  'InvoiceIssued',
  {
    /** e.g. BOLI/2026-27/000042 */
    readonly invoiceNumber: string;
    /** e.g. 2026-27 */
    readonly financialYear: string;
    /** 1-based, gap-free within the financial year. */
    readonly sequence: number;
    readonly purchaseId: string;
    readonly issuedAt: string;
  }
>;

export type InvoiceEvent = InvoiceIssued;
export const INVOICE_EVENT_TYPES = [
  'InvoiceIssued',
] as const satisfies readonly InvoiceEvent['type'][];
