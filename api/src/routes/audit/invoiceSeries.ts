import {
  creditNoteNumber,
  financialYearOf,
  invoiceNumber,
} from '@boli/engine/billing/invoice.rules';
import { startOfIndiaDay } from '@boli/engine/shared/indiaTime';

/*
 * The auditor's proof that a financial year's tax invoices form one gap-free series, that every
 * payment captured in that year was invoiced, that every refunded invoice was reversed by a credit
 * note, and that the year's credit notes form a gap-free series of their own. Pure: the router
 * hands it the series as the event store recorded them (`invoices-<FY>`, `credit-notes-<FY>`) and
 * the purchases the read model holds for them.
 */

const FINANCIAL_YEAR = /^(\d{4})-(\d{2})$/;

/** '2026-27' is a financial year; '2026-28' and '26-27' are not. */
export function isFinancialYear(value: string): boolean {
  const match = FINANCIAL_YEAR.exec(value);
  return match !== null && (Number(match[1]) + 1) % 100 === Number(match[2]);
}

/** The instants a financial year spans, [from, to): 1 April 00:00 IST to the next 1 April. */
export function financialYearBounds(financialYear: string): { from: Date; to: Date } {
  if (!isFinancialYear(financialYear)) {
    throw new RangeError(`not a financial year: ${financialYear}`);
  }
  const start = Number(financialYear.slice(0, 4));
  return {
    from: new Date(startOfIndiaDay(`${start}-04-01`)),
    to: new Date(startOfIndiaDay(`${start + 1}-04-01`)),
  };
}

/** One invoice as the series recorded it. */
export type SeriesInvoice = {
  readonly sequence: number;
  readonly invoiceNumber: string;
  readonly purchaseId: string;
};

/** One credit note as its series recorded it. */
export type SeriesCreditNote = {
  readonly sequence: number;
  readonly creditNoteNumber: string;
  readonly purchaseId: string;
  readonly invoiceNumber: string;
};

/** A purchase of the year as the read model holds it (paise). */
export type YearPurchase = {
  readonly purchaseId: string;
  /** When its payment was captured; null when none was. */
  readonly capturedAt: string | null;
  /** Whether the payment that paid was given back in full (refunds are never partial). */
  readonly refunded: boolean;
  /** The credit note that reversed its invoice, in whatever year. */
  readonly creditNoteNumber: string | null;
  readonly price: number;
  readonly cgst: number;
  readonly sgst: number;
  readonly igst: number;
  readonly total: number;
};

export type MoneyTotals = {
  readonly price: number;
  readonly cgst: number;
  readonly sgst: number;
  readonly igst: number;
  readonly total: number;
};

/** How a series' numbers run: the same proof for invoices and credit notes. */
export type SeriesNumbering = {
  /** Documents recorded in the series. */
  readonly count: number;
  /** The lowest and highest numbers; null for an empty series. */
  readonly first: string | null;
  readonly last: string | null;
  /** Sequence numbers from 1 to the highest that no document took. */
  readonly gaps: number[];
  /** Sequence numbers more than one document took. */
  readonly duplicates: number[];
  /** Numbers whose text does not match their sequence and year. */
  readonly misnumbered: string[];
};

/** The year's credit notes: their numbering, and what they reversed (paise). */
export type CreditNoteSeriesCheck = SeriesNumbering & {
  /** Purchases credited more than once. */
  readonly creditedTwice: string[];
  /** Credited purchases the read model does not know (their amounts are missing below). */
  readonly creditedUnknownPurchase: string[];
  /** The invoice values the year's credit notes reversed. */
  readonly totals: MoneyTotals;
};

export type SeriesCheck = SeriesNumbering & {
  readonly financialYear: string;
  /** Purchases captured in the year with no invoice in its series. */
  readonly capturedWithoutInvoice: string[];
  /** Purchases invoiced more than once. */
  readonly invoicedTwice: string[];
  /** Invoiced purchases the read model does not know (their amounts are missing below). */
  readonly invoicedUnknownPurchase: string[];
  /** Sums over the invoiced purchases, paise. */
  readonly totals: MoneyTotals;
  /**
   * The invoiced purchases whose payment was refunded afterwards, each reversed by a credit note
   * (in the year of its refund), and what the year's invoices come to without them.
   */
  readonly refunded: MoneyTotals & { readonly count: number };
  readonly net: MoneyTotals;
  /** Refunded invoices of the year that no credit note has reversed yet. */
  readonly refundedWithoutCreditNote: string[];
  /** The credit notes issued in the year (for refunds in it, of this year's invoices or earlier). */
  readonly creditNotes: CreditNoteSeriesCheck;
  /** True when nothing above is wrong. */
  readonly complete: boolean;
};

const ascending = (a: number, b: number) => a - b;

const repeated = <T>(values: readonly T[]): T[] => {
  const seen = new Set<T>();
  const twice = new Set<T>();
  for (const value of values) (seen.has(value) ? twice : seen).add(value);
  return [...twice];
};

const sumOf = (purchases: readonly MoneyTotals[]): MoneyTotals =>
  purchases.reduce<MoneyTotals>(
    (sum, purchase) => ({
      price: sum.price + purchase.price,
      cgst: sum.cgst + purchase.cgst,
      sgst: sum.sgst + purchase.sgst,
      igst: sum.igst + purchase.igst,
      total: sum.total + purchase.total,
    }),
    { price: 0, cgst: 0, sgst: 0, igst: 0, total: 0 },
  );

/** Gaps, repeats and misnumbered documents of one series. */
function numberingOf(
  documents: readonly { readonly sequence: number; readonly number: string }[],
  expectedNumber: (sequence: number) => string,
): SeriesNumbering {
  const sequences = documents.map((document) => document.sequence).sort(ascending);
  const taken = new Set(sequences);
  const highest = sequences.at(-1) ?? 0;
  const gaps: number[] = [];
  for (let sequence = 1; sequence <= highest; sequence += 1) {
    if (!taken.has(sequence)) gaps.push(sequence);
  }
  const ordered = [...documents].sort((a, b) => a.sequence - b.sequence);
  return {
    count: documents.length,
    first: ordered[0]?.number ?? null,
    last: ordered.at(-1)?.number ?? null,
    gaps,
    duplicates: repeated(sequences).sort(ascending),
    misnumbered: documents
      .filter((document) => document.number !== expectedNumber(document.sequence))
      .map((document) => document.number),
  };
}

const isSound = (numbering: SeriesNumbering): boolean =>
  numbering.gaps.length === 0 &&
  numbering.duplicates.length === 0 &&
  numbering.misnumbered.length === 0;

/** One sum less another, each amount (paise: exact). */
export const minus = (a: MoneyTotals, b: MoneyTotals): MoneyTotals => ({
  price: a.price - b.price,
  cgst: a.cgst - b.cgst,
  sgst: a.sgst - b.sgst,
  igst: a.igst - b.igst,
  total: a.total - b.total,
});

function checkCreditNotes(
  financialYear: string,
  creditNotes: readonly SeriesCreditNote[],
  byId: ReadonlyMap<string, YearPurchase>,
): CreditNoteSeriesCheck {
  const credited = creditNotes.map((note) => note.purchaseId);
  return {
    ...numberingOf(
      creditNotes.map((note) => ({ sequence: note.sequence, number: note.creditNoteNumber })),
      (sequence) => creditNoteNumber(financialYear, sequence),
    ),
    creditedTwice: repeated(credited),
    creditedUnknownPurchase: [...new Set(credited)].filter((id) => !byId.has(id)),
    totals: sumOf(
      [...new Set(credited)]
        .map((id) => byId.get(id))
        .filter((purchase): purchase is YearPurchase => purchase !== undefined),
    ),
  };
}

export function checkInvoiceSeries(input: {
  readonly financialYear: string;
  readonly invoices: readonly SeriesInvoice[];
  readonly creditNotes: readonly SeriesCreditNote[];
  readonly purchases: readonly YearPurchase[];
}): SeriesCheck {
  const { financialYear, invoices, purchases } = input;
  const numbering = numberingOf(
    invoices.map((invoice) => ({ sequence: invoice.sequence, number: invoice.invoiceNumber })),
    (sequence) => invoiceNumber(financialYear, sequence),
  );

  const invoiced = new Set(invoices.map((invoice) => invoice.purchaseId));
  const byId = new Map(purchases.map((purchase) => [purchase.purchaseId, purchase]));
  const capturedWithoutInvoice = purchases
    .filter(
      (purchase) =>
        purchase.capturedAt !== null &&
        financialYearOf(purchase.capturedAt) === financialYear &&
        !invoiced.has(purchase.purchaseId),
    )
    .map((purchase) => purchase.purchaseId);
  const invoicedTwice = repeated(invoices.map((invoice) => invoice.purchaseId));
  const invoicedUnknownPurchase = [...invoiced].filter((id) => !byId.has(id));

  const known = [...invoiced]
    .map((id) => byId.get(id))
    .filter((purchase): purchase is YearPurchase => purchase !== undefined);
  const totals = sumOf(known);
  const refundedPurchases = known.filter((purchase) => purchase.refunded);
  const refunded = sumOf(refundedPurchases);
  const refundedWithoutCreditNote = refundedPurchases
    .filter((purchase) => purchase.creditNoteNumber === null)
    .map((purchase) => purchase.purchaseId);
  const creditNotes = checkCreditNotes(financialYear, input.creditNotes, byId);

  return {
    financialYear,
    ...numbering,
    capturedWithoutInvoice,
    invoicedTwice,
    invoicedUnknownPurchase,
    totals,
    refunded: { count: refundedPurchases.length, ...refunded },
    net: minus(totals, refunded),
    refundedWithoutCreditNote,
    creditNotes,
    complete:
      isSound(numbering) &&
      capturedWithoutInvoice.length === 0 &&
      invoicedTwice.length === 0 &&
      invoicedUnknownPurchase.length === 0 &&
      refundedWithoutCreditNote.length === 0 &&
      isSound(creditNotes) &&
      creditNotes.creditedTwice.length === 0 &&
      creditNotes.creditedUnknownPurchase.length === 0,
  };
}
