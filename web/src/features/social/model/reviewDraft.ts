import { readTabItem, tabStorage, writeTabItem } from '../../../lib/tabStorage.ts';

/*
 * The review a member is typing on another member's profile, kept in the tab's sessionStorage
 * until it is posted, as a bid being typed is (bidding/model/bidDraft.ts): a reload, or Back
 * after a look elsewhere, finds it still there. Kept per reviewer and reviewed member, so that
 * nobody else logging in on the tab finds it.
 */

export const reviewDraftKey = (reviewerId: string, userId: string): string =>
  `reviewDraft:${reviewerId}:${userId}`;

/** The text kept for this reviewer and member; '' when there is none. */
export function readReviewDraft(
  reviewerId: string | undefined,
  userId: string,
  store = tabStorage(),
): string {
  if (!reviewerId) return '';
  return readTabItem(reviewDraftKey(reviewerId, userId), store) ?? '';
}

/** Keeps the text as it now is; an empty (or blank) text keeps nothing. */
export function saveReviewDraft(
  reviewerId: string | undefined,
  userId: string,
  text: string,
  store = tabStorage(),
): void {
  if (!reviewerId) return;
  writeTabItem(reviewDraftKey(reviewerId, userId), text.trim() === '' ? null : text, store);
}
