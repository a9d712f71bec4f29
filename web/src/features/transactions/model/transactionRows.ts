import { formatAccountRupees, formatDateTime, formatRupees } from '../../../lib/format.ts';
import type { PurchaseStatus } from '../../../payments/api/purchaseInfo.ts';
import { interState, percentText } from '../../../payments/model/priceBreakup.ts';
import { PAYMENT_TEXTS } from '../../../payments/model/paymentTexts.ts';
import { purchaseKindInSentence } from '../../../payments/model/purchaseKinds.ts';
import type { FeeBid, Transaction, TransactionType } from '../api/transactionsApi.ts';

/**
 * What Transactions says when it lists none. Filtered, it names the type, in the Type selector's
 * words ('No bid fee transactions yet.'): a bare 'No transactions yet.' would say the member has
 * none at all, when other types may have rows.
 */
export const noTransactionsText = (type: TransactionType): string =>
  type === 'all' ? 'No transactions yet.' : `No ${purchaseKindInSentence(type)} transactions yet.`;

/** A started purchase no payment has been heard of yet: a checkout closed, or still open. */
export const AWAITING_PAYMENT = 'Awaiting payment';

/**
 * A purchase's status in words. One started whose payment no one has reported is awaiting it
 * (a checkout closed unpaid stays so until it lapses: 'Lapsed: nothing charged'); one paid is being
 * confirmed until the server has delivered it: money taken is never lost.
 */
export function statusText(status: PurchaseStatus | null): string {
  switch (status) {
    case 'fulfilled':
      return 'Paid';
    case 'created':
    case 'ordered':
      return AWAITING_PAYMENT;
    case 'captured':
    case null:
      return PAYMENT_TEXTS.beingConfirmedShort;
    case 'failed':
      // An attempt failed; the purchase may still be paid until it lapses (unpaidNote).
      return 'Attempt failed';
    case 'refundPending':
      return 'Refund pending';
    case 'refunded':
      return 'Refunded';
    case 'expired':
      return 'Lapsed: nothing charged';
    default: {
      const unknown: never = status;
      return unknown;
    }
  }
}

/** A purchase started and not paid that is not needed any more (it would only be refunded). */
export const NOT_NEEDED = 'Not needed';

/**
 * A row's status in words: `statusText`, except that a purchase started and not paid which the
 * api says is not needed any more (no `payBy`, and its `message` saying why) is not awaiting
 * payment: nothing will be asked of it.
 */
export function transactionStatusText(
  row: Pick<Transaction, 'status' | 'payBy' | 'message'>,
): string {
  return payable(row.status) && row.payBy === null && row.message
    ? NOT_NEEDED
    : statusText(row.status);
}

/**
 * Paid and not yet settled by the server (delivered, or refunded): the row changes without the
 * member doing anything, so the screen asks again till it has.
 */
export const settlingOnServer = (status: PurchaseStatus | null): boolean =>
  status === 'captured' || status === 'refundPending';

/** Started and not paid: a failed attempt leaves the purchase payable, as one never tried is. */
const payable = (status: PurchaseStatus | null): boolean =>
  status === 'created' || status === 'ordered' || status === 'failed';

/**
 * Whether no money was taken for the purchase: one payable, or lapsed unpaid. Its amounts are
 * what it would have cost, and the row shows them as such (greyed), not as a charge.
 */
export const nothingCharged = (status: PurchaseStatus | null): boolean =>
  payable(status) || status === 'expired';

/** Under a purchase started and not paid: nothing was taken, and when it lapses unless paid. */
export const unpaidNote = (payBy: string): string =>
  `Nothing charged. It lapses at ${formatDateTime(payBy)} unless paid.`;

/** The bid a fee places: 'Hidden bid of ₹2,500 as bluekite'. */
export const feeBidText = (bid: FeeBid): string =>
  `${bid.type ? `${bid.type} bid` : 'Bid'} of ${formatRupees(bid.bidamt)}${bid.by ? ` as ${bid.by}` : ''}`;

type TaxAmounts = Pick<
  Transaction,
  | 'taxSGSTAmount'
  | 'taxSGSTPercent'
  | 'taxCGSTAmount'
  | 'taxCGSTPercent'
  | 'taxIGSTAmount'
  | 'taxIGSTPercent'
>;

/**
 * Which tax columns the page shows: CGST and SGST, in the invoice's order (`split`: buyers in the supplier's state, or no
 * row with any tax), IGST alone (`igst`: another state's), or, when the page has both kinds (a
 * member who moved state), one GST column (`gst`) whose cell lists the row's own taxes: three
 * columns, each mostly ₹0, pushed the invoice out of a 1,280 px window.
 */
export type TaxColumns = 'split' | 'igst' | 'gst';

export function taxColumnsOf(rows: readonly TaxAmounts[]): TaxColumns {
  const igst = rows.some((row) => row.taxIGSTAmount > 0);
  const intraState = rows.some((row) => row.taxSGSTAmount > 0 || row.taxCGSTAmount > 0);
  if (igst && intraState) return 'gst';
  return igst ? 'igst' : 'split';
}

/** An amount of tax with its rate: "₹89.91 (9%)"; a rate of 0 is not written. */
export const taxText = (amount: number, percent: number): string =>
  `${formatAccountRupees(amount)}${percent > 0 ? ` (${percentText(percent)})` : ''}`;

/** A row's taxes under the page's columns, by name: those columns' own, or (`gst`) the row's. */
export function taxLinesOf(row: TaxAmounts, columns: TaxColumns): [string, string][] {
  const cgstAndSgst: [string, string][] = [
    ['CGST', taxText(row.taxCGSTAmount, row.taxCGSTPercent)],
    ['SGST', taxText(row.taxSGSTAmount, row.taxSGSTPercent)],
  ];
  const igst: [string, string][] = [['IGST', taxText(row.taxIGSTAmount, row.taxIGSTPercent)]];
  if (columns === 'split') return cgstAndSgst;
  if (columns === 'igst') return igst;
  return interState(row) ? igst : cgstAndSgst;
}

/** The tax columns' headings. */
export const taxHeadings = (columns: TaxColumns): string[] =>
  columns === 'gst' ? ['GST'] : columns === 'igst' ? ['IGST'] : ['CGST', 'SGST'];
