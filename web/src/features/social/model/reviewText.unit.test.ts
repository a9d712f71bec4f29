import { describe, expect, it } from 'vitest';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { failureAfterTyping } from './reviewText.ts';

describe('a review box failure, as the text is typed', () => {
  const tooLong = 'x'.repeat(LIMITS.reviewTextMax + 1);

  it('goes once the text mends the refusal it was', () => {
    expect(failureAfterTyping(MESSAGES.reviewTextRequired, '', 'F')).toBeNull();
    expect(failureAfterTyping(MESSAGES.reviewTooLong, tooLong, tooLong.slice(1))).toBeNull();
  });

  it('stays while the text is still refused the same way', () => {
    expect(failureAfterTyping(MESSAGES.reviewTextRequired, '', '   ')).toBe(
      MESSAGES.reviewTextRequired,
    );
    expect(failureAfterTyping(MESSAGES.reviewTooLong, tooLong, `${tooLong}y`)).toBe(
      MESSAGES.reviewTooLong,
    );
  });

  it("keeps a failure that is not the text's own (the api's) till the next send", () => {
    const offline = 'You are offline. Check your connection and try again.';
    expect(failureAfterTyping(offline, 'Good seller', 'Good seller!')).toBe(offline);
    expect(failureAfterTyping(null, '', 'F')).toBeNull();
  });
});
