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

/** The writer of a review rewrites it (the same rules as posting it). */
export type EditReview = Command<
  'EditReview',
  {
    readonly reviewId: string;
    readonly editedBy: string;
    readonly text: string;
    /**
     * The text the rewrite started from, when the client says: a rewrite of a text since changed
     * (in another tab) is refused rather than overwrite it unseen.
     */
    readonly previousText?: string;
  }
>;

/**
 * A review taken down: by its writer, or by support moderating (`asStaff`: the api says so only
 * for someone acting in one of SUPPORT_ROLES).
 */
export type DeleteReview = Command<
  'DeleteReview',
  {
    readonly reviewId: string;
    readonly deletedBy: string;
    readonly asStaff: boolean;
  }
>;

export type ReviewCommand = PostReview | EditReview | DeleteReview;
