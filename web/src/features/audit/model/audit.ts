import { refundReasonWords } from '@boli/engine/billing/billing.messages';
import { financialYearOf } from '@boli/engine/billing/invoice.rules';
import type { PurchaseKind } from '@boli/engine/billing/products';
import { indiaDateOf } from '@boli/engine/shared/indiaTime';
import { countOf, formatDateTime, formatAccountRupees } from '../../../lib/format.ts';
import type { PurchaseKindChoice } from '../../../payments/model/purchaseKinds.ts';

/*
 * The audit api's answers (api/src/routes/audit/router.ts) and how the auditor's screen reads
 * them. Amounts are rupees.
 */

export type LedgerEntry = {
  purchaseId: string;
  kind: PurchaseKind;
  name: string;
  /** The services accounting code its invoice prints. */
  sac: string;
  /** What a bid fee was for: the ad and its name; null for other purchases. */
  itemAdId: { _id: string; itemName: string } | null;
  buyer: { userId: string; name: string };
  /** The buyer's state as given; '' when none. */
  buyerState: string;
  /** The state whose GST was charged: the buyer's, else the supplier's. */
  placeOfSupply: string;
  supplierGstin: string;
  supplierState: string;
  orderId: string;
  paymentId: string;
  method: string | null;
  status: 'captured' | 'failed' | 'refunded';
  duplicate: boolean;
  source: string;
  amount: number | null;
  price: number;
  cgst: number;
  sgst: number;
  igst: number;
  total: number;
  cgstPercent: number;
  sgstPercent: number;
  igstPercent: number;
  invoiceNumber: string | null;
  invoiceUrl: string | null;
  /** The credit note that reversed the invoice: only on the refunded payment that paid it. */
  creditNoteNumber: string | null;
  creditNoteUrl: string | null;
  capturedAt: string | null;
  failedAt: string | null;
  errorCode: string | null;
  errorDescription?: string | null;
  refundAmount: number | null;
  refundId?: string | null;
  refundReason: string | null;
  refundedAt: string | null;
};

type Money = { price: number; cgst: number; sgst: number; igst: number; total: number };

/** What a period's payments add up to, whatever page is shown. */
export type LedgerSummary = {
  received: { count: number; amount: number };
  refunded: { count: number; amount: number };
  net: number;
  failed: { count: number };
  invoiced: Documents;
  /** Credit notes issued in the period; absent (as the next two) from an api before it said so. */
  credited?: Documents;
  /** The tax invoiced less the credit notes issued in the period. */
  netOfCreditNotes?: Money;
  /** By place of supply, by name; absent from an api before it said so. */
  invoicedByPlace?: (Documents & {
    place: string;
    credited?: Documents;
    netOfCreditNotes?: Money;
  })[];
};

/** Invoices or credit notes, and the money they state. */
type Documents = Money & { count: number };

export type Ledger = {
  from: string;
  to: string;
  page: number;
  total: number;
  totalPages: number;
  summary: LedgerSummary;
  payments: LedgerEntry[];
};

/** How a series' numbers run, invoices and credit notes alike. */
type SeriesNumbering = {
  count: number;
  first: string | null;
  last: string | null;
  gaps: number[];
  duplicates: number[];
  misnumbered: string[];
};

export type SeriesCheck = SeriesNumbering & {
  financialYear: string;
  capturedWithoutInvoice: string[];
  invoicedTwice: string[];
  invoicedUnknownPurchase: string[];
  totals: Money;
  /** Invoices whose payment was refunded afterwards, and the year without them. */
  refunded: Money & { count: number };
  net: Money;
  /** Refunded invoices of the year no credit note has reversed yet (purchase ids). */
  refundedWithoutCreditNote: string[];
  creditNotes: CreditNoteSeries;
  /** False when any problem above or in the credit notes was found. */
  complete: boolean;
};

/**
 * The credit notes issued in the year (for its refunds, of its invoices or earlier ones), checked
 * as the invoices are; `totals` are the invoice values they reversed.
 */
export type CreditNoteSeries = SeriesNumbering & {
  creditedTwice: string[];
  creditedUnknownPurchase: string[];
  totals: Money;
};

type Side = { status: string; amount: number | null; method: string | null; refunded: number };

export type GatewayCheck = {
  purchaseId: string;
  status: string;
  totalPriceAfterTax: number;
  invoiceNumber: string | null;
  agrees: boolean;
  orders: {
    orderId: string;
    expectedAmount: number;
    gateway: { amount: number; status: string } | null;
    problems: string[];
  }[];
  payments: {
    paymentId: string;
    orderId: string;
    ours: Side | null;
    gateway: Side | null;
    problems: string[];
  }[];
};

/** Money one side says moved in a period, in rupees. */
type Moved = { received: number; refunded: number };

/** A period's payments in Boli's ledger beside the gateway's (GET /api/audit/gateway-reconciliation). */
export type Reconciliation = {
  from: string;
  to: string;
  /** Payments in Boli's ledger for the period, and in the gateway's list of it. */
  inLedger: number;
  atGateway: number;
  /** Every payment either side knows, once; those both agree on. */
  compared: number;
  agreeing: number;
  agrees: boolean;
  ours: Moved;
  gateway: Moved;
  differences: (GatewayCheck['payments'][number] & { purchaseId: string | null })[];
};

/** Whether the period's records agree, in a sentence. */
export function reconciliationVerdict(
  check: Pick<Reconciliation, 'agrees' | 'compared' | 'differences'>,
): string {
  if (check.compared === 0) return 'Neither Boli nor the gateway has a payment in this period.';
  if (check.agrees) {
    return check.compared === 1
      ? "Boli's ledger and the gateway agree on the period's one payment."
      : `Boli's ledger and the gateway agree on all ${check.compared} payments of the period.`;
  }
  return `Boli's ledger and the gateway differ on ${paymentCount(check.differences.length)} of ${check.compared}.`;
}

/** What each side holds for the period and says moved: a line for Boli, one for the gateway. */
export const reconciliationLines = (check: Reconciliation): string[] => [
  `Boli's ledger: ${paymentCount(check.inLedger)} · received ${formatAccountRupees(check.ours.received)} · refunded ${formatAccountRupees(check.ours.refunded)}`,
  `The gateway: ${paymentCount(check.atGateway)} · captured ${formatAccountRupees(check.gateway.received)} · refunded ${formatAccountRupees(check.gateway.refunded)}`,
];

/**
 * The GST cell: each tax that applies as "CGST 9% · ₹89.91" (CGST and SGST within the supplier's
 * state, IGST across states), or "—" when none does. One column, not three mostly empty ones,
 * so the ledger fits a desktop window.
 */
export function taxLines(
  entry: Pick<
    LedgerEntry,
    'cgst' | 'sgst' | 'igst' | 'cgstPercent' | 'sgstPercent' | 'igstPercent'
  >,
): string[] {
  const taxes = [
    ['CGST', entry.cgstPercent, entry.cgst],
    ['SGST', entry.sgstPercent, entry.sgst],
    ['IGST', entry.igstPercent, entry.igst],
  ] as const;
  const lines = taxes
    .filter(([, percent, amount]) => percent !== 0 || amount !== 0)
    .map(([name, percent, amount]) => `${name} ${percent}% · ${formatAccountRupees(amount)}`);
  return lines.length > 0 ? lines : ['—'];
}

/**
 * One side of a payment in the gateway comparison: its outcome, amount, method and any refund. A
 * failed attempt moves no money, and Boli keeps only its outcome (the comparison leaves its amount
 * and method out): said in words, so that "—" beside the gateway's figures is not read as a gap.
 */
export function paymentSideText(side: Side | null): string {
  if (side === null) return 'not recorded';
  const failed = side.status === 'failed';
  const amount =
    side.amount === null
      ? failed
        ? 'no money moved'
        : '—'
      : `${formatAccountRupees(side.amount)}${failed ? ' tried' : ''}`;
  const method = side.method ?? (failed ? 'method not recorded' : '—');
  // A refunded payment says so once, with how much of it, as the ledger's status does (statusText).
  if (side.status === 'refunded' && side.refunded > 0) {
    return `refunded ${formatAccountRupees(side.refunded)} of ${amount}, ${method}`;
  }
  const refund = side.refunded > 0 ? `, refunded ${formatAccountRupees(side.refunded)}` : '';
  return `${side.status}, ${amount}, ${method}${refund}`;
}

/** The comparison's verdict; when it holds a failed attempt, why its figures may differ. */
export function comparisonVerdict(check: Pick<GatewayCheck, 'agrees' | 'payments'>): string {
  const verdict = check.agrees
    ? 'Our record matches the gateway.'
    : 'Our record and the gateway differ.';
  const failed = check.payments.some(
    (payment) => payment.ours?.status === 'failed' || payment.gateway?.status === 'failed',
  );
  return failed
    ? `${verdict} A failed attempt moves no money: Boli compares its outcome, not the amount or method the gateway shows it tried.`
    : verdict;
}

/** When the payment happened, in India's time as the page's days are: its capture, else its failure. */
export const paymentTime = (entry: LedgerEntry): string =>
  formatDateTime(entry.capturedAt ?? entry.failedAt ?? '');

/** A failed payment's code, which auditors reconcile against, and the gateway's words for it. */
const gatewayErrorText = ({ errorCode, errorDescription }: LedgerEntry): string =>
  errorDescription ? `${errorCode} (${errorDescription})` : (errorCode ?? '');

/** What the status column says: the outcome, and why a payment is special. */
export function statusText(entry: LedgerEntry): string {
  const parts: string[] = [entry.status];
  if (entry.duplicate) parts.push('duplicate');
  if (entry.status === 'failed' && entry.errorCode) parts.push(gatewayErrorText(entry));
  if (entry.refundAmount !== null) {
    const id = entry.refundId ? ` (${entry.refundId})` : '';
    const why = entry.refundReason ? `: ${refundReasonWords(entry.refundReason)}` : '';
    parts.push(`refunded ${formatAccountRupees(entry.refundAmount)}${id}${why}`);
  }
  // A refunded payment says so once, with its amount: not "refunded, refunded ₹…".
  if (entry.status === 'refunded' && entry.refundAmount !== null) parts.shift();
  return parts.join(', ');
}

/** Each problem of a series, as a heading and the numbers or purchases it names. */
export function seriesProblems(check: SeriesCheck): { label: string; items: string[] }[] {
  const notes = check.creditNotes;
  const problems = [
    { label: 'Missing invoice numbers', items: check.gaps.map(String) },
    { label: 'Invoice numbers used twice', items: check.duplicates.map(String) },
    { label: 'Invoice numbers not matching their place', items: check.misnumbered },
    { label: 'Captured payments without an invoice', items: check.capturedWithoutInvoice },
    { label: 'Purchases invoiced twice', items: check.invoicedTwice },
    { label: 'Invoices of unknown purchases', items: check.invoicedUnknownPurchase },
    { label: 'Refunded invoices without a credit note', items: check.refundedWithoutCreditNote },
    { label: 'Missing credit note numbers', items: notes.gaps.map(String) },
    { label: 'Credit note numbers used twice', items: notes.duplicates.map(String) },
    { label: 'Credit note numbers not matching their place', items: notes.misnumbered },
    { label: 'Purchases credited twice', items: notes.creditedTwice },
    { label: 'Credit notes of unknown purchases', items: notes.creditedUnknownPurchase },
  ];
  return problems.filter((problem) => problem.items.length > 0);
}

/** "1 invoice", "2 invoices". */
export const invoiceCount = (count: number): string => countOf(count, 'invoice');

/** "1 credit note", "2 credit notes". */
export const creditNoteCount = (count: number): string => countOf(count, 'credit note');

/** "1 payment", "2 payments". */
export const paymentCount = (count: number): string => countOf(count, 'payment');

/**
 * "3 payments in this period matching ‘asha’." — what the ledger shows, said once for the eye
 * and the screen reader alike; 'No payments' for none.
 */
export function ledgerCaption(total: number, search: string): string {
  const count = total === 0 ? 'No payments' : paymentCount(total);
  const matching = search.trim() ? ` matching ‘${search.trim()}’` : '';
  return `${count} in this period${matching}.`;
}

/** Where GST was charged (the api's placeOfSupply), and why when it is not the buyer's state. */
export const placeOfSupply = (entry: LedgerEntry): string =>
  entry.placeOfSupply === entry.buyerState
    ? entry.placeOfSupply
    : `${entry.placeOfSupply} (buyer gave no state)`;

/**
 * The one line that says whether a series is sound: the invoices' range, then the credit notes'
 * when the year issued some (a year may have only those, for refunds of the year before).
 */
export function seriesSummary(check: SeriesCheck): string {
  if (!check.complete) return `Series ${check.financialYear} has problems`;
  const invoices =
    check.count === 0
      ? `no invoices in ${check.financialYear}`
      : `${invoiceCount(check.count)}, ${check.first} to ${check.last}`;
  const notes = check.creditNotes;
  const creditNotes =
    notes.count === 0 ? '' : `; ${creditNoteCount(notes.count)}, ${notes.first} to ${notes.last}`;
  return `Series complete: ${invoices}${creditNotes}`;
}

/**
 * What the refunded invoices' line begins with: each should have been reversed by a credit note
 * (in the year of its refund); those not yet are problems, listed with the series'.
 */
export function refundedHeading(check: SeriesCheck): string {
  const pending = check.refundedWithoutCreditNote.length;
  return pending === 0
    ? 'Refunded after invoicing, each reversed by a credit note'
    : `Refunded after invoicing (${pending} not yet reversed by a credit note)`;
}

/** The current financial year and the `count - 1` before it, newest first: ['2026-27', …]. */
export function financialYearChoices(now: Date, count = 5): string[] {
  const current = Number(financialYearOf(now.toISOString()).slice(0, 4));
  return Array.from({ length: count }, (_, back) => {
    const start = current - back;
    return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
  });
}

/**
 * The ledger's default period: from 1 April of the current financial year to today, India's
 * calendar days as the api reads them (wherever the browser is, today's payments are in it).
 */
export function defaultPeriod(now: Date): { from: string; to: string } {
  const start = financialYearOf(now.toISOString()).slice(0, 4);
  return { from: `${start}-04-01`, to: indiaDateOf(now.toISOString()) };
}

/** A ledger period as the screen's date fields hold it: days, either one possibly cleared. */
export type LedgerPeriod = { readonly from: string; readonly to: string };

export const PERIOD_REVERSED = '‘From’ must be on or before ‘To’.';

/** Why the ledger cannot be asked for `period`, or null. A cleared end is open, not wrong. */
export function periodProblem({ from, to }: LedgerPeriod): string | null {
  return from !== '' && to !== '' && from > to ? PERIOD_REVERSED : null;
}

/**
 * What the ledger shows: a period, the text searched for ('' for none: an id, an invoice or
 * credit-note number, a buyer), a kind of purchase, failed attempts or not, and a page.
 */
export type LedgerView = LedgerPeriod & {
  readonly search: string;
  readonly kind: PurchaseKindChoice;
  readonly hideFailed: boolean;
  readonly page: number;
};

/**
 * The ledger call's query: a cleared end left out (from the first payment, or up to now), and
 * a blank search, every kind and the failed attempts (the api's defaults) left out too.
 */
export function ledgerQuery({
  from,
  to,
  search,
  kind,
  hideFailed,
  page,
}: LedgerView): Record<string, string | number> {
  return {
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(search.trim() ? { search: search.trim() } : {}),
    ...(kind === 'all' ? {} : { kind }),
    page,
    ...(hideFailed ? { failed: 'hide' } : {}),
  };
}

export const CSV_FAILED = 'The spreadsheet could not be downloaded. Try again.';

/** Where the ledger of `view`, every page of it, downloads as a spreadsheet. */
export function ledgerCsvUrl(view: LedgerView): string {
  const { page: _page, ...query } = ledgerQuery(view);
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return `/api/audit/payments.csv${search.size > 0 ? `?${search}` : ''}`;
}

/** "taxable value ₹999.00 · CGST ₹89.91 · SGST ₹89.91 · IGST ₹0.00 · total ₹1,178.82". */
export const moneyLine = (money: Money): string =>
  `taxable value ${formatAccountRupees(money.price)} · CGST ${formatAccountRupees(money.cgst)} · SGST ` +
  `${formatAccountRupees(money.sgst)} · IGST ${formatAccountRupees(money.igst)} · total ${formatAccountRupees(money.total)}`;

/**
 * The period's money: what came in and went back (failed attempts moved nothing), and the tax
 * invoiced on the payments that paid; when credit notes were issued in the period, them and the
 * tax net of them, which a GST return states. With failed attempts hidden from the list
 * (`failedHidden`), their count says so.
 */
export function ledgerSummaryLines(
  summary: LedgerSummary,
  { failedHidden = false }: { failedHidden?: boolean } = {},
): string[] {
  const { received, refunded, net, failed, invoiced, credited, netOfCreditNotes } = summary;
  // Counted, and hidden from the list below: said, so the list does not read as none tried.
  const hidden = failedHidden && failed.count > 0 ? '; hidden from the list' : '';
  const money = [
    `Received ${formatAccountRupees(received.amount)} in ${paymentCount(received.count)}`,
    `refunded ${formatAccountRupees(refunded.amount)} (${refunded.count})`,
    `net ${formatAccountRupees(net)}`,
    `${failed.count} failed (nothing received${hidden})`,
  ].join(' · ');
  const lines = [money, `Invoiced: ${invoiceCount(invoiced.count)} · ${moneyLine(invoiced)}`];
  if (credited && credited.count > 0 && netOfCreditNotes) {
    lines.push(
      `Credit notes issued: ${creditNoteCount(credited.count)} · ${moneyLine(credited)}`,
      `Net of credit notes: ${moneyLine(netOfCreditNotes)}`,
    );
  }
  return lines;
}

/**
 * The tax by place of supply, a line each, for a GST return's state-wise summary:
 * "Gujarat: 1 invoice · taxable value ₹999.00 · CGST ₹0.00 · … · total ₹1,178.82", or where
 * credit notes were issued in the period, the place's tax net of them.
 */
export const placeOfSupplyLines = (summary: LedgerSummary): string[] =>
  (summary.invoicedByPlace ?? []).map((place) =>
    place.credited && place.credited.count > 0 && place.netOfCreditNotes
      ? `${place.place}: ${invoiceCount(place.count)}, ${creditNoteCount(place.credited.count)} · net of credit notes: ${moneyLine(place.netOfCreditNotes)}`
      : `${place.place}: ${invoiceCount(place.count)} · ${moneyLine(place)}`,
  );
