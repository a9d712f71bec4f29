import { financialYearOf, invoiceNumber } from '@boli/engine/billing/invoice.rules';
import { startOfIndiaDay } from '@boli/engine/shared/indiaTime';

/*
 * The auditor's proof that a financial year's tax invoices form one gap-free series and that
 * every payment captured in that year was invoiced. Pure: the router hands it the series as the
 * event store recorded it (`invoices-<FY>`) and the purchases the read model holds for the year.
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

/** A purchase of the year as the read model holds it (paise). */
export type YearPurchase = {
  readonly purchaseId: string;
  /** When its payment was captured; null when none was. */
  readonly capturedAt: string | null;
  /** Whether the payment that paid was given back in full (refunds are never partial). */
  readonly refunded: boolean;
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

export type SeriesCheck = {
  readonly financialYear: string;
  /** Invoices recorded in the series. */
  readonly count: number;
  /** The lowest and highest invoice numbers; null for an empty series. */
  readonly first: string | null;
  readonly last: string | null;
  /** Sequence numbers from 1 to the highest that no invoice took. */
  readonly gaps: number[];
  /** Sequence numbers more than one invoice took. */
  readonly duplicates: number[];
  /** Invoice numbers whose text does not match their sequence and year. */
  readonly misnumbered: string[];
  /** Purchases captured in the year with no invoice in its series. */
  readonly capturedWithoutInvoice: string[];
  /** Purchases invoiced more than once. */
  readonly invoicedTwice: string[];
  /** Invoiced purchases the read model does not know (their amounts are missing below). */
  readonly invoicedUnknownPurchase: string[];
  /** Sums over the invoiced purchases, paise. */
  readonly totals: MoneyTotals;
  /**
   * The invoiced purchases whose payment was refunded afterwards (no credit notes are issued
   * yet), and what the year's invoices come to without them.
   */
  readonly refunded: MoneyTotals & { readonly count: number };
  readonly net: MoneyTotals;
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

export function checkInvoiceSeries(input: {
  readonly financialYear: string;
  readonly invoices: readonly SeriesInvoice[];
  readonly purchases: readonly YearPurchase[];
}): SeriesCheck {
  const { financialYear, invoices, purchases } = input;
  const sequences = invoices.map((invoice) => invoice.sequence).sort(ascending);
  const taken = new Set(sequences);
  const highest = sequences.at(-1) ?? 0;
  const gaps: number[] = [];
  for (let sequence = 1; sequence <= highest; sequence += 1) {
    if (!taken.has(sequence)) gaps.push(sequence);
  }
  const duplicates = repeated(sequences).sort(ascending);
  const misnumbered = invoices
    .filter((invoice) => invoice.invoiceNumber !== invoiceNumber(financialYear, invoice.sequence))
    .map((invoice) => invoice.invoiceNumber);

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
  const net: MoneyTotals = {
    price: totals.price - refunded.price,
    cgst: totals.cgst - refunded.cgst,
    sgst: totals.sgst - refunded.sgst,
    igst: totals.igst - refunded.igst,
    total: totals.total - refunded.total,
  };

  const ordered = [...invoices].sort((a, b) => a.sequence - b.sequence);
  return {
    financialYear,
    count: invoices.length,
    first: ordered[0]?.invoiceNumber ?? null,
    last: ordered.at(-1)?.invoiceNumber ?? null,
    gaps,
    duplicates,
    misnumbered,
    capturedWithoutInvoice,
    invoicedTwice,
    invoicedUnknownPurchase,
    totals,
    refunded: { count: refundedPurchases.length, ...refunded },
    net,
    complete:
      gaps.length === 0 &&
      duplicates.length === 0 &&
      misnumbered.length === 0 &&
      capturedWithoutInvoice.length === 0 &&
      invoicedTwice.length === 0 &&
      invoicedUnknownPurchase.length === 0,
  };
}
