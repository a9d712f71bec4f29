import { describe, expect, it } from 'vitest';
import { adListQuery } from '../routes/posts/schema.ts';
import { ledgerQuery } from '../routes/audit/schema.ts';
import { blankAsAbsent } from './blankInput.ts';

describe('a blank input', () => {
  it('is absent, whatever blank it is; anything else is kept as sent', () => {
    for (const blank of ['', '   ', '\t', null, undefined])
      expect(blankAsAbsent(blank)).toBe(undefined);
    for (const kept of ['0', ' 5 ', 0, false, 'x']) expect(blankAsAbsent(kept)).toBe(kept);
  });

  it('leaves an ad filter or a ledger end open rather than refusing it', () => {
    const filters = adListQuery.parse({ priceFrom: ' ', priceTo: '', category: '  ', page: ' ' });
    expect(filters).toMatchObject({
      priceFrom: undefined,
      priceTo: undefined,
      category: undefined,
    });
    const ledger = ledgerQuery.parse({ from: '  ', to: '' });
    expect(ledger.from).toEqual(new Date(0));
  });
});
