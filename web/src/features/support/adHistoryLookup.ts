/**
 * The ad an entry names, for the staff's Ad history lookup: an ad's id or uid as it is, or the
 * last part of a pasted address (…/ads/<uid>, …/support/ads/<id>?asOf=…). Null for nothing.
 */
export function adKeyOf(entry: string): string | null {
  const text = entry.trim();
  if (text === '') return null;
  let path = text;
  try {
    path = new URL(text).pathname;
  } catch {
    // Not an address: an id or uid, or a path.
  }
  const last = path.split(/[?#]/)[0]!.split('/').filter(Boolean).at(-1);
  if (!last) return null;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}
