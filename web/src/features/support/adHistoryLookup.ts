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

/** An ad GET /api/support/ads found, and how: its owner's username, its id or link's code, its name. */
export type StaffFoundAd = {
  readonly _id: string;
  readonly itemName: string;
  readonly postedByUsername: string;
  readonly createdAt: string;
  readonly bidOpen: boolean;
  readonly foundBy: 'owner' | 'code' | 'name';
};

const FOUND_BY = new Set(['owner', 'code', 'name']);

/** The ads of a GET /api/support/ads answer; what is not one is left out. */
export function staffFoundAdsOf(data: unknown): StaffFoundAd[] {
  const ads = (data as { ads?: unknown } | null)?.ads;
  if (!Array.isArray(ads)) return [];
  return ads.filter(
    (ad): ad is StaffFoundAd =>
      typeof ad === 'object' &&
      ad !== null &&
      typeof (ad as StaffFoundAd)._id === 'string' &&
      typeof (ad as StaffFoundAd).itemName === 'string' &&
      FOUND_BY.has((ad as StaffFoundAd).foundBy),
  );
}
