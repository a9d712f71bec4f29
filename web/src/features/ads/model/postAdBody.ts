import { isRecord } from '../../../lib/records.ts';

/*
 * What Post Ad! sends (POST /api/posts/, multipart): the form's fields and the staged photos' and
 * videos' ids. Kept, as sent, with its Idempotency-Key (lib/submissionKey.ts): a post whose answer
 * was lost before a reload is sent again as it was — posted once, or answered as posted already —
 * though the files chosen before the reload are gone from the page.
 */
export type PostAdBody = {
  readonly fields: readonly (readonly [string, string])[];
  readonly stagedIds: readonly string[];
};

/** The request's form data. */
export function postAdFormData(body: PostAdBody): FormData {
  const form = new FormData();
  for (const [name, value] of body.fields) form.append(name, value);
  for (const stagedId of body.stagedIds) form.append('stagedId', stagedId);
  return form;
}

const isPair = (value: unknown): value is [string, string] =>
  Array.isArray(value) &&
  value.length === 2 &&
  typeof value[0] === 'string' &&
  typeof value[1] === 'string';

/** A kept body read back (from the tab's storage), or null when it is none. */
export function postAdBodyOf(value: unknown): PostAdBody | null {
  if (!isRecord(value)) return null;
  const { fields, stagedIds } = value;
  if (!Array.isArray(fields) || !fields.every(isPair)) return null;
  if (!Array.isArray(stagedIds) || !stagedIds.every((id) => typeof id === 'string')) return null;
  if (stagedIds.length === 0) return null;
  return { fields, stagedIds };
}

/** The kept post's item name, to say which ad it was; '' when it has none. */
export const postAdItemName = (body: PostAdBody): string =>
  body.fields.find(([name]) => name === 'itemName')?.[1] ?? '';

/**
 * Whether a post sent while another waits is that post again: the same fields, whatever its files
 * (chosen again after a reload, they are new staged ids). Another ad — another name, a price
 * mended — is a post of its own.
 */
export function samePost(waiting: unknown, sent: unknown): boolean {
  const [before, now] = [postAdBodyOf(waiting), postAdBodyOf(sent)];
  return (
    before !== null && now !== null && JSON.stringify(before.fields) === JSON.stringify(now.fields)
  );
}
