import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bidIdOfFee,
  feeBidKey,
  feeBidKeyOfSubject,
  feePurchaseOfBid,
  sameFeeBid,
  type FeeBid,
} from './feeBid.rules.ts';
import { BID_FEE_SUBJECT } from './billing.fixtures.ts';

const feeBid = fc.record({
  amount: fc.option(fc.integer({ min: 1, max: 10_000 }), { nil: null }),
  type: fc.constantFrom('Open', 'Hidden', null),
  bidAlias: fc.constantFrom('kite', 'Kite', 'kite ', 'lotus'),
});

describe('one fee’s bid told from another’s', () => {
  it('is the same bid exactly when the amount, type and alias all are', () => {
    fc.assert(
      fc.property(feeBid, feeBid, (a: FeeBid, b: FeeBid) => {
        const alike = a.amount === b.amount && a.type === b.type && a.bidAlias === b.bidAlias;
        expect(sameFeeBid(a, b)).toBe(alike);
        expect(feeBidKey('ad-1', a) === feeBidKey('ad-1', b)).toBe(alike);
      }),
    );
  });

  it('keys a bid by its ad too, and a purchase by the bid it pays for', () => {
    const bid = { amount: 150_000, type: 'Open', bidAlias: 'kite' };
    expect(feeBidKey('ad-1', bid)).not.toBe(feeBidKey('ad-2', bid));
    expect(feeBidKeyOfSubject(BID_FEE_SUBJECT)).toBe(feeBidKey('ad-1', bid));
  });
});

describe('a fee’s bid id', () => {
  it('names the purchase whose fee placed it; a bid placed directly names none', () => {
    expect(feePurchaseOfBid(bidIdOfFee('efef4125'))).toBe('efef4125');
    expect(feePurchaseOfBid('7d3c1e0a-5b6f-4e44-9d0e-2c1a3b4c5d6e')).toBeNull();
  });
});
