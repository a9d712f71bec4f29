import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SeriesCheck } from '../model/audit.ts';
import { SeriesResult } from './SeriesResult.tsx';

const complete: SeriesCheck = {
  financialYear: '2026-27',
  count: 2,
  first: 'BOLI/2026-27/000001',
  last: 'BOLI/2026-27/000002',
  gaps: [],
  duplicates: [],
  misnumbered: [],
  capturedWithoutInvoice: [],
  invoicedTwice: [],
  invoicedUnknownPurchase: [],
  totals: { price: 1998, cgst: 179.82, sgst: 179.82, igst: 0, total: 2357.64 },
  refunded: { count: 0, price: 0, cgst: 0, sgst: 0, igst: 0, total: 0 },
  net: { price: 1998, cgst: 179.82, sgst: 179.82, igst: 0, total: 2357.64 },
  complete: true,
};

describe('the series result', () => {
  it('is a green "Series complete" with the totals', () => {
    const html = renderToStaticMarkup(<SeriesResult check={complete} />);
    expect(html).toContain('MuiAlert-colorSuccess');
    expect(html).toContain(
      'Series complete: 2 invoices, BOLI/2026-27/000001 to BOLI/2026-27/000002',
    );
    expect(html).toContain('2 invoices · taxable value ₹1,998');
    expect(html).toContain('total ₹2,357.64');
    expect(html).not.toContain('Missing invoice numbers');
    expect(html).not.toContain('Refunded since');
  });

  it('sets apart the invoices whose payment was refunded, and the year net of them', () => {
    const html = renderToStaticMarkup(
      <SeriesResult
        check={{
          ...complete,
          refunded: { count: 1, price: 999, cgst: 89.91, sgst: 89.91, igst: 0, total: 1178.82 },
          net: { price: 999, cgst: 89.91, sgst: 89.91, igst: 0, total: 1178.82 },
        }}
      />,
    );
    expect(html).toContain(
      'Refunded since (no credit notes issued): 1 invoice · taxable value ₹999',
    );
    expect(html).toContain('Net of refunds: taxable value ₹999 · CGST ₹89.91');
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
