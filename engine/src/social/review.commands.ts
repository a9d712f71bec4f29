import type { Command } from '../shared/decider.ts';

/** A member reviews another (section 5: text required; never oneself). */
export type PostReview = Command<
  'PostReview',
  {
    readonly reviewId: string;
    readonly userId: string;
    readonly postedBy: string;
    readonly text: string;
  }
>;

export type ReviewCommand = PostReview;
