import { isRecord } from '../../../lib/records.ts';
import { documentCameBack } from '../../../lib/keptOverReload.ts';
import {
  parseStoredJson,
  readTabItem,
  tabStorage,
  writeTabItem,
  type DraftStorage,
} from '../../../lib/tabStorage.ts';
import { changedOnBothSides, rebasedEdit, type AdForm, type AdFormField } from './adForm.ts';
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

/** The edit kept over a reload, laid over the ad as it now reads. */
export type KeptEdit = {
  readonly form: AdForm;
  /** Fields the member changed that were changed elsewhere since, to another value. */
  readonly changedElsewhere: readonly AdFormField[];
};

/**
 * The form to open Edit Ad with over the ad as it now reads (`now`): the member's kept changes
 * laid over it, naming those that were changed elsewhere since too (the member's are kept, and
 * would undo the other change: the screen says so); or null when none were kept or this document
 * was opened afresh (a link followed, an address typed), where an edit starts from the ad.
 */
export function readEditAdDraft(
  memberId: string | undefined,
  adId: string,
  now: AdForm,
  { cameBack = documentCameBack(), store = tabStorage() } = {},
): KeptEdit | null {
  if (!memberId || !cameBack) return null;
  const kept = parseEditAdDraft(readTabItem(editAdDraftKey(memberId, adId), store));
  return kept
    ? {
        form: rebasedEdit(kept.base, kept.form, now),
        changedElsewhere: changedOnBothSides(kept.base, kept.form, now),
      }
    : null;
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
