import { IST_OFFSET_MS } from '../shared/indiaTime.ts';

/*
 * India's financial year runs 1 April – 31 March. An invoice belongs to the financial year of
 * its payment's capture, a credit note to that of its refund, in India time (UTC+05:30, no
 * daylight saving).
 */

/** '2026-27' for any instant from 2026-04-01T00:00 IST to 2027-03-31T23:59:59.999 IST. */
export function financialYearOf(instant: string): string {
  const ist = new Date(Date.parse(instant) + IST_OFFSET_MS);
  if (Number.isNaN(ist.getTime())) throw new RangeError(`not an instant: ${instant}`);
  const year = ist.getUTCFullYear();
  const startYear = ist.getUTCMonth() >= 3 ? year : year - 1;
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`;
}

export const INVOICE_PREFIX = 'BOLI';

/** BOLI/2026-27/000042 — six digits, wider if a year ever needs it. */
export const invoiceNumber = (financialYear: string, sequence: number): string =>
  `${INVOICE_PREFIX}/${financialYear}/${String(sequence).padStart(6, '0')}`;

export const CREDIT_NOTE_PREFIX = 'CN';

/**
 * CN/2026-27/00007 — five digits, so the number keeps within the 16 characters GST allows a
 * credit note's serial number (CGST Rules, rule 53); wider if a year ever needs it.
 */
export const creditNoteNumber = (financialYear: string, sequence: number): string =>
  `${CREDIT_NOTE_PREFIX}/${financialYear}/${String(sequence).padStart(5, '0')}`;
