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

/** Its writer rewrote a review; the first text stays in the log. */
export type ReviewEdited = DomainEvent<
  'ReviewEdited',
  {
    readonly reviewId: string;
    readonly userId: string;
    /** The writer (the only one who may rewrite it). */
    readonly editedBy: string;
    readonly text: string;
    readonly editedAt: string;
  }
>;

/** A review taken down by its writer, or by support (`byStaff`); the log keeps what it said. */
export type ReviewDeleted = DomainEvent<
  'ReviewDeleted',
  {
    readonly reviewId: string;
    readonly userId: string;
    readonly deletedBy: string;
    readonly byStaff: boolean;
    readonly deletedAt: string;
  }
>;

export type ReviewEvent = ReviewPosted | ReviewEdited | ReviewDeleted;
export const REVIEW_EVENT_TYPES = [
  'ReviewPosted',
  'ReviewEdited',
  'ReviewDeleted',
] as const satisfies readonly ReviewEvent['type'][];
