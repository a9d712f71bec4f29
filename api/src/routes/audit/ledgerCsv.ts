import { refundReasonWords } from '@boli/engine/billing/billing.messages';
import { csvHead, csvLine, CsvNumber, type CsvCell } from '@boli/engine/shared/csv';
import { indiaDateOf, indiaWallClockOf } from '@boli/engine/shared/indiaTime';
import type { LedgerRow } from '@boli/projections/billing/purchases.queries';
import { ledgerEntryOf, type LedgerEntry } from './ledger.ts';
import { OPEN_FROM, OPEN_TO } from './schema.ts';

/*
 * The payments ledger as a spreadsheet (`GET /api/audit/payments.csv`): one row per payment, the
 * columns the screen shows spelled out one value each, amounts in rupees, instants on India's
 * clock as the invoices count days (the file's rules: engine/src/shared/csv.ts).
 */

type Column = readonly [header: string, value: (entry: LedgerEntry) => CsvCell];

/** An amount in rupees, always with its paise: '1178.82', '999.00'. */
const rupees = (amount: number | null): CsvNumber | null =>
  amount === null ? null : new CsvNumber(amount.toFixed(2));
const istTime = (instant: string | null): string | null =>
  instant === null ? null : indiaWallClockOf(instant);

/**
 * A purchase's price, tax (rates and amounts) and total, on the row of the payment that paid it only: a failed
 * attempt or a duplicate payment leaves them blank, so that summing a column of the file gives
 * what was invoiced, not each attempt again (the screen greys those rows; a spreadsheet cannot).
 */
const paidRowOnly = <T>(entry: LedgerEntry, value: T): T | null =>
  entry.status === 'failed' || entry.duplicate ? null : value;
const taxedHere = (entry: LedgerEntry, amount: number): CsvNumber | null =>
  paidRowOnly(entry, rupees(amount));

export const LEDGER_CSV_COLUMNS: readonly Column[] = [
  ['Date (IST)', (e) => istTime(e.capturedAt ?? e.failedAt)],
  ['Status', (e) => e.status],
  ['Duplicate', (e) => e.duplicate],
  ['Kind', (e) => e.kind],
  ['Purchase', (e) => e.name],
  ['SAC', (e) => e.sac],
  ['Purchase ID', (e) => e.purchaseId],
  ['Ad ID', (e) => e.itemAdId?._id ?? null],
  ['Ad', (e) => e.itemAdId?.itemName ?? null],
  ['Buyer', (e) => e.buyer.name],
  ['Buyer ID', (e) => e.buyer.userId],
  ['Buyer state', (e) => e.buyerState],
  ['Place of supply', (e) => e.placeOfSupply],
  ['Supplier GSTIN', (e) => e.supplierGstin],
  ['Supplier state', (e) => e.supplierState],
  ['Order ID', (e) => e.orderId],
  ['Payment ID', (e) => e.paymentId],
  ['Method', (e) => e.method],
  ['Reported by', (e) => e.source],
  ['Paid (₹)', (e) => rupees(e.amount)],
  ['Price (₹)', (e) => taxedHere(e, e.price)],
  ['CGST %', (e) => paidRowOnly(e, e.cgstPercent)],
  ['CGST (₹)', (e) => taxedHere(e, e.cgst)],
  ['SGST %', (e) => paidRowOnly(e, e.sgstPercent)],
  ['SGST (₹)', (e) => taxedHere(e, e.sgst)],
  ['IGST %', (e) => paidRowOnly(e, e.igstPercent)],
  ['IGST (₹)', (e) => taxedHere(e, e.igst)],
  ['Total (₹)', (e) => taxedHere(e, e.total)],
  ['Invoice', (e) => e.invoiceNumber],
  ['Credit note', (e) => e.creditNoteNumber],
  ['Error code', (e) => e.errorCode],
  ['Error description', (e) => e.errorDescription],
  ['Refunded (₹)', (e) => rupees(e.refundAmount)],
  ['Refund ID', (e) => e.refundId],
  ['Refund reason', (e) => (e.refundReason === null ? null : refundReasonWords(e.refundReason))],
  ['Refunded at (IST)', (e) => istTime(e.refundedAt)],
];

/** The header, then each row of the ledger as it is read, batch by batch. */
export async function* ledgerCsv(batches: AsyncIterable<readonly LedgerRow[]>) {
  yield csvHead(LEDGER_CSV_COLUMNS.map(([header]) => header));
  for await (const rows of batches) {
    yield rows
      .map(ledgerEntryOf)
      .map((entry) => csvLine(LEDGER_CSV_COLUMNS.map(([, value]) => value(entry))))
      .join('');
  }
}

/**
 * 'boli-payments-2026-04-01-to-2027-03-31-bidFee.csv'; an open end says 'start' or 'end', a
 * search adds '-matching' and failed attempts left out '-without-failed'.
 */
export function ledgerCsvName(filter: {
  from: Date;
  to: Date;
  kind?: string;
  search?: string;
  withoutFailed?: boolean;
}): string {
  const from =
    filter.from.getTime() === OPEN_FROM.getTime()
      ? 'start'
      : indiaDateOf(filter.from.toISOString());
  // `to` is the start of the day after the last one included.
  const to =
    filter.to.getTime() === OPEN_TO.getTime()
      ? 'end'
      : indiaDateOf(new Date(filter.to.getTime() - 1).toISOString());
  const kind = filter.kind ? `-${filter.kind}` : '';
  // Only some of the period's payments: the name says so (the search itself may not fit a name).
  const some = filter.search ? '-matching' : '';
  const paid = filter.withoutFailed ? '-without-failed' : '';
  return `boli-payments-${from}-to-${to}${kind}${some}${paid}.csv`;
}
