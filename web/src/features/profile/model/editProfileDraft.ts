import { isRecord } from '../../../lib/records.ts';
import { documentCameBack } from '../../../lib/keptOverReload.ts';
import {
  parseStoredJson,
  readTabItem,
  tabStorage,
  writeTabItem,
  type DraftStorage,
} from '../../../lib/tabStorage.ts';
import { rebasedProfile, storedProfileForm, type ProfileForm } from './profileForm.ts';

/*
 * The changes a member is making on Edit profile, kept in the tab's sessionStorage while the form
 * is open, as Edit Ad keeps an ad's (ads/model/editAdDraft.ts): a reload, or the tab brought back
 * by Back, finds them laid over the profile as it now reads. Saving drops them, and so does
 * leaving the screen in the app, which asks first. Kept per member, with the profile as the form
 * was filled from (`base`), so that only what the member changed is laid over a profile changed
 * elsewhere since.
 */

export type EditProfileDraft = { readonly base: ProfileForm; readonly form: ProfileForm };

export const editProfileDraftKey = (memberId: string): string => `editProfileDraft:${memberId}`;

/**
 * The form to open Edit profile with over the profile as it now reads (`now`): the member's kept
 * changes laid over it; or null when none were kept, or this document was opened afresh (a link
 * followed, the menu's item in a new tab), where an edit starts from the profile.
 */
export function readEditProfileDraft(
  memberId: string | undefined,
  now: ProfileForm,
  { cameBack = documentCameBack(), store = tabStorage() } = {},
): ProfileForm | null {
  if (!memberId || !cameBack) return null;
  const kept = parseStoredJson(readTabItem(editProfileDraftKey(memberId), store));
  if (!isRecord(kept)) return null;
  const base = storedProfileForm(kept.base);
  const form = storedProfileForm(kept.form);
  return base && form ? rebasedProfile(base, form, now) : null;
}

/** Keeps the edit as it now is; `null` (saved, left, or nothing changed) keeps nothing. */
export function saveEditProfileDraft(
  memberId: string | undefined,
  draft: EditProfileDraft | null,
  store: DraftStorage | null = tabStorage(),
): void {
  if (!memberId) return;
  writeTabItem(editProfileDraftKey(memberId), draft && JSON.stringify(draft), store);
}
