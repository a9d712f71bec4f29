import { isRecord } from '../../../lib/records.ts';
import { parseStoredJson, readTabItem, tabStorage, writeTabItem } from '../../../lib/tabStorage.ts';
import { AD_FORM_FIELDS, type AdForm } from './adForm.ts';

/*
 * The ad a member is writing on Post New Ad, kept in the tab's sessionStorage until it is posted,
 * as a bid or a review being typed is (bidding/model/bidDraft.ts): a reload, or Back after a look
 * elsewhere, finds the fields as they were. Its photos and videos are not kept: a file chosen in
 * the browser cannot be chosen again for the member. Kept per member.
 */

export const postAdDraftKey = (memberId: string): string => `postAdDraft:${memberId}`;

/** A stored value read as an ad form, or null when it is not one (stored by another version). */
export function storedAdForm(value: unknown): AdForm | null {
  if (!isRecord(value) || typeof value.displayPhone !== 'boolean') return null;
  const form: Partial<AdForm> = { displayPhone: value.displayPhone };
  for (const field of AD_FORM_FIELDS) {
    const fieldValue = value[field];
    if (typeof fieldValue !== 'string') return null;
    form[field] = fieldValue;
  }
  return form as AdForm;
}

/** A stored form, or null when there is none or it is not one (stored by another version). */
export const parsePostAdDraft = (text: string | null): AdForm | null =>
  storedAdForm(parseStoredJson(text));

/** The form kept for this member, or null. */
export function readPostAdDraft(memberId: string | undefined, store = tabStorage()): AdForm | null {
  if (!memberId) return null;
  return parsePostAdDraft(readTabItem(postAdDraftKey(memberId), store));
}

/** Keeps the form as it now is; `null` (posted, or nothing typed) keeps nothing. */
export function savePostAdDraft(
  memberId: string | undefined,
  form: AdForm | null,
  store = tabStorage(),
): void {
  if (!memberId) return;
  writeTabItem(postAdDraftKey(memberId), form === null ? null : JSON.stringify(form), store);
}
