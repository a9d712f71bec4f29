import { describe, expect, it } from 'vitest';
import { pageOfParam, pageWithin, withPageParam } from './usePageParam.ts';

describe("a list's page in the address", () => {
  it('is counted from one in the address and from zero by the api', () => {
    expect(pageOfParam('1')).toBe(0);
    expect(pageOfParam('3')).toBe(2);
  });

  it('is the first page when the address names none, or nothing that could be one', () => {
    for (const value of [null, '', '0', '-2', '1.5', 'two', '1e400']) {
      expect(pageOfParam(value)).toBe(0);
    }
  });

  it('leaves the other parameters as they are, and the first page out', () => {
    const search = new URLSearchParams('type=subscription&page=4');
    expect(withPageParam(search, 1).toString()).toBe('type=subscription&page=2');
    expect(withPageParam(search, 0).toString()).toBe('type=subscription');
    expect(search.toString()).toBe('type=subscription&page=4');
  });
});

describe('a page past the end', () => {
  it('is the last page, or the first when there is none', () => {
    expect(pageWithin(1, 2)).toBe(1);
    expect(pageWithin(99, 2)).toBe(1);
    expect(pageWithin(1, 1)).toBe(0);
    expect(pageWithin(3, 0)).toBe(0);
    expect(pageWithin(0, 0)).toBe(0);
  });
});
