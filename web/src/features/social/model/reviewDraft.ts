/*
 * The review a member is typing on another member's profile, kept in the tab's sessionStorage
 * until it is posted, as a bid being typed is (bidding/model/bidDraft.ts): a reload, or Back
 * after a look elsewhere, finds it still there. Kept per reviewer and reviewed member, so that
 * nobody else logging in on the tab finds it.
 */

export const reviewDraftKey = (reviewerId: string, userId: string): string =>
  `reviewDraft:${reviewerId}:${userId}`;

type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

// Private windows and locked-down browsers can refuse storage: the draft then lives in the form.
function sessionStore(): DraftStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The text kept for this reviewer and member; '' when there is none. */
export function readReviewDraft(
  reviewerId: string | undefined,
  userId: string,
  store = sessionStore(),
): string {
  if (!reviewerId) return '';
  try {
    return store?.getItem(reviewDraftKey(reviewerId, userId)) ?? '';
  } catch {
    return '';
  }
}

/** Keeps the text as it now is; an empty (or blank) text keeps nothing. */
export function saveReviewDraft(
  reviewerId: string | undefined,
  userId: string,
  text: string,
  store = sessionStore(),
): void {
  if (!reviewerId) return;
  try {
    const key = reviewDraftKey(reviewerId, userId);
    if (text.trim() === '') store?.removeItem(key);
    else store?.setItem(key, text);
  } catch {
    // Quota or privacy mode: the draft still lives in the form.
  }
}
