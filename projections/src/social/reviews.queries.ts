import type { Knex } from 'knex';
import { LIMITS } from '@boli/engine/shared/limits';
import { defaultPictureUrl, type PictureUrl } from '../users/users.queries.ts';

/** Section 3's Review as GET /api/review/ answers it (docs/api/social.md). */
export type Review = {
  readonly _id: string;
  readonly userId: string;
  readonly text: string;
  readonly postedBy: string;
  readonly postedByUsername: string;
  readonly postedByFirstname: string;
  readonly postedByLastname: string;
  readonly postedByProfilepic: string;
  readonly createdAt: string;
  /** When its writer last rewrote it; null while it is as posted. */
  readonly editedAt: string | null;
};

type Row = {
  review_id: string;
  user_id: string;
  text: string;
  posted_by: string;
  posted_at: Date;
  edited_at: Date | null;
  username: string | null;
  firstname: string | null;
  lastname: string | null;
  profilepic: string | null;
};

/**
 * A page of the reviews a member received (1-based, `limit` each), newest first, with each
 * reviewer's current name and avatar.
 */
export async function listReviews(
  db: Knex,
  userId: string,
  {
    pictureUrl = defaultPictureUrl,
    limit = LIMITS.reviewPageSize,
    page = 1,
    blockedReviewers = false,
  }: {
    pictureUrl?: PictureUrl;
    limit?: number;
    page?: number;
    /** Staff see a blocked member's reviews too; members do not, till the block is lifted. */
    blockedReviewers?: boolean;
  } = {},
): Promise<Review[]> {
  const query = db('reviews as r')
    .leftJoin('users as u', 'u.user_id', 'r.posted_by')
    .where('r.user_id', userId)
    .whereNull('r.deleted_at');
  // A blocked member is hidden from others with their profile and ads: their reviews too.
  if (!blockedReviewers) query.whereRaw('u.is_blocked IS NOT TRUE');
  const rows: Row[] = await query
    .select(
      'r.review_id',
      'r.user_id',
      'r.text',
      'r.posted_by',
      'r.posted_at',
      'r.edited_at',
      'u.username',
      'u.firstname',
      'u.lastname',
      'u.profilepic',
    )
    .orderBy([
      { column: 'r.posted_at', order: 'desc' },
      { column: 'r.review_id', order: 'desc' },
    ])
    .limit(limit)
    .offset((page - 1) * limit);
  return rows.map((row) => ({
    _id: row.review_id,
    userId: row.user_id,
    text: row.text,
    postedBy: row.posted_by,
    postedByUsername: row.username ?? '',
    postedByFirstname: row.firstname ?? '',
    postedByLastname: row.lastname ?? '',
    postedByProfilepic: row.profilepic ? pictureUrl(row.profilepic) : '',
    createdAt: new Date(row.posted_at).toISOString(),
    editedAt: row.edited_at ? new Date(row.edited_at).toISOString() : null,
  }));
}

/** Whom a review is about and who wrote it, while it is there (not deleted). */
export async function findReview(
  db: Knex,
  reviewId: string,
): Promise<{ userId: string; postedBy: string } | undefined> {
  const row: { user_id: string; posted_by: string } | undefined = await db('reviews')
    .where('review_id', reviewId)
    .whereNull('deleted_at')
    .first('user_id', 'posted_by');
  return row && { userId: row.user_id, postedBy: row.posted_by };
}
