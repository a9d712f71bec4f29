import { LIMITS } from '../shared/limits.ts';
import { MESSAGES } from '../shared/messages.ts';
import { characterCount, isBlank } from '../shared/characters.ts';

/*
 * Section 5's review text rule, pure, shared by the review forms (which say it before sending)
 * and the decider (which refuses a review that breaks it).
 */

export type ReviewTextRefusal = {
  readonly code: 'REVIEW_TEXT_REQUIRED' | 'REVIEW_TOO_LONG';
  readonly message: string;
};

/** Why a review's text cannot be kept (it is judged trimmed, as it is kept), or null. */
export function reviewTextRefusal(text: string): ReviewTextRefusal | null {
  const trimmed = text.trim();
  if (isBlank(trimmed)) {
    return { code: 'REVIEW_TEXT_REQUIRED', message: MESSAGES.reviewTextRequired };
  }
  if (characterCount(trimmed) > LIMITS.reviewTextMax) {
    return { code: 'REVIEW_TOO_LONG', message: MESSAGES.reviewTooLong };
  }
  return null;
}
