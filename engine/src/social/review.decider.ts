import { assertNever, DomainError, type Decider } from '../shared/decider.ts';
import { MESSAGES } from '../shared/messages.ts';
import type { DeleteReview, EditReview, PostReview, ReviewCommand } from './review.commands.ts';
import type { ReviewEvent } from './review.events.ts';
import { reviewTextRefusal } from './review.rules.ts';

/*
 * The reviews a member has received. A member may review another as often as they like (each
 * review is its own fact); the same review id twice is one review, so a retried request never
 * posts it again. The writer may rewrite or delete their review, and support may delete any.
 */

export type ReviewErrorCode =
  | 'REVIEW_TEXT_REQUIRED'
  | 'REVIEW_TOO_LONG'
  | 'SELF_REVIEW'
  | 'REVIEW_NOT_FOUND'
  | 'REVIEW_NOT_YOURS'
  | 'REVIEW_CHANGED';

/** What the decider remembers of a review: who wrote it, what it says, whether it is gone. */
type KnownReview = {
  readonly userId: string;
  readonly postedBy: string;
  readonly text: string;
  readonly deleted: boolean;
};

export type ReviewsState = { readonly reviews: ReadonlyMap<string, KnownReview> };

const initialState = (): ReviewsState => ({ reviews: new Map() });

const withReview = (
  state: ReviewsState,
  reviewId: string,
  change: (review: KnownReview) => KnownReview,
): ReviewsState => {
  const review = state.reviews.get(reviewId);
  return review ? { reviews: new Map(state.reviews).set(reviewId, change(review)) } : state;
};

const evolve = (state: ReviewsState, event: ReviewEvent): ReviewsState => {
  switch (event.type) {
    case 'ReviewPosted': {
      const { reviewId, userId, postedBy, text } = event.data;
      const review = { userId, postedBy, text, deleted: false };
      return { reviews: new Map(state.reviews).set(reviewId, review) };
    }
    case 'ReviewEdited':
      return withReview(state, event.data.reviewId, (review) => ({
        ...review,
        text: event.data.text,
      }));
    case 'ReviewDeleted':
      return withReview(state, event.data.reviewId, (review) => ({ ...review, deleted: true }));
    default:
      return assertNever(event);
  }
};

const fail = (code: ReviewErrorCode, message: string): never => {
  throw new DomainError(code, {}, message);
};

/** A review's text as kept: trimmed, not empty, within the limit (posting and rewriting). */
function reviewText(text: string): string {
  const refusal = reviewTextRefusal(text);
  return refusal ? fail(refusal.code, refusal.message) : text.trim();
}

const postReview = ({ data, metadata }: PostReview, state: ReviewsState): ReviewEvent[] => {
  if (state.reviews.has(data.reviewId)) return [];
  const text = reviewText(data.text);
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

/** The review a command is about, while it is there. */
const reviewOf = (state: ReviewsState, reviewId: string): KnownReview => {
  const review = state.reviews.get(reviewId);
  if (review === undefined || review.deleted) {
    return fail('REVIEW_NOT_FOUND', MESSAGES.reviewNotFound);
  }
  return review;
};

const editReview = ({ data, metadata }: EditReview, state: ReviewsState): ReviewEvent[] => {
  const review = reviewOf(state, data.reviewId);
  if (review.postedBy !== data.editedBy) return fail('REVIEW_NOT_YOURS', MESSAGES.reviewNotYours);
  const text = reviewText(data.text);
  // The same words again (a retry, or Save without a change) change nothing.
  if (text === review.text) return [];
  if (data.previousText !== undefined && data.previousText.trim() !== review.text) {
    return fail('REVIEW_CHANGED', MESSAGES.reviewChanged);
  }
  return [
    {
      type: 'ReviewEdited',
      data: {
        reviewId: data.reviewId,
        userId: review.userId,
        editedBy: data.editedBy,
        text,
        editedAt: metadata.now,
      },
    },
  ];
};

const deleteReview = ({ data, metadata }: DeleteReview, state: ReviewsState): ReviewEvent[] => {
  // Deleted already: a retried request, answered as done.
  if (state.reviews.get(data.reviewId)?.deleted) return [];
  const review = reviewOf(state, data.reviewId);
  const byStaff = review.postedBy !== data.deletedBy;
  if (byStaff && !data.asStaff) return fail('REVIEW_NOT_YOURS', MESSAGES.reviewNotYours);
  return [
    {
      type: 'ReviewDeleted',
      data: {
        reviewId: data.reviewId,
        userId: review.userId,
        deletedBy: data.deletedBy,
        byStaff,
        deletedAt: metadata.now,
      },
    },
  ];
};

const decide = (command: ReviewCommand, state: ReviewsState): ReviewEvent[] => {
  switch (command.type) {
    case 'PostReview':
      return postReview(command, state);
    case 'EditReview':
      return editReview(command, state);
    case 'DeleteReview':
      return deleteReview(command, state);
    default:
      return assertNever(command);
  }
};

export const reviewsDecider: Decider<ReviewsState, ReviewCommand, ReviewEvent> = {
  initialState,
  evolve,
  decide,
};
