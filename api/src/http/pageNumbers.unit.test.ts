import { describe, expect, it } from 'vitest';
import { LIMITS } from '@boli/engine/shared/limits';
import { itemOffset, pageNumber } from './pageNumbers.ts';

describe('page numbers in a query', () => {
  it('take whole decimal numbers from the first page to the furthest', () => {
    expect(pageNumber(0).parse('0')).toBe(0);
    expect(pageNumber(1).parse(' 7 ')).toBe(7);
    expect(pageNumber(1).parse(LIMITS.pageNumberMax)).toBe(LIMITS.pageNumberMax);
  });

  it('refuse what would be read as another page, or none', () => {
    for (const asked of [
      '0x1F',
      '1e3',
      '7.5',
      '-1',
      'abc',
      ['1', '2'],
      String(LIMITS.pageNumberMax + 1),
    ])
      expect(pageNumber(0).safeParse(asked).success, String(asked)).toBe(false);
    expect(pageNumber(1).safeParse('0').success).toBe(false);
  });

  it('keep an offset within the furthest page', () => {
    expect(itemOffset(20).parse('40')).toBe(40);
    expect(itemOffset(20).safeParse(String(LIMITS.pageNumberMax * 20 + 1)).success).toBe(false);
  });
});
