/*
 * Spreadsheets the staff download (the auditor's payments ledger, support's bids of an ad):
 * RFC 4180 — comma-separated, CRLF, quoted where needed — with a byte-order mark first, so a
 * spreadsheet reads '₹' and names in Indian scripts as UTF-8. Text a member typed never runs as
 * a formula.
 */

/** A number the file writes as it is (an amount with its paise): never taken for a formula. */
export class CsvNumber {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export type CsvCell = string | number | boolean | CsvNumber | null;

/** What a spreadsheet would run as a formula if a cell began with it. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One value as a CSV field: quoted when it holds a comma, a quote or a line break. Text (a name a
 * member typed) that begins like a formula gets a leading apostrophe, so opening the file runs
 * nothing; numbers are left as they are.
 */
export function csvField(value: CsvCell): string {
  if (value === null) return '';
  let field = String(value);
  if (typeof value === 'string' && FORMULA_START.test(field)) field = `'${field}`;
  return /[",\r\n]/.test(field) ? `"${field.replaceAll('"', '""')}"` : field;
}

/** One line of the file. */
export const csvLine = (cells: readonly CsvCell[]): string =>
  `${cells.map(csvField).join(',')}\r\n`;

/** The file's start: the byte-order mark and the header line. */
export const csvHead = (headers: readonly string[]): string => `\uFEFF${csvLine(headers)}`;
