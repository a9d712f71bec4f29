import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { withFreshCopies } from './freshCopies.ts';

const ad = (_id: string, bidOpen: boolean) => ({ _id, bidOpen });
const ids = (ads: readonly { _id: string }[]) => ads.map((a) => a._id);

describe('withFreshCopies', () => {
  it('takes each shown ad’s fresh copy, in the shown order, adding none', () => {
    const shown = [ad('a', true), ad('b', true), ad('c', true)];
    const fresh = [ad('new', true), ad('a', true), ad('b', true), ad('c', false)];
    expect(withFreshCopies(shown, fresh)).toEqual([ad('a', true), ad('b', true), ad('c', false)]);
  });

  it('drops a card the list no longer holds among those it still does', () => {
    // 'b' was edited out of the list's filters: 'c', older, was read again, so 'b' would have been.
    const shown = [ad('a', true), ad('b', true), ad('c', true)];
    expect(ids(withFreshCopies(shown, [ad('a', true), ad('c', true)]))).toEqual(['a', 'c']);
  });

  it('keeps cards after the last one read again, unless the read reached the end of the list', () => {
    // Two ads posted since moved 'c' beyond the pages read again: it may still be in the list.
    const shown = [ad('a', true), ad('b', true), ad('c', true)];
    const moved = [ad('new1', true), ad('new2', true), ad('a', true), ad('b', true)];
    expect(ids(withFreshCopies(shown, moved))).toEqual(['a', 'b', 'c']);
    // The read came back short of a page: the list ends there, and 'c' is not in it.
    expect(ids(withFreshCopies(shown, [ad('a', true), ad('b', true)], true))).toEqual(['a', 'b']);
    expect(withFreshCopies(shown, [], true)).toEqual([]);
  });

  it('never adds or moves a card, and keeps every card read again', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string(), { maxLength: 30 }),
        fc.array(fc.string(), { maxLength: 30 }),
        fc.boolean(),
        (shownIds, freshIds, readToEnd) => {
          const shown = shownIds.map((id) => ad(id, true));
          const result = withFreshCopies(
            shown,
            freshIds.map((id) => ad(id, false)),
            readToEnd,
          );
          const kept = ids(result);
          // In the shown order, a subsequence of it…
          expect(kept).toEqual(shownIds.filter((id) => kept.includes(id)));
          // …holding every shown card that was read again, in its fresh copy.
          for (const id of shownIds.filter((shownId) => freshIds.includes(shownId))) {
            expect(kept).toContain(id);
          }
          for (const a of result) expect(a.bidOpen).toBe(!freshIds.includes(a._id));
        },
      ),
    );
  });
});
