import { assertNever, DomainError, type Decider } from '../shared/decider.ts';
import { LIMITS } from '../shared/limits.ts';
import { MESSAGES } from '../shared/messages.ts';
import type { PostReview, ReviewCommand } from './review.commands.ts';
import type { ReviewEvent } from './review.events.ts';

/*
 * The reviews a member has received. A member may review another as often as they like (each
 * review is its own fact); the same review id twice is one review, so a retried request never
 * posts it again.
 */

export type ReviewErrorCode = 'REVIEW_TEXT_REQUIRED' | 'REVIEW_TOO_LONG' | 'SELF_REVIEW';

export type ReviewsState = { readonly reviewIds: ReadonlySet<string> };

const initialState = (): ReviewsState => ({ reviewIds: new Set() });

const evolve = (state: ReviewsState, event: ReviewEvent): ReviewsState => {
  switch (event.type) {
    case 'ReviewPosted':
      return { reviewIds: new Set([...state.reviewIds, event.data.reviewId]) };
    default:
      return assertNever(event.type);
  }
};

const fail = (code: ReviewErrorCode, message: string): never => {
  throw new DomainError(code, {}, message);
};

const postReview = ({ data, metadata }: PostReview, state: ReviewsState): ReviewEvent[] => {
  if (state.reviewIds.has(data.reviewId)) return [];
  const text = data.text.trim();
  if (text === '') return fail('REVIEW_TEXT_REQUIRED', MESSAGES.reviewTextRequired);
  if (Array.from(text).length > LIMITS.reviewTextMax)
    return fail('REVIEW_TOO_LONG', MESSAGES.reviewTooLong);
  if (data.postedBy === data.userId) return fail('SELF_REVIEW', MESSAGES.reviewSelf);
  return [
    {
      type: 'ReviewPosted',
      data: {
        reviewId: data.reviewId,
        userId: data.userId,
        postedBy: data.postedBy,
        text,
        postedAt: metadata.now,
      },
    },
  ];
};

const decide = (command: ReviewCommand, state: ReviewsState): ReviewEvent[] => {
  switch (command.type) {
    case 'PostReview':
      return postReview(command, state);
    default:
      return assertNever(command.type);
  }
};

export const reviewsDecider: Decider<ReviewsState, ReviewCommand, ReviewEvent> = {
  initialState,
  evolve,
  decide,
};
