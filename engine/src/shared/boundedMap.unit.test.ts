import { expect, it } from 'vitest';
import { setKeepingAtMost } from './boundedMap.ts';

it('keeps at most the newest entries, an updated one where it was', () => {
  const map = new Map<string, number>();
  for (const [key, value] of [
    ['a', 1],
    ['b', 2],
    ['a', 3],
    ['c', 4],
  ] as const) {
    setKeepingAtMost(map, key, value, 2);
  }
  expect([...map]).toEqual([
    ['b', 2],
    ['c', 4],
  ]);
});
