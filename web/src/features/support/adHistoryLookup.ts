import { LIMITS } from '@boli/engine/shared/limits';
/** An ad's history screen. */
export const adHistoryPath = (adId: string): string => `/support/ads/${encodeURIComponent(adId)}`;

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
  const path = adHistoryPath(key);
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
 * What a staff member typed into the lookup: a link (a path to the history), or a key for
 * GET /api/support/ads — an id, a uid, a code, an owner's username or words of a name. An id or
 * uid is not told apart here: they come in several shapes (a UUID, a link's
 * `name-slug-<hex>`, seeded and test ones), and a name's word may hold a hyphen too
 * (Harley-Davidson, Wi-Fi); the api says which ad, if any, the key is the whole id or uid of
 * (`adNamedBy`). A key holding a space is no link. Null for nothing.
 */
export function adLookupOf(entry: string): { path: string } | { key: string } | null {
  const text = entry.trim();
  if (text === '') return null;
  if (/\s/.test(text) || !text.includes('/')) return { key: text };
  const path = adHistoryPathOf(text);
  return path === null ? null : { path };
}

/** The lookup's key as the address keeps it (/support/ads?key=…), so Back and links restore it. */
export const lookupKeyOf = (params: URLSearchParams): string => params.get('key')?.trim() ?? '';

/** How many pages of ads the list shows (Show more adds one), as the address keeps it: `pages`. */
export function lookupPagesOf(params: URLSearchParams): number {
  const pages = Number(params.get('pages') ?? '1');
  return Number.isInteger(pages) ? Math.min(Math.max(pages, 1), LIMITS.staffLookupPagesMax) : 1;
}

/** The ad a key is the whole id or uid of, whose history it opens; none for any other key. */
export const adNamedBy = (ads: readonly StaffFoundAd[]): StaffFoundAd | undefined =>
  ads.find((ad) => ad.foundBy === 'id');

/**
 * An ad GET /api/support/ads found, and how: the key is its whole id or uid, its owner's
 * username, a bidder's username, its id's or link's code, or words of its name.
 */
export type StaffFoundAd = {
  readonly _id: string;
  readonly itemName: string;
  readonly postedByUsername: string;
  readonly createdAt: string;
  readonly bidOpen: boolean;
  readonly foundBy: 'id' | 'owner' | 'bidder' | 'code' | 'name';
};

const FOUND_BY = new Set(['id', 'owner', 'bidder', 'code', 'name']);

/** A GET /api/support/ads answer: the ads found, and whether Show more would find more. */
export type StaffLookup = { readonly ads: StaffFoundAd[]; readonly more: boolean };

export const staffLookupOf = (data: unknown): StaffLookup => ({
  ads: staffFoundAdsOf(data),
  more: (data as { more?: unknown } | null)?.more === true,
});

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
