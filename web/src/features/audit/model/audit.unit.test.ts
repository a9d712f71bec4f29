import { describe, expect, it } from 'vitest';
import {
  creditNoteCount,
  defaultPeriod,
  financialYearChoices,
  invoiceCount,
  ledgerCaption,
  ledgerCsvUrl,
  ledgerQuery,
  ledgerSummaryLines,
  placeOfSupplyLines,
  PERIOD_REVERSED,
  periodProblem,
  paymentCount,
  placeOfSupply,
  refundedHeading,
  seriesProblems,
  seriesSummary,
  statusText,
  paymentSideText,
  comparisonVerdict,
  taxLines,
  reconciliationLines,
  reconciliationVerdict,
  type LedgerEntry,
  type Reconciliation,
  type SeriesCheck,
} from './audit.ts';

const complete: SeriesCheck = {
  financialYear: '2026-27',
  count: 3,
  first: 'BL/26-27/000001',
  last: 'BL/26-27/000003',
  gaps: [],
  duplicates: [],
  misnumbered: [],
  capturedWithoutInvoice: [],
  invoicedTwice: [],
  invoicedUnknownPurchase: [],
  totals: { price: 2997, cgst: 269.73, sgst: 269.73, igst: 0, total: 3536.46 },
  refunded: { count: 0, price: 0, cgst: 0, sgst: 0, igst: 0, total: 0 },
  net: { price: 2997, cgst: 269.73, sgst: 269.73, igst: 0, total: 3536.46 },
  refundedWithoutCreditNote: [],
  creditNotes: {
    count: 0,
    first: null,
    last: null,
    gaps: [],
    duplicates: [],
    misnumbered: [],
    creditedTwice: [],
    creditedUnknownPurchase: [],
    totals: { price: 0, cgst: 0, sgst: 0, igst: 0, total: 0 },
  },
  complete: true,
};

/** The year issued one credit note, reversing one of its invoices. */
const withCreditNote: SeriesCheck = {
  ...complete,
  refunded: { count: 1, price: 999, cgst: 89.91, sgst: 89.91, igst: 0, total: 1178.82 },
  net: { price: 1998, cgst: 179.82, sgst: 179.82, igst: 0, total: 2357.64 },
  creditNotes: {
    ...complete.creditNotes,
    count: 1,
    first: 'CN/26-27/000001',
    last: 'CN/26-27/000001',
    totals: { price: 999, cgst: 89.91, sgst: 89.91, igst: 0, total: 1178.82 },
  },
};

describe('the series check as the auditor reads it', () => {
  it('says a sound series is complete, with its range', () => {
    expect(seriesSummary(complete)).toBe(
      'Series complete: 3 invoices, BL/26-27/000001 to BL/26-27/000003',
    );
    expect(seriesSummary({ ...complete, count: 0, first: null, last: null })).toBe(
      'Series complete: no invoices in 2026-27',
    );
    expect(seriesProblems(complete)).toEqual([]);
  });

  it('adds the credit notes’ range when the year issued some, even with no invoices', () => {
    expect(seriesSummary(withCreditNote)).toBe(
      'Series complete: 3 invoices, BL/26-27/000001 to BL/26-27/000003; ' +
        '1 credit note, CN/26-27/000001 to CN/26-27/000001',
    );
    expect(seriesSummary({ ...withCreditNote, count: 0, first: null, last: null })).toBe(
      'Series complete: no invoices in 2026-27; 1 credit note, CN/26-27/000001 to CN/26-27/000001',
    );
    expect(seriesProblems(withCreditNote)).toEqual([]);
  });

  it('says whether each refunded invoice was reversed by a credit note', () => {
    expect(refundedHeading(withCreditNote)).toBe(
      'Refunded after invoicing, each reversed by a credit note',
    );
    expect(
      refundedHeading({ ...withCreditNote, complete: false, refundedWithoutCreditNote: ['p-4'] }),
    ).toBe('Refunded after invoicing (1 not yet reversed by a credit note)');
  });

  it('lists each kind of problem with what it names, and nothing else', () => {
    const broken = {
      ...complete,
      complete: false,
      gaps: [2, 5],
      capturedWithoutInvoice: ['p-9'],
    };
    expect(seriesSummary(broken)).toBe('Series 2026-27 has problems');
    expect(seriesProblems(broken)).toEqual([
      { label: 'Missing invoice numbers', items: ['2', '5'] },
      { label: 'Captured payments without an invoice', items: ['p-9'] },
    ]);
  });

  it('lists refunds no credit note reversed and the credit notes’ own problems', () => {
    const broken: SeriesCheck = {
      ...withCreditNote,
      complete: false,
      refundedWithoutCreditNote: ['p-4'],
      creditNotes: {
        ...withCreditNote.creditNotes,
        gaps: [1],
        duplicates: [2],
        misnumbered: ['CN/26-27/44'],
        creditedTwice: ['p-1'],
        creditedUnknownPurchase: ['p-ghost'],
      },
    };
    expect(seriesSummary(broken)).toBe('Series 2026-27 has problems');
    expect(seriesProblems(broken)).toEqual([
      { label: 'Refunded invoices without a credit note', items: ['p-4'] },
      { label: 'Missing credit note numbers', items: ['1'] },
      { label: 'Credit note numbers used twice', items: ['2'] },
      { label: 'Credit note numbers not matching their place', items: ['CN/26-27/44'] },
      { label: 'Purchases credited twice', items: ['p-1'] },
      { label: 'Credit notes of unknown purchases', items: ['p-ghost'] },
    ]);
  });
});

describe('ledger cells', () => {
  it('shows each tax that applies as rate and rupees, or a dash when none does', () => {
    const none = { cgst: 0, sgst: 0, igst: 0, cgstPercent: 0, sgstPercent: 0, igstPercent: 0 };
    expect(taxLines({ ...none, cgst: 89.91, sgst: 89.91, cgstPercent: 9, sgstPercent: 9 })).toEqual(
      ['CGST 9% · ₹89.91', 'SGST 9% · ₹89.91'],
    );
    expect(taxLines({ ...none, igst: 22222.2, igstPercent: 18 })).toEqual([
      'IGST 18% · ₹22,222.20',
    ]);
    expect(taxLines(none)).toEqual(['—']);
  });

  it('says how a payment ended, duplicates and refunds included', () => {
    const entry = {
      status: 'refunded',
      duplicate: true,
      errorCode: null,
      refundAmount: 1178.82,
    } as LedgerEntry;
    expect(statusText(entry)).toBe('duplicate, refunded ₹1,178.82');
    // The gateway's refund id, as its refund report lists it.
    expect(statusText({ ...entry, refundId: 'rfnd_AZGHvrH0W2PcIw' })).toBe(
      'duplicate, refunded ₹1,178.82 (rfnd_AZGHvrH0W2PcIw)',
    );
    // Why, in words; a reason this build has no words for, as stored.
    expect(statusText({ ...entry, refundReason: 'duplicatePayment' })).toBe(
      'duplicate, refunded ₹1,178.82: a second payment of the same order',
    );
    expect(statusText({ ...entry, refundReason: 'newReason' })).toBe(
      'duplicate, refunded ₹1,178.82: newReason',
    );
    const failed: LedgerEntry = {
      ...entry,
      status: 'failed',
      duplicate: false,
      errorCode: 'BAD_REQUEST_ERROR',
      refundAmount: null,
    };
    expect(statusText(failed)).toBe('failed, BAD_REQUEST_ERROR');
    // The gateway's words beside its code, which auditors reconcile against.
    expect(statusText({ ...failed, errorDescription: 'Payment failed due to incorrect OTP' })).toBe(
      'failed, BAD_REQUEST_ERROR (Payment failed due to incorrect OTP)',
    );
  });

  it('says a failed attempt moved no money, rather than leave a gap beside the gateway’s figures', () => {
    const failed = { status: 'failed', amount: null, method: null, refunded: 0 };
    expect(paymentSideText(failed)).toBe('failed, no money moved, method not recorded');
    expect(paymentSideText({ ...failed, amount: 1178.82, method: 'upi' })).toBe(
      'failed, ₹1,178.82 tried, upi',
    );
    expect(
      paymentSideText({ status: 'captured', amount: 1178.82, method: 'card', refunded: 100 }),
    ).toBe('captured, ₹1,178.82, card, refunded ₹100.00');
    expect(
      paymentSideText({ status: 'refunded', amount: 234.82, method: 'upi', refunded: 234.82 }),
    ).toBe('refunded ₹234.82 of ₹234.82, upi');
    expect(paymentSideText(null)).toBe('not recorded');
    const payment = { paymentId: 'pay_1', orderId: 'order_1', problems: [] };
    expect(
      comparisonVerdict({
        agrees: true,
        payments: [{ ...payment, ours: failed, gateway: { ...failed, amount: 1178.82 } }],
      }),
    ).toBe(
      'Our record matches the gateway. A failed attempt moves no money: Boli compares its outcome, not the amount or method the gateway shows it tried.',
    );
    const captured = { status: 'captured', amount: 500, method: 'upi', refunded: 0 };
    expect(
      comparisonVerdict({
        agrees: false,
        payments: [{ ...payment, ours: captured, gateway: captured }],
      }),
    ).toBe('Our record and the gateway differ.');
  });

  it('names the place of supply, falling back to the supplier’s state', () => {
    const entry = { buyerState: 'Kerala', placeOfSupply: 'Kerala' } as LedgerEntry;
    expect(placeOfSupply(entry)).toBe('Kerala');
    expect(placeOfSupply({ ...entry, buyerState: '', placeOfSupply: 'Karnataka' })).toBe(
      'Karnataka (buyer gave no state)',
    );
  });

  it('counts payments, invoices and credit notes in English', () => {
    expect(paymentCount(1)).toBe('1 payment');
    expect(paymentCount(0)).toBe('0 payments');
    expect(invoiceCount(1)).toBe('1 invoice');
    expect(invoiceCount(12)).toBe('12 invoices');
    expect(creditNoteCount(1)).toBe('1 credit note');
    expect(creditNoteCount(2)).toBe('2 credit notes');
  });
});

describe('the ledger summary', () => {
  it('says what came in, what went back and what failed, then the tax invoiced', () => {
    expect(
      ledgerSummaryLines({
        received: { count: 3, amount: 3536.46 },
        refunded: { count: 1, amount: 1178.82 },
        net: 2357.64,
        failed: { count: 2 },
        invoiced: { count: 3, price: 2997, cgst: 269.73, sgst: 269.73, igst: 0, total: 3536.46 },
      }),
    ).toEqual([
      'Received ₹3,536.46 in 3 payments · refunded ₹1,178.82 (1) · net ₹2,357.64 · 2 failed (nothing received)',
      'Invoiced: 3 invoices · taxable value ₹2,997.00 · CGST ₹269.73 · SGST ₹269.73 · IGST ₹0.00 · total ₹3,536.46',
    ]);
  });

  it('says failed attempts hidden from the list are counted all the same', () => {
    const summary = {
      received: { count: 0, amount: 0 },
      refunded: { count: 0, amount: 0 },
      net: 0,
      failed: { count: 1 },
      invoiced: { count: 0, price: 0, cgst: 0, sgst: 0, igst: 0, total: 0 },
    };
    expect(ledgerSummaryLines(summary, { failedHidden: true })[0]).toBe(
      'Received ₹0.00 in 0 payments · refunded ₹0.00 (0) · net ₹0.00 · 1 failed (nothing received; hidden from the list)',
    );
    expect(
      ledgerSummaryLines({ ...summary, failed: { count: 0 } }, { failedHidden: true })[0],
    ).toMatch(/ · 0 failed \(nothing received\)$/);
  });

  it('says the tax invoiced in each place of supply, a line each; none from an older api', () => {
    const summary = {
      received: { count: 2, amount: 2357.64 },
      refunded: { count: 0, amount: 0 },
      net: 2357.64,
      failed: { count: 0 },
      invoiced: { count: 2, price: 1998, cgst: 89.91, sgst: 89.91, igst: 179.82, total: 2357.64 },
    };
    expect(
      placeOfSupplyLines({
        ...summary,
        invoicedByPlace: [
          {
            place: 'Gujarat',
            count: 1,
            price: 999,
            cgst: 0,
            sgst: 0,
            igst: 179.82,
            total: 1178.82,
          },
          {
            place: 'Karnataka',
            count: 1,
            price: 999,
            cgst: 89.91,
            sgst: 89.91,
            igst: 0,
            total: 1178.82,
          },
        ],
      }),
    ).toEqual([
      'Gujarat: 1 invoice · taxable value ₹999.00 · CGST ₹0.00 · SGST ₹0.00 · IGST ₹179.82 · total ₹1,178.82',
      'Karnataka: 1 invoice · taxable value ₹999.00 · CGST ₹89.91 · SGST ₹89.91 · IGST ₹0.00 · total ₹1,178.82',
    ]);
    expect(placeOfSupplyLines(summary)).toEqual([]);
  });

  it('nets the credit notes issued in the period off the tax, in all and by place', () => {
    const none = { count: 0, price: 0, cgst: 0, sgst: 0, igst: 0, total: 0 };
    const gujarat = { count: 1, price: 999, cgst: 0, sgst: 0, igst: 179.82, total: 1178.82 };
    const summary = {
      received: { count: 1, amount: 1178.82 },
      refunded: { count: 1, amount: 1178.82 },
      net: 0,
      failed: { count: 0 },
      invoiced: gujarat,
      credited: gujarat,
      netOfCreditNotes: none,
      invoicedByPlace: [
        { place: 'Gujarat', ...gujarat, credited: gujarat, netOfCreditNotes: none },
        // Credited in the period, invoiced before it.
        {
          place: 'Kerala',
          ...none,
          credited: { ...gujarat, count: 2 },
          netOfCreditNotes: { ...none, price: -999, igst: -179.82, total: -1178.82 },
        },
      ],
    };
    expect(ledgerSummaryLines(summary).slice(2)).toEqual([
      'Credit notes issued: 1 credit note · taxable value ₹999.00 · CGST ₹0.00 · SGST ₹0.00 · IGST ₹179.82 · total ₹1,178.82',
      'Net of credit notes: taxable value ₹0.00 · CGST ₹0.00 · SGST ₹0.00 · IGST ₹0.00 · total ₹0.00',
    ]);
    expect(placeOfSupplyLines(summary)).toEqual([
      'Gujarat: 1 invoice, 1 credit note · net of credit notes: taxable value ₹0.00 · CGST ₹0.00 · SGST ₹0.00 · IGST ₹0.00 · total ₹0.00',
      'Kerala: 0 invoices, 2 credit notes · net of credit notes: taxable value -₹999.00 · CGST ₹0.00 · SGST ₹0.00 · IGST -₹179.82 · total -₹1,178.82',
    ]);
    // None issued: no lines for them.
    expect(ledgerSummaryLines({ ...summary, credited: none })).toHaveLength(2);
  });
});

describe('financial years', () => {
  it('offers the current year first, turning over on 1 April in India', () => {
    expect(financialYearChoices(new Date('2026-11-21T10:00:00Z'), 3)).toEqual([
      '2026-27',
      '2025-26',
      '2024-25',
    ]);
    expect(financialYearChoices(new Date('2027-03-31T18:29:00Z'), 1)).toEqual(['2026-27']);
    expect(financialYearChoices(new Date('2027-03-31T18:31:00Z'), 1)).toEqual(['2027-28']);
    expect(financialYearChoices(new Date('2099-06-01T00:00:00Z'), 2)).toEqual([
      '2099-00',
      '2098-99',
    ]);
  });

  it('runs the ledger from 1 April of the current year to today, in India', () => {
    expect(defaultPeriod(new Date('2026-11-21T12:00:00Z'))).toEqual({
      from: '2026-04-01',
      to: '2026-11-21',
    });
    // 23:00 UTC is already tomorrow in India: a payment made now must be in the period.
    expect(defaultPeriod(new Date('2026-11-21T23:00:00Z')).to).toBe('2026-11-22');
    expect(defaultPeriod(new Date('2027-03-31T19:00:00Z'))).toEqual({
      from: '2027-04-01',
      to: '2027-04-01',
    });
  });
});

describe('the ledger caption', () => {
  it('counts the payments shown, and says what they match', () => {
    expect(ledgerCaption(0, '')).toBe('No payments in this period.');
    expect(ledgerCaption(1, '  ')).toBe('1 payment in this period.');
    expect(ledgerCaption(3, ' asha ')).toBe('3 payments in this period matching ‘asha’.');
  });
});

describe('the ledger period', () => {
  it('refuses a From after To before asking, and takes a cleared end as open', () => {
    expect(periodProblem({ from: '2026-11-27', to: '2026-11-01' })).toBe(PERIOD_REVERSED);
    expect(periodProblem({ from: '2026-11-01', to: '2026-11-01' })).toBeNull();
    expect(periodProblem({ from: '', to: '2026-11-01' })).toBeNull();
    const view = { from: '', to: '', search: '', kind: 'all', hideFailed: false, page: 0 } as const;
    expect(ledgerQuery({ ...view, page: 2 })).toEqual({ page: 2 });
    expect(ledgerQuery({ ...view, from: '2026-04-01' })).toEqual({ from: '2026-04-01', page: 0 });
    expect(ledgerQuery({ ...view, page: 1, hideFailed: true })).toEqual({
      page: 1,
      failed: 'hide',
    });
    expect(ledgerQuery({ ...view, kind: 'bidFee' })).toEqual({ kind: 'bidFee', page: 0 });
    expect(ledgerQuery({ ...view, search: ' BOLI/2026-27/000007 ' })).toEqual({
      search: 'BOLI/2026-27/000007',
      page: 0,
    });
    expect(ledgerQuery({ ...view, search: '   ' })).toEqual({ page: 0 });
  });

  it('downloads the view shown, every page of it', () => {
    const view = { from: '', to: '', search: '', kind: 'all', hideFailed: false, page: 3 } as const;
    expect(ledgerCsvUrl(view)).toBe('/api/audit/payments.csv');
    expect(
      ledgerCsvUrl({
        ...view,
        from: '2026-04-01',
        to: '2026-11-28',
        search: 'asha',
        kind: 'adSpace',
        hideFailed: true,
      }),
    ).toBe(
      '/api/audit/payments.csv?from=2026-04-01&to=2026-11-28&search=asha&kind=adSpace&failed=hide',
    );
  });
});

describe('the period checked against the gateway', () => {
  const check = (overrides: Partial<Reconciliation> = {}): Reconciliation => ({
    from: '2026-12-01T18:30:00.000Z',
    to: '2026-12-02T18:30:00.000Z',
    inLedger: 3,
    atGateway: 3,
    compared: 3,
    agreeing: 3,
    agrees: true,
    ours: { received: 2357.64, refunded: 1178.82 },
    gateway: { received: 2357.64, refunded: 1178.82 },
    differences: [],
    ...overrides,
  });

  it('says the records agree, on how many payments, and what each side says moved', () => {
    expect(reconciliationVerdict(check())).toBe(
      "Boli's ledger and the gateway agree on all 3 payments of the period.",
    );
    expect(reconciliationVerdict(check({ compared: 1 }))).toBe(
      "Boli's ledger and the gateway agree on the period's one payment.",
    );
    expect(reconciliationLines(check())).toEqual([
      "Boli's ledger: 3 payments · received ₹2,357.64 · refunded ₹1,178.82",
      'The gateway: 3 payments · captured ₹2,357.64 · refunded ₹1,178.82',
    ]);
  });

  it('says how many payments differ, and when neither side has any', () => {
    const difference = {
      paymentId: 'pay_9',
      orderId: 'order_9',
      purchaseId: null,
      ours: null,
      gateway: { status: 'captured', amount: 999, method: 'upi', refunded: 0 },
      problems: ['captured at the gateway, not recorded by Boli'],
    };
    expect(
      reconciliationVerdict(
        check({ agrees: false, compared: 4, agreeing: 3, differences: [difference] }),
      ),
    ).toBe("Boli's ledger and the gateway differ on 1 payment of 4.");
    expect(reconciliationVerdict(check({ compared: 0, inLedger: 0, atGateway: 0 }))).toBe(
      'Neither Boli nor the gateway has a payment in this period.',
    );
  });
});
