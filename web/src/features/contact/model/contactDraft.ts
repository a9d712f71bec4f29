import { CONTACT_FIELDS, type ContactForm } from '@boli/engine/social/contact.rules';
import { parseStoredJson, readTabItem, tabStorage, writeTabItem } from '../../../lib/tabStorage.ts';

/*
 * The Contact Us message being typed, kept in the tab's sessionStorage until it is sent, as a bid
 * or a review being typed is: a reload, or Back after a look elsewhere, finds it still there.
 * Kept per member (or for the tab's guest), so that nobody else logging in on the tab finds it;
 * kept only once a description is typed, the part that takes the writing.
 */

export const contactDraftKey = (memberId: string | undefined): string =>
  `contactDraft:${memberId ?? 'guest'}`;

/** The form kept for this member or guest; null when there is none (or it is not a form). */
export function readContactDraft(
  memberId: string | undefined,
  store = tabStorage(),
): ContactForm | null {
  const stored = parseStoredJson(readTabItem(contactDraftKey(memberId), store));
  if (typeof stored !== 'object' || stored === null) return null;
  const record = stored as Record<string, unknown>;
  if (!CONTACT_FIELDS.every((field) => typeof record[field] === 'string')) return null;
  return Object.fromEntries(CONTACT_FIELDS.map((field) => [field, record[field]])) as ContactForm;
}

/** Keeps the form as it now is; one without a description keeps nothing. */
export function saveContactDraft(
  memberId: string | undefined,
  form: ContactForm,
  store = tabStorage(),
): void {
  const worthKeeping = form.description.trim() !== '';
  writeTabItem(contactDraftKey(memberId), worthKeeping ? JSON.stringify(form) : null, store);
}
