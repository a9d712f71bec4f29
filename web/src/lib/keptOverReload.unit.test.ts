import { describe, expect, it } from 'vitest';
import { isCount, keptOverReload } from './keptOverReload.ts';
import { memoryStorage, refusingStorage } from './tabStorage.ts';

describe('what a screen keeps of each history entry over a reload', () => {
  it('is read back by a reloaded document, as it was saved when the page was left', () => {
    const store = memoryStorage();
    const before = keptOverReload('k', 3, isCount, { cameBack: false, store });
    before.keep('entry-a', 815);
    before.keep('entry-b', 2);
    before.save();
    const reloaded = keptOverReload('k', 3, isCount, { cameBack: true, store });
    expect([reloaded.get('entry-a'), reloaded.get('entry-b')]).toEqual([815, 2]);
  });

  it('is not read by a page opened afresh, whose first entry has the same key', () => {
    const store = memoryStorage();
    const before = keptOverReload('k', 3, isCount, { cameBack: false, store });
    before.keep('default|/myAds', 1157);
    before.save();
    expect(keptOverReload('k', 3, isCount, { cameBack: false, store }).get('default|/myAds')).toBe(
      undefined,
    );
  });

  it('keeps the latest entries only, and forgets one kept as undefined', () => {
    const kept = keptOverReload('k', 2, isCount, { cameBack: false, store: memoryStorage() });
    kept.keep('a', 1);
    kept.keep('b', 2);
    kept.keep('a', 3);
    kept.keep('c', 4);
    expect(['a', 'b', 'c'].map((entry) => kept.get(entry))).toEqual([3, undefined, 4]);
    kept.keep('c', undefined);
    expect(kept.get('c')).toBeUndefined();
  });

  it('reads nothing it did not write: not JSON, not pairs, or values of another kind', () => {
    const store = memoryStorage();
    for (const text of ['{', '{"a":1}', '[["a","x"],["b",-1],[3,4],["c"]]']) {
      store.setItem('k', text);
      const kept = keptOverReload('k', 5, isCount, { cameBack: true, store });
      expect(['a', 'b', 'c'].map((entry) => kept.get(entry))).toEqual([
        undefined,
        undefined,
        undefined,
      ]);
    }
  });

  it('works in memory when the tab refuses its storage', () => {
    const kept = keptOverReload('k', 5, isCount, { cameBack: true, store: refusingStorage() });
    kept.keep('a', 1);
    kept.save();
    expect(kept.get('a')).toBe(1);
  });
});
