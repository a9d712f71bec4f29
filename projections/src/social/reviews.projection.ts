import type { ReviewEvent } from '@boli/engine/social/review.events';
import { REVIEW_EVENT_TYPES } from '@boli/engine/social/review.events';
import type { Knex } from 'knex';
import { defineProjection } from '../runtime/projection.ts';

type ReviewRow = {
  review_id: string;
  user_id: string;
  posted_by: string;
  text: string;
  posted_at: string;
  edited_at: string | null;
  deleted_at: string | null;
};

/** What a batch does to one review: the row it posted, or the text and deletion to set. */
type ReviewChange =
  | { readonly kind: 'posted'; readonly row: ReviewRow }
  | {
      readonly kind: 'changed';
      readonly edit?: { readonly text: string; readonly edited_at: string };
      readonly deleted_at?: string;
    };

/** The batch's events folded per review, in log order, so each review is written once. */
export function reviewChanges(events: readonly ReviewEvent[]): Map<string, ReviewChange> {
  const changes = new Map<string, ReviewChange>();
  for (const event of events) {
    const { reviewId } = event.data;
    const before = changes.get(reviewId);
    switch (event.type) {
      case 'ReviewPosted': {
        const { userId, postedBy, text, postedAt } = event.data;
        const row = {
          review_id: reviewId,
          user_id: userId,
          posted_by: postedBy,
          text,
          posted_at: postedAt,
          edited_at: null,
          deleted_at: null,
        };
        changes.set(reviewId, before ?? { kind: 'posted', row });
        break;
      }
      case 'ReviewEdited': {
        const edit = { text: event.data.text, edited_at: event.data.editedAt };
        changes.set(
          reviewId,
          before?.kind === 'posted'
            ? { kind: 'posted', row: { ...before.row, ...edit } }
            : { ...before, kind: 'changed', edit },
        );
        break;
      }
      case 'ReviewDeleted': {
        const deleted_at = event.data.deletedAt;
        changes.set(
          reviewId,
          before?.kind === 'posted'
            ? { kind: 'posted', row: { ...before.row, deleted_at } }
            : { ...before, kind: 'changed', deleted_at },
        );
        break;
      }
    }
  }
  return changes;
}

async function applyChange(
  trx: Knex.Transaction,
  table: string,
  reviewId: string,
  change: Extract<ReviewChange, { kind: 'changed' }>,
): Promise<void> {
  await trx(table)
    .where('review_id', reviewId)
    .update({
      ...(change.edit ?? {}),
      ...(change.deleted_at ? { deleted_at: change.deleted_at } : {}),
    });
}

/**
 * One row per review (section 3's Review); names and avatars are joined from `users` on read. A
 * deleted review keeps its row, marked, so that its posting replayed cannot bring it back.
 */
export const reviewsProjection = defineProjection({
  name: 'reviews',
  version: 2,
  handles: REVIEW_EVENT_TYPES,
  tables: {
    reviews: {
      create: (trx, table) =>
        trx.schema.createTable(table, (t) => {
          t.text('review_id').primary();
          t.text('user_id').notNullable();
          t.text('posted_by').notNullable();
          t.text('text').notNullable();
          t.timestamp('posted_at', { useTz: true }).notNullable();
          t.timestamp('edited_at', { useTz: true }).nullable();
          t.timestamp('deleted_at', { useTz: true }).nullable();
          t.index(['user_id', 'posted_at'], `${table}_user_idx`);
        }),
    },
  },
  async handleBatch(trx, events, tables) {
    const changes = reviewChanges(events as unknown as ReviewEvent[]);
    const posted = [...changes.values()].flatMap((change) =>
      change.kind === 'posted' ? [change.row] : [],
    );
    if (posted.length > 0) {
      await trx(tables.reviews).insert(posted).onConflict('review_id').ignore();
    }
    for (const [reviewId, change] of changes) {
      if (change.kind === 'changed') await applyChange(trx, tables.reviews, reviewId, change);
    }
  },
});
