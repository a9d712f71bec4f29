import { describe, expect, it } from 'vitest';
import type { ReviewEvent } from '@boli/engine/social/review.events';
import { reviewChanges } from './reviews.projection.ts';

const posted = (reviewId: string, text = 'Good seller'): ReviewEvent => ({
  type: 'ReviewPosted',
  data: { reviewId, userId: 'u-bala', postedBy: 'u-asha', text, postedAt: 'T0' },
});
const edited = (reviewId: string, text: string, editedAt: string): ReviewEvent => ({
  type: 'ReviewEdited',
  data: { reviewId, userId: 'u-bala', editedBy: 'u-asha', text, editedAt },
});
const deleted = (reviewId: string): ReviewEvent => ({
  type: 'ReviewDeleted',
  data: { reviewId, userId: 'u-bala', deletedBy: 'u-asha', byStaff: false, deletedAt: 'T9' },
});

describe("a batch's review changes", () => {
  it('write a review posted and rewritten in one batch as one row with the last text', () => {
    const changes = reviewChanges([
      posted('r-1'),
      edited('r-1', 'Fair', 'T1'),
      edited('r-1', 'Slow', 'T2'),
    ]);
    expect(changes.get('r-1')).toEqual({
      kind: 'posted',
      row: expect.objectContaining({ text: 'Slow', edited_at: 'T2', deleted_at: null }),
    });
  });

  it('keep a review posted and deleted in one batch as a deleted row', () => {
    expect(reviewChanges([posted('r-1'), deleted('r-1')]).get('r-1')).toEqual({
      kind: 'posted',
      row: expect.objectContaining({ deleted_at: 'T9' }),
    });
  });

  it('change a review posted earlier: its last text, then its deletion', () => {
    const changes = reviewChanges([edited('r-1', 'Fair', 'T1'), deleted('r-1'), posted('r-2')]);
    expect(changes.get('r-1')).toEqual({
      kind: 'changed',
      edit: { text: 'Fair', edited_at: 'T1' },
      deleted_at: 'T9',
    });
    expect(changes.get('r-2')?.kind).toBe('posted');
  });
});
