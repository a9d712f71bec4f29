import { isRecord } from '../../../lib/records.ts';
import { documentCameBack } from '../../../lib/keptOverReload.ts';
import {
  parseStoredJson,
  readTabItem,
  tabStorage,
  writeTabItem,
  type DraftStorage,
} from '../../../lib/tabStorage.ts';
import { rebasedEdit, type AdForm } from './adForm.ts';
import { storedAdForm } from './postAdDraft.ts';

/*
 * The changes a member is making on Edit Ad, kept in the tab's sessionStorage while the form is
 * open, so that a reload (or the tab brought back by Back, or reopened by the phone after it was
 * put away) finds them as they were. Leaving the screen in the app drops them: the form asks
 * first ('Leave without saving?'), and a member who leaves chose to. Kept per member and per ad,
 * with the ad as the form was filled from (`base`): the ad may have been changed elsewhere since,
 * and only what the member changed is laid over it as it now reads (`rebasedEdit`).
 */

export type EditAdDraft = { readonly base: AdForm; readonly form: AdForm };

export const editAdDraftKey = (memberId: string, adId: string): string =>
  `editAdDraft:${memberId}:${adId}`;

/** A stored edit, or null when there is none or it is not one (stored by another version). */
export function parseEditAdDraft(text: string | null): EditAdDraft | null {
  const value = parseStoredJson(text);
  if (!isRecord(value)) return null;
  const base = storedAdForm(value.base);
  const form = storedAdForm(value.form);
  return base && form ? { base, form } : null;
}

/**
 * The form to open Edit Ad with over the ad as it now reads (`now`): the member's kept changes
 * laid over it, or null when none were kept or this document was opened afresh (a link followed,
 * an address typed), where an edit starts from the ad.
 */
export function readEditAdDraft(
  memberId: string | undefined,
  adId: string,
  now: AdForm,
  { cameBack = documentCameBack(), store = tabStorage() } = {},
): AdForm | null {
  if (!memberId || !cameBack) return null;
  const kept = parseEditAdDraft(readTabItem(editAdDraftKey(memberId, adId), store));
  return kept ? rebasedEdit(kept.base, kept.form, now) : null;
}

/** Keeps the edit as it now is; `null` (saved, left, or nothing changed) keeps nothing. */
export function saveEditAdDraft(
  memberId: string | undefined,
  adId: string,
  draft: EditAdDraft | null,
  store: DraftStorage | null = tabStorage(),
): void {
  if (!memberId) return;
  writeTabItem(
    editAdDraftKey(memberId, adId),
    draft === null ? null : JSON.stringify(draft),
    store,
  );
}
