import { describe, expect, it } from 'vitest';
import { LIMITS } from '@boli/engine/shared/limits';
import { joinedPages, mayHaveMore, snippetOf } from './reviewList.ts';

describe('the reviews list', () => {
  it('joins pages without repeating a review a newer one pushed along', () => {
    const r = (id: string) => ({ _id: id });
    expect(
      joinedPages([
        [r('5'), r('4')],
        [r('4'), r('3')],
      ]),
    ).toEqual([r('5'), r('4'), r('3')]);
  });

  it('may have more after a full page only', () => {
    expect(mayHaveMore(new Array(LIMITS.reviewPageSize).fill(0))).toBe(true);
    expect(mayHaveMore([1])).toBe(false);
  });

  it('names a review by its beginning, on one line', () => {
    expect(snippetOf('  Prompt and\nhonest seller. ')).toBe('“Prompt and honest seller.”');
    expect(snippetOf('x'.repeat(41))).toBe(`“${'x'.repeat(40)}…”`);
  });
});
