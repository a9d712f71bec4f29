import { describe, it } from 'vitest';
import { MESSAGES } from '../shared/messages.ts';
import { DeciderSpecification } from '../shared/testing/deciderSpecification.ts';
import type { DeleteReview, EditReview, PostReview } from './review.commands.ts';
import { reviewsDecider } from './review.decider.ts';
import type { ReviewDeleted, ReviewEdited, ReviewPosted } from './review.events.ts';
import { ASHA, BALA, T0, at, metadata } from './social.fixtures.ts';

/** Support, moderating. */
const SHALINI = 'u-shalini';

const given = DeciderSpecification.for(reviewsDecider);

const postReview = (data: Partial<PostReview['data']> = {}, now = T0): PostReview => ({
  type: 'PostReview',
  data: {
    reviewId: 'r-1',
    userId: BALA,
    postedBy: ASHA,
    text: 'Prompt and honest seller.',
    ...data,
  },
  metadata: metadata(now, data.postedBy ?? ASHA),
});

const reviewPosted = (data: Partial<ReviewPosted['data']> = {}): ReviewPosted => ({
  type: 'ReviewPosted',
  data: {
    reviewId: 'r-1',
    userId: BALA,
    postedBy: ASHA,
    text: 'Prompt and honest seller.',
    postedAt: T0,
    ...data,
  },
});

describe('posting a review', () => {
  it('records the review with its trimmed text and the command time', () => {
    given([])
      .when(postReview({ text: '  Prompt and honest seller.\n' }))
      .then(reviewPosted());
  });

  it('lets a member review the same member again: each review is its own fact', () => {
    given(reviewPosted())
      .when(postReview({ reviewId: 'r-2', text: 'Second deal went well too.' }, at(60)))
      .then(
        reviewPosted({ reviewId: 'r-2', text: 'Second deal went well too.', postedAt: at(60) }),
      );
  });

  it('posts a retried review only once', () => {
    given(reviewPosted()).when(postReview()).thenNothingHappened();
  });

  it('refuses an empty review, one of characters that show nothing too', () => {
    for (const text of ['   ', '\u200b\u200b\u2800\u3164']) {
      given([])
        .when(postReview({ text }))
        .thenThrows('REVIEW_TEXT_REQUIRED', { message: MESSAGES.reviewTextRequired });
    }
  });

  it('refuses a review of oneself', () => {
    given([])
      .when(postReview({ userId: ASHA, postedBy: ASHA }))
      .thenThrows('SELF_REVIEW', { message: MESSAGES.reviewSelf });
  });

  it('refuses a review longer than the limit, and takes one exactly at it', () => {
    given([])
      .when(postReview({ text: 'क'.repeat(1001) }))
      .thenThrows('REVIEW_TOO_LONG', { message: MESSAGES.reviewTooLong });
    given([])
      .when(postReview({ text: 'क'.repeat(1000) }))
      .then(reviewPosted({ text: 'क'.repeat(1000) }));
  });
});

const editReview = (data: Partial<EditReview['data']> = {}, now = at(5)): EditReview => ({
  type: 'EditReview',
  data: { reviewId: 'r-1', editedBy: ASHA, text: 'Prompt, honest, and packed it well.', ...data },
  metadata: metadata(now, data.editedBy ?? ASHA),
});

const reviewEdited = (data: Partial<ReviewEdited['data']> = {}): ReviewEdited => ({
  type: 'ReviewEdited',
  data: {
    reviewId: 'r-1',
    userId: BALA,
    editedBy: ASHA,
    text: 'Prompt, honest, and packed it well.',
    editedAt: at(5),
    ...data,
  },
});

const deleteReview = (data: Partial<DeleteReview['data']> = {}, now = at(10)): DeleteReview => ({
  type: 'DeleteReview',
  data: { reviewId: 'r-1', deletedBy: ASHA, asStaff: false, ...data },
  metadata: metadata(now, data.deletedBy ?? ASHA),
});

const reviewDeleted = (data: Partial<ReviewDeleted['data']> = {}): ReviewDeleted => ({
  type: 'ReviewDeleted',
  data: {
    reviewId: 'r-1',
    userId: BALA,
    deletedBy: ASHA,
    byStaff: false,
    deletedAt: at(10),
    ...data,
  },
});

describe('rewriting a review', () => {
  it('records the new trimmed text and when it changed', () => {
    given(reviewPosted())
      .when(editReview({ text: ' Prompt, honest, and packed it well. ' }))
      .then(reviewEdited());
  });

  it('does nothing when the text is the same (a retry, or Save without a change)', () => {
    given([reviewPosted(), reviewEdited()]).when(editReview()).thenNothingHappened();
    given(reviewPosted())
      .when(editReview({ text: 'Prompt and honest seller.  ' }))
      .thenNothingHappened();
  });

  it('refuses a rewrite of a text changed since it began (in another tab)', () => {
    given([reviewPosted(), reviewEdited()])
      .when(editReview({ text: 'Slow to reply.', previousText: 'Prompt and honest seller.' }))
      .thenThrows('REVIEW_CHANGED', { message: MESSAGES.reviewChanged });
    given([reviewPosted()])
      .when(editReview({ previousText: ' Prompt and honest seller. ' }))
      .then(reviewEdited());
  });

  it('lets only the writer rewrite it, support included', () => {
    given(reviewPosted())
      .when(editReview({ editedBy: BALA }))
      .thenThrows('REVIEW_NOT_YOURS', { message: MESSAGES.reviewNotYours });
    given(reviewPosted())
      .when(editReview({ editedBy: SHALINI }))
      .thenThrows('REVIEW_NOT_YOURS', { message: MESSAGES.reviewNotYours });
  });

  it('holds the new text to the rules of a new review', () => {
    given(reviewPosted())
      .when(editReview({ text: ' ' }))
      .thenThrows('REVIEW_TEXT_REQUIRED', { message: MESSAGES.reviewTextRequired });
    given(reviewPosted())
      .when(editReview({ text: 'क'.repeat(1001) }))
      .thenThrows('REVIEW_TOO_LONG', { message: MESSAGES.reviewTooLong });
  });

  it('refuses a review that is not there, or was deleted', () => {
    given([])
      .when(editReview())
      .thenThrows('REVIEW_NOT_FOUND', { message: MESSAGES.reviewNotFound });
    given([reviewPosted(), reviewDeleted()])
      .when(editReview())
      .thenThrows('REVIEW_NOT_FOUND', { message: MESSAGES.reviewNotFound });
  });
});

describe('deleting a review', () => {
  it("takes down the writer's own review", () => {
    given(reviewPosted()).when(deleteReview()).then(reviewDeleted());
  });

  it("lets support take down anyone's review, and says it was staff", () => {
    given(reviewPosted())
      .when(deleteReview({ deletedBy: SHALINI, asStaff: true }))
      .then(reviewDeleted({ deletedBy: SHALINI, byStaff: true }));
  });

  it('refuses anyone else, the reviewed member included', () => {
    given(reviewPosted())
      .when(deleteReview({ deletedBy: BALA }))
      .thenThrows('REVIEW_NOT_YOURS', { message: MESSAGES.reviewNotYours });
  });

  it('answers a retried delete as done, and refuses a review never posted', () => {
    given([reviewPosted(), reviewDeleted()]).when(deleteReview()).thenNothingHappened();
    given([])
      .when(deleteReview())
      .thenThrows('REVIEW_NOT_FOUND', { message: MESSAGES.reviewNotFound });
  });

  it("keeps a deleted review's id: the same id posted again is still a retry", () => {
    given([reviewPosted(), reviewDeleted()]).when(postReview()).thenNothingHappened();
  });
});
