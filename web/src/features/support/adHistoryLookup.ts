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

/**
 * Where a pasted entry leads: the ad's history, at the instant a pasted replay link
 * (…/support/ads/<id>?asOf=…) names, so a link sent on shows that moment here too.
 */
export function adHistoryPathOf(entry: string): string | null {
  const key = adKeyOf(entry);
  if (key === null) return null;
  const path = `/support/ads/${encodeURIComponent(key)}`;
  let asOf: string | null = null;
  try {
    const url = new URL(entry.trim(), 'http://pasted.invalid');
    if (url.pathname.includes('/support/ads/')) asOf = url.searchParams.get('asOf');
  } catch {
    // Not an address: no instant.
  }
  return asOf ? `${path}?${new URLSearchParams({ asOf }).toString()}` : path;
}

/**
 * What a staff member typed into the lookup: a link, an id or a uid (a path to the history), or
 * words of an ad's name (a search), which an id never is: no id or uid holds a space, and a uid
 * or UUID holds a hyphen. Null for nothing.
 */
export function adLookupOf(entry: string): { path: string } | { name: string } | null {
  const text = entry.trim();
  if (text === '') return null;
  const link = text.includes('/');
  if (!link && (/\s/.test(text) || !text.includes('-'))) return { name: text };
  const path = adHistoryPathOf(text);
  return path === null ? null : { path };
}
