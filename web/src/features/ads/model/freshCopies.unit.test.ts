import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { withFreshCopies } from './freshCopies.ts';

const ad = (_id: string, bidOpen: boolean) => ({ _id, bidOpen });

describe('withFreshCopies', () => {
  it('takes each shown ad’s fresh copy, in the shown order', () => {
    const shown = [ad('a', true), ad('b', true), ad('c', true)];
    const fresh = [ad('c', false), ad('new', true), ad('a', true)];
    expect(withFreshCopies(shown, fresh)).toEqual([ad('a', true), ad('b', true), ad('c', false)]);
  });

  it('never adds, drops or moves a card', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string(), { maxLength: 30 }),
        fc.array(fc.string(), { maxLength: 30 }),
        (shownIds, freshIds) => {
          const shown = shownIds.map((id) => ad(id, true));
          const result = withFreshCopies(
            shown,
            freshIds.map((id) => ad(id, false)),
          );
          expect(result.map((a) => a._id)).toEqual(shownIds);
          for (const a of result) expect(a.bidOpen).toBe(!freshIds.includes(a._id));
        },
      ),
    );
  });
});
