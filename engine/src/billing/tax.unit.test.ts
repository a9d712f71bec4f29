import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeOfSupplyOf, sumLines, taxAmount, taxLine } from './tax.ts';

const STATES = ['Karnataka', 'Kerala', 'Maharashtra', 'Tamil Nadu', ''];

describe('GST on a line', () => {
  it('charges CGST and SGST at half the rate each when the buyer is in the supplier state', () => {
    expect(
      taxLine({
        pricePaise: 99_900,
        rates: { gstBasisPoints: 1800 },
        supplierState: 'Karnataka',
        buyerState: 'karnataka ',
      }),
    ).toEqual({
      price: 99_900,
      cgstBasisPoints: 900,
      sgstBasisPoints: 900,
      igstBasisPoints: 0,
      cgst: 8_991,
      sgst: 8_991,
      igst: 0,
      total: 117_882,
    });
  });

  it('charges IGST at the full rate across states', () => {
    const line = taxLine({
      pricePaise: 4_900,
      rates: { gstBasisPoints: 1800 },
      supplierState: 'Karnataka',
      buyerState: 'Kerala',
    });
    expect([line.cgst, line.sgst, line.igst, line.total]).toEqual([0, 0, 882, 5_782]);
  });

  it('taxes a buyer without a state as intra-state', () => {
    const line = taxLine({
      pricePaise: 100,
      rates: { gstBasisPoints: 1800 },
      supplierState: 'Karnataka',
      buyerState: '',
    });
    expect([line.cgst, line.sgst, line.igst]).toEqual([9, 9, 0]);
  });

  it('places the supply in the buyer’s state, or the supplier’s when the buyer gave none', () => {
    expect(placeOfSupplyOf('Kerala', 'Karnataka')).toBe('Kerala');
    expect(placeOfSupplyOf('', 'Karnataka')).toBe('Karnataka');
    expect(placeOfSupplyOf('  ', 'Karnataka')).toBe('Karnataka');
    expect(placeOfSupplyOf(null, 'Karnataka')).toBe('Karnataka');
  });

  it('rounds each amount half up, in paise', () => {
    expect(taxAmount(50, 900)).toBe(5); // 4.5 → 5
    expect(taxAmount(49, 900)).toBe(4); // 4.41 → 4
    expect(taxAmount(1, 1800)).toBe(0); // 0.18 → 0
  });

  it('refuses a price that is not whole paise', () => {
    expect(() =>
      taxLine({
        pricePaise: 1.5,
        rates: { gstBasisPoints: 1800 },
        supplierState: 'A',
        buyerState: 'A',
      }),
    ).toThrow(RangeError);
  });

  it('property: the lines always add up to the total and follow the stated rule', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10_000_000_00 }), { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 2_800 }).map((bp) => bp * 2),
        fc.constantFrom(...STATES),
        fc.constantFrom(...STATES.filter(Boolean)),
        (prices, gstBasisPoints, buyerState, supplierState) => {
          const lines = prices.map((pricePaise) =>
            taxLine({ pricePaise, rates: { gstBasisPoints }, supplierState, buyerState }),
          );
          const intraState = buyerState === '' || buyerState === supplierState;
          for (const line of lines) {
            expect(line.total).toBe(line.price + line.cgst + line.sgst + line.igst);
            if (intraState) {
              expect(line.igst).toBe(0);
              expect(line.cgst).toBe(line.sgst);
              expect(line.cgst).toBe(Math.floor((line.price * gstBasisPoints) / 2 / 10_000 + 0.5));
            } else {
              expect(line.cgst + line.sgst).toBe(0);
              expect(line.igst).toBe(Math.floor((line.price * gstBasisPoints) / 10_000 + 0.5));
            }
          }
          const totals = sumLines(lines);
          expect(totals.total).toBe(totals.price + totals.cgst + totals.sgst + totals.igst);
          expect(totals.total).toBe(lines.reduce((sum, line) => sum + line.total, 0));
        },
      ),
    );
  });
});
