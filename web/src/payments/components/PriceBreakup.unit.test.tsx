import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { breakupRows, percentText } from '../model/priceBreakup.ts';
import { PriceBreakup } from './PriceBreakup.tsx';

const withinState = {
  totalPrice: 123456,
  taxSGSTPercent: 9,
  taxCGSTPercent: 9,
  taxIGSTPercent: 0,
  taxSGSTAmount: 11111.04,
  taxCGSTAmount: 11111.04,
  taxIGSTAmount: 0,
  totalPriceAfterTax: 145678.08,
};

const otherState = {
  ...withinState,
  taxSGSTPercent: 0,
  taxCGSTPercent: 0,
  taxSGSTAmount: 0,
  taxCGSTAmount: 0,
  taxIGSTPercent: 18,
  taxIGSTAmount: 22222.08,
};

describe('the price breakup', () => {
  it('shows price, SGST and CGST with their rates, and the total, for a buyer in the supplier’s state', () => {
    expect(breakupRows(withinState)).toEqual([
      { label: 'Price', amount: '₹1,23,456' },
      { label: 'SGST (9%)', amount: '₹11,111.04' },
      { label: 'CGST (9%)', amount: '₹11,111.04' },
      { label: 'Total after tax', amount: '₹1,45,678.08', total: true },
    ]);
  });

  it('shows IGST alone for a buyer in another state', () => {
    expect(breakupRows(otherState).map((row) => `${row.label} ${row.amount}`)).toEqual([
      'Price ₹1,23,456',
      'IGST (18%) ₹22,222.08',
      'Total after tax ₹1,45,678.08',
    ]);
  });

  it('names the price as what it is where it is not a price: a bid', () => {
    expect(breakupRows(otherState, 'Your bid')[0]).toEqual({
      label: 'Your bid',
      amount: '₹1,23,456',
    });
    const html = renderToStaticMarkup(
      <PriceBreakup breakup={otherState} label="If this bid wins" priceLabel="Your bid" />,
    );
    expect(html).toContain('aria-label="If this bid wins"');
    expect(html).toContain('>Your bid<');
    expect(html).not.toContain('>Price<');
  });

  it('writes rates as given, to at most two decimals', () => {
    expect([9, 2.5, 0.125, 14].map(percentText)).toEqual(['9%', '2.5%', '0.13%', '14%']);
  });

  it('renders each line as a row of a labelled table', () => {
    const html = renderToStaticMarkup(<PriceBreakup breakup={withinState} />);
    expect(html).toContain('aria-label="Price breakup"');
    const text = html
      .replace(/<style[^>]*>.*?<\/style>/gs, '')
      .replace(/<[^>]+>/g, '|')
      .replace(/\|+/g, '|');
    expect(text).toContain('|Price|₹1,23,456|SGST (9%)|₹11,111.04|CGST (9%)|₹11,111.04|');
    expect(text).toContain('|Total after tax|₹1,45,678.08|');
    expect(text).not.toContain('IGST');
    expect(html.match(/<th[^>]*scope="row"/g)).toHaveLength(4);
  });
});
