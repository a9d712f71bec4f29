import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SeriesCheck } from '../model/audit.ts';
import { SeriesResult } from './SeriesResult.tsx';

const complete: SeriesCheck = {
  financialYear: '2026-27',
  count: 2,
  first: 'BL/26-27/000001',
  last: 'BL/26-27/000002',
  gaps: [],
  duplicates: [],
  misnumbered: [],
  capturedWithoutInvoice: [],
  invoicedTwice: [],
  invoicedUnknownPurchase: [],
  totals: { price: 1998, cgst: 179.82, sgst: 179.82, igst: 0, total: 2357.64 },
  refunded: { count: 0, price: 0, cgst: 0, sgst: 0, igst: 0, total: 0 },
  net: { price: 1998, cgst: 179.82, sgst: 179.82, igst: 0, total: 2357.64 },
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

/** The markup's text, as read: without its tags. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, '');

const ONE_INVOICE = { price: 999, cgst: 89.91, sgst: 89.91, igst: 0, total: 1178.82 };

describe('the series result', () => {
  it('keeps each invoice number on one line, never broken at its hyphen', () => {
    const html = renderToStaticMarkup(<SeriesResult check={complete} />);
    for (const number of ['BL/26-27/000001', 'BL/26-27/000002'])
      expect(html).toContain(`<span style="white-space:nowrap">${number}</span>`);
  });

  it('is a green "Series complete" with the totals', () => {
    const html = renderToStaticMarkup(<SeriesResult check={complete} />);
    expect(html).toContain('MuiAlert-colorSuccess');
    expect(textOf(html)).toContain(
      'Series complete: 2 invoices, BL/26-27/000001 to BL/26-27/000002',
    );
    expect(html).toContain('2 invoices · taxable value ₹1,998.00');
    expect(html).toContain('total ₹2,357.64');
    expect(html).not.toContain('Missing invoice numbers');
    expect(html).not.toContain('Refunded after invoicing');
    expect(html).not.toContain('Credit notes issued');
    // Shown as the ledger opens: a status, which does not cut short what is read of the page.
    expect(html).toContain('role="status"');
    expect(html).not.toContain('role="alert"');
  });

  it('sets apart the refunded invoices, each reversed by its credit note, and the year net of them', () => {
    const html = renderToStaticMarkup(
      <SeriesResult
        check={{
          ...complete,
          refunded: { count: 1, ...ONE_INVOICE },
          net: ONE_INVOICE,
          creditNotes: {
            ...complete.creditNotes,
            count: 1,
            first: 'CN/26-27/000001',
            last: 'CN/26-27/000001',
            totals: ONE_INVOICE,
          },
        }}
      />,
    );
    expect(textOf(html)).toContain('; 1 credit note, CN/26-27/000001 to CN/26-27/000001');
    expect(html).toContain(
      'Refunded after invoicing, each reversed by a credit note: 1 invoice · taxable value ₹999.00',
    );
    expect(html).toContain('Net of refunds: taxable value ₹999.00 · CGST ₹89.91');
    expect(textOf(html)).toContain(
      'Credit notes issued in 2026-27: 1 credit note, CN/26-27/000001 to CN/26-27/000001 · taxable value ₹999.00',
    );
    expect(html).not.toContain('no credit notes');
  });

  it('is red for a refund no credit note reversed, and names its purchase', () => {
    const html = renderToStaticMarkup(
      <SeriesResult
        check={{
          ...complete,
          complete: false,
          refunded: { count: 1, ...ONE_INVOICE },
          net: ONE_INVOICE,
          refundedWithoutCreditNote: ['p-2'],
        }}
      />,
    );
    expect(html).toContain('MuiAlert-colorError');
    expect(html).toContain('<strong>Refunded invoices without a credit note:</strong> p-2');
    expect(html).toContain(
      'Refunded after invoicing (1 not yet reversed by a credit note): 1 invoice',
    );
    expect(html).not.toContain('Credit notes issued');
  });

  it('is red and lists the missing numbers and the uninvoiced captures', () => {
    const html = renderToStaticMarkup(
      <SeriesResult
        check={{ ...complete, complete: false, gaps: [3, 4], capturedWithoutInvoice: ['p-77'] }}
      />,
    );
    expect(html).toContain('MuiAlert-colorError');
    expect(html).toContain('Series 2026-27 has problems');
    expect(html).toContain('<strong>Missing invoice numbers:</strong> 3, 4');
    expect(html).toContain('<strong>Captured payments without an invoice:</strong> p-77');
  });
});
