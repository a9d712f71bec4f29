import type { ReviewPosted } from '@boli/engine/social/review.events';
import { REVIEW_EVENT_TYPES } from '@boli/engine/social/review.events';
import { defineProjection } from '../runtime/projection.ts';

/** One row per review (section 3's Review); names and avatars are joined from `users` on read. */
export const reviewsProjection = defineProjection({
  name: 'reviews',
  version: 1,
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
          t.index(['user_id', 'posted_at'], `${table}_user_idx`);
        }),
    },
  },
  async handleBatch(trx, events, tables) {
    const rows = events.map((event) => {
      const { reviewId, userId, postedBy, text, postedAt } = (event as unknown as ReviewPosted)
        .data;
      return {
        review_id: reviewId,
        user_id: userId,
        posted_by: postedBy,
        text,
        posted_at: postedAt,
      };
    });
    if (rows.length > 0) await trx(tables.reviews).insert(rows).onConflict('review_id').ignore();
  },
});
