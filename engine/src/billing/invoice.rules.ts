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

/**
 * A tax document's serial number: prefix, the financial year's short form and six digits,
 * 'BL/26-27/000042'. GST allows at most 16 characters, of letters, digits, '-' and '/', unique
 * within the financial year (CGST Rules 46(b) for invoices, 53 for credit notes); this form takes
 * 15, and 16 if a year ever needs seven digits.
 */
const serialNumber = (prefix: string, financialYear: string, sequence: number): string =>
  `${prefix}/${financialYear.slice(2)}/${String(sequence).padStart(6, '0')}`;

export const INVOICE_PREFIX = 'BL';

/** BL/26-27/000042: the 42nd tax invoice of financial year 2026-27. */
export const invoiceNumber = (financialYear: string, sequence: number): string =>
  serialNumber(INVOICE_PREFIX, financialYear, sequence);

export const CREDIT_NOTE_PREFIX = 'CN';

/** CN/26-27/000007: the 7th credit note of financial year 2026-27. */
export const creditNoteNumber = (financialYear: string, sequence: number): string =>
  serialNumber(CREDIT_NOTE_PREFIX, financialYear, sequence);

/** An invoice or credit note number within a text (`serialNumber`'s form), to split it out. */
export const SERIAL_NUMBER_IN_TEXT = new RegExp(
  `((?:${INVOICE_PREFIX}|${CREDIT_NOTE_PREFIX})/\\d{2}-\\d{2}/\\d{6,})`,
);
