import type { DomainEvent } from '../shared/decider.ts';

/** Every review a member receives lives in `reviews-<userId>` (the reviewed member's id). */
export const reviewsStream = (userId: string): string => `reviews-${userId}`;

/** Section 3's Review: who wrote what about whom. Names and avatars are read from the profile. */
export type ReviewPosted = DomainEvent<
  'ReviewPosted',
  {
    readonly reviewId: string;
    /** The reviewed member (Review.userId). */
    readonly userId: string;
    /** The reviewer. */
    readonly postedBy: string;
    readonly text: string;
    readonly postedAt: string;
  }
>;

export type ReviewEvent = ReviewPosted;
export const REVIEW_EVENT_TYPES = [
  'ReviewPosted',
] as const satisfies readonly ReviewEvent['type'][];
