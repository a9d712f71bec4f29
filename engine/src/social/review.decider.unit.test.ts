import { describe, it } from 'vitest';
import { MESSAGES } from '../shared/messages.ts';
import { DeciderSpecification } from '../shared/testing/deciderSpecification.ts';
import type { PostReview } from './review.commands.ts';
import { reviewsDecider } from './review.decider.ts';
import type { ReviewPosted } from './review.events.ts';
import { ASHA, BALA, T0, at, metadata } from './social.fixtures.ts';

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

  it('refuses an empty review', () => {
    given([])
      .when(postReview({ text: '   ' }))
      .thenThrows('REVIEW_TEXT_REQUIRED', { message: MESSAGES.reviewTextRequired });
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
