import { numberFieldRead } from '@boli/engine/shared/digits';
import { GENDERS } from '@boli/engine/shared/limits';
import { phoneTyped } from '../../../lib/numberInput.ts';
import { isRecord } from '../../../lib/records.ts';
import { parseStoredJson, readTabItem, tabStorage, writeTabItem } from '../../../lib/tabStorage.ts';
import type { SignupValues } from '../machines/signup.machine.ts';
import { isOneOf } from '@boli/engine/shared/oneOf';

/*
 * The Register form being filled in, kept in the tab's sessionStorage until the sign-up is sent,
 * as a Contact Us message being typed is (contact/model/contactDraft.ts): a reload, or a look at
 * Login and Back, finds it still there. Only the profile is kept, never a password, the captcha's
 * answer (good for one try) or the terms ticked (agreed to each time). The route is for guests
 * only, so the tab's guest is the only one to find it.
 */

export const registerDraftKey = 'registerDraft';

/** The fields kept: what a guest types about themselves, nothing secret. */
const KEPT = [
  'email',
  'username',
  'firstname',
  'lastname',
  'country',
  'phoneCode',
  'phone',
  'bidAlias',
  'gender',
  'dob',
] as const satisfies readonly (keyof SignupValues)[];

type KeptField = (typeof KEPT)[number];

/** The fields typed rather than chosen for the guest (country and code start filled in). */
const TYPED: readonly KeptField[] = KEPT.filter(
  (field) => field !== 'country' && field !== 'phoneCode',
);

/** What each kept field may hold, as the form would let it be filled in. */
const SHAPES: Partial<Record<KeptField, (value: string) => boolean>> = {
  country: (value) => value.trim() !== '',
  gender: (value) => value === '' || isOneOf(GENDERS, value),
  // The date input's YYYY-MM-DD.
  dob: (value) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value),
};

/**
 * `form` with the fields kept in the tab over it, each read as the form reads it when typed (the
 * mobile number's digits as `phoneTyped` keeps them); a field stored as anything else (not a
 * string, or not of its shape) is left as `form` has it.
 */
export function readRegisterDraft(form: SignupValues, store = tabStorage()): SignupValues {
  const stored = parseStoredJson(readTabItem(registerDraftKey, store));
  if (!isRecord(stored)) return form;
  const restored = { ...form };
  for (const field of KEPT) {
    const value = stored[field];
    if (typeof value !== 'string' || SHAPES[field]?.(value) === false) continue;
    restored[field] = numberFieldRead(field, value);
  }
  restored.phone = phoneTyped(restored.phone, restored.phoneCode);
  return restored;
}

/** Keeps the form's profile fields as they now are; with none of them typed, keeps nothing. */
export function saveRegisterDraft(form: SignupValues, store = tabStorage()): void {
  const worthKeeping = TYPED.some((field) => form[field].trim() !== '');
  const kept = Object.fromEntries(KEPT.map((field) => [field, form[field]]));
  writeTabItem(registerDraftKey, worthKeeping ? JSON.stringify(kept) : null, store);
}

/** Forgets the form: the guest has signed up. */
export function clearRegisterDraft(store = tabStorage()): void {
  writeTabItem(registerDraftKey, null, store);
}
