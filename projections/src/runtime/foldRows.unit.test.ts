import type { RecordedEvent } from '@boli/engine/eventStore/eventStore';
import { describe, expect, it } from 'vitest';
import { foldRows, type RowFold } from './foldRows.ts';

type Counter = { readonly total: number };

const event = (key: string, streamVersion: number, add: number, type = 'Added'): RecordedEvent =>
  ({ streamId: `counter-${key}`, streamVersion, type, data: { key, add } }) as RecordedEvent;

const counting: RowFold<Counter> = {
  keyOf: (e) => (e.data as { key: string }).key,
  evolve: (row, e) => {
    const { add } = e.data as { add: number };
    return add === 0 ? row : { total: (row?.total ?? 0) + add };
  },
  isForeign: (e) => e.type === 'Bonus',
};

describe('folding a batch into its rows', () => {
  it('applies events in log order and answers each changed row at its new version', () => {
    const loaded = new Map([['a', { row: { total: 10 }, version: 3 }]]);
    const changed = foldRows(
      loaded,
      [event('a', 4, 1), event('b', 0, 5), event('a', 5, 2)],
      counting,
    );
    expect(changed).toEqual(
      new Map([
        ['a', { row: { total: 13 }, version: 5 }],
        ['b', { row: { total: 5 }, version: 0 }],
      ]),
    );
  });

  it('skips an event at or below its row version, so a replay changes nothing', () => {
    const loaded = new Map([['a', { row: { total: 10 }, version: 3 }]]);
    expect(foldRows(loaded, [event('a', 2, 7), event('a', 3, 7)], counting).size).toBe(0);
  });

  it('leaves out rows an event left as they were', () => {
    const loaded = new Map([['a', { row: { total: 10 }, version: 3 }]]);
    expect(foldRows(loaded, [event('a', 4, 0)], counting).size).toBe(0);
  });

  it("applies another stream's event without the version check or moving the version", () => {
    const loaded = new Map([['a', { row: { total: 10 }, version: 3 }]]);
    const changed = foldRows(loaded, [event('a', 0, 1, 'Bonus'), event('a', 4, 1)], counting);
    expect(changed.get('a')).toEqual({ row: { total: 12 }, version: 4 });
    expect(foldRows(loaded, [event('a', 9, 1, 'Bonus')], counting).get('a')?.version).toBe(3);
  });
});
