import { describe, expect, it } from 'vitest';
import { LIMITS } from '../shared/limits.ts';
import { MESSAGES } from '../shared/messages.ts';
import { reviewTextRefusal } from './review.rules.ts';

describe('a review’s text', () => {
  it('is refused when blank, however it is blank', () => {
    for (const text of ['', '   ', '\n\t ']) {
      expect(reviewTextRefusal(text)).toEqual({
        code: 'REVIEW_TEXT_REQUIRED',
        message: MESSAGES.reviewTextRequired,
      });
    }
  });

  it('may run to the limit, counted in characters as typed (an emoji is one), spaces around not counted', () => {
    expect(reviewTextRefusal('🙂'.repeat(LIMITS.reviewTextMax))).toBeNull();
    expect(reviewTextRefusal(`  ${'a'.repeat(LIMITS.reviewTextMax)}\n`)).toBeNull();
  });

  it('is refused one character past the limit', () => {
    expect(reviewTextRefusal('🙂'.repeat(LIMITS.reviewTextMax + 1))).toEqual({
      code: 'REVIEW_TOO_LONG',
      message: MESSAGES.reviewTooLong,
    });
  });
});
