import { formatDate } from '../../lib/format.ts';
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

/** An address (http…) or a path (/ads/…); a word holding a slash ("8/128GB") is neither. */
const isLink = (text: string): boolean => /^https?:\/\//i.test(text) || text.startsWith('/');

/**
 * What a staff member typed into the lookup: a link (a path to the history), or a key for
 * GET /api/support/ads — an id, a uid, a code, an owner's username or words of a name. An id or
 * uid is not told apart here: they come in several shapes (a UUID, a link's
 * `name-slug-<hex>`, seeded and test ones), and a name's word may hold a hyphen too
 * (Harley-Davidson, Wi-Fi); the api says which ad, if any, the key is the whole id or uid of
 * (`adNamedBy`). A key holding a space, or not starting as an address or a path does, is no link.
 * Null for nothing.
 */
export function adLookupOf(entry: string): { path: string } | { key: string } | null {
  const text = entry.trim();
  if (text === '') return null;
  if (/\s/.test(text) || !isLink(text)) return { key: text };
  const path = adHistoryPathOf(text);
  return path === null ? null : { path };
}

/** The history a key is the link of (a link put in /support/ads?key= by hand); null for a key. */
export function linkPathOf(key: string): string | null {
  const lookup = adLookupOf(key);
  return lookup !== null && 'path' in lookup ? lookup.path : null;
}

/** The lookup's key as the address keeps it (/support/ads?key=…), so Back and links restore it. */
export const lookupKeyOf = (params: URLSearchParams): string => params.get('key')?.trim() ?? '';

/** The lookup's address for `key` (a member's username, say): the list that key finds. */
export const lookupPathOf = (key: string): string =>
  `/support/ads?${new URLSearchParams({ key }).toString()}`;

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
 * username, a bidder's username, the alias of a bid on it, its id's or link's code, or words in it
 * (the members' search: its name, place, description).
 */
export type StaffFoundAd = {
  readonly _id: string;
  readonly itemName: string;
  readonly postedByUsername: string;
  readonly createdAt: string;
  readonly bidOpen: boolean;
  /** Its owner is blocked; absent (as `bids`) from an api before it said so. */
  readonly withdrawn?: boolean;
  /** Bids placed on it. */
  readonly bids?: number;
  readonly foundBy: 'id' | 'owner' | 'bidder' | 'fee' | 'refused' | 'alias' | 'code' | 'name';
};

/**
 * What the lookup list says of a found ad under its name: who posted it and when, its bids,
 * whether bidding is open, whether it is withdrawn, and how the key found it.
 */
export function foundAdLine(ad: StaffFoundAd): string {
  const bids = ad.bids === undefined ? [] : [ad.bids === 1 ? '1 bid' : `${ad.bids} bids`];
  return [
    `by ${ad.postedByUsername}, posted ${formatDate(ad.createdAt)}`,
    ...bids,
    ad.bidOpen ? 'open for bids' : 'bidding closed',
    ...(ad.withdrawn ? ['withdrawn: its owner is blocked'] : []),
    `found by ${FOUND_BY_TEXT[ad.foundBy]}`,
  ].join(' · ');
}

/** How the key found an ad, as the list says it. */
const FOUND_BY_TEXT: Record<StaffFoundAd['foundBy'], string> = {
  id: 'its whole id or link',
  owner: 'its owner',
  bidder: 'a bid of theirs',
  fee: 'a bid fee of theirs',
  refused: 'a refused bid of theirs',
  alias: 'the alias of a bid on it',
  code: 'its id or link',
  name: 'words in it',
};

const FOUND_BY = new Set(Object.keys(FOUND_BY_TEXT));

/**
 * No member has the key: as their email or mobile number, or as their username, with the
 * usernames like it.
 */
export type NoMember = {
  readonly by: 'username' | 'email' | 'phone';
  readonly like: string[];
};

/**
 * A GET /api/support/ads answer: the ads found, whether Show more would find more, and when the
 * key could name a member no one is, how it was read (`noMember`).
 */
export type StaffLookup = {
  readonly ads: StaffFoundAd[];
  readonly more: boolean;
  readonly noMember: NoMember | null;
};

const NO_MEMBER_BY = new Set<unknown>(['username', 'email', 'phone'] satisfies NoMember['by'][]);

export const staffLookupOf = (data: unknown): StaffLookup => {
  const answer = data as { more?: unknown; noMember?: { by?: unknown; like?: unknown } | null };
  const like = answer?.noMember?.like;
  const by = answer?.noMember?.by;
  return {
    ads: staffFoundAdsOf(data),
    more: answer?.more === true,
    noMember: Array.isArray(like)
      ? {
          // An api before it said how: a username.
          by: NO_MEMBER_BY.has(by) ? (by as NoMember['by']) : 'username',
          like: like.filter((name): name is string => typeof name === 'string'),
        }
      : null,
  };
};

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
