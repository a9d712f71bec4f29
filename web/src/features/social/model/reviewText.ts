import { reviewTextRefusal } from '@boli/engine/social/review.rules';

/**
 * What a review box's failure becomes once `next` is typed where `before` was: the box's own
 * refusal of the text (nothing written, too long) goes once what is typed mends it; any other
 * failure (the api's) stays until the next send.
 */
export function failureAfterTyping(
  failure: string | null,
  before: string,
  next: string,
): string | null {
  const refused = reviewTextRefusal(before)?.message;
  const mended =
    failure !== null && failure === refused && reviewTextRefusal(next)?.message !== refused;
  return mended ? null : failure;
}
