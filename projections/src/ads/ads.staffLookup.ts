import type { Knex } from 'knex';
import { couldBeUsername } from '@boli/engine/accounts/account.rules';
import { LIMITS } from '@boli/engine/shared/limits';
import { escapeLike } from '../runtime/likePattern.ts';
import { contactKeyOf, USERS } from '../users/users.queries.ts';
import type { AdRow } from './ads.evolve.ts';
import { findAd, newestFirst, searchAds } from './ads.queries.ts';
import { AD_COLUMNS, fromStored, type StoredAd } from './ads.table.ts';

/*
 * The staff's Ad history lookup (/support/ads): a dispute arrives as an ad's id or link, a
 * member's username, email or mobile number (a caller's), the code at the end of an ad's link, or
 * words in it (its name, place, description). By id, owner or code, blocked members' ads are
 * found too: staff look into what was blocked (the words' search is the members' one, which
 * leaves them out).
 */

/**
 * How an ad was found: the key is its whole id or link's uid (the screen opens its history), its
 * owner's username, the username of a member who bid on it, ordered a bid processing fee for a
 * bid on it (a bid the fee was refunded for is on no list of bids) or had a bid on it refused,
 * the bid alias of a bid on it (what its bid lists showed the complainant), its id's or link's
 * code, or words in it (the members' search).
 */
export type FoundBy = 'id' | 'owner' | 'bidder' | 'fee' | 'refused' | 'alias' | 'code' | 'name';
export type StaffFoundAd = {
  readonly ad: AdRow;
  readonly foundBy: FoundBy;
  /** Its owner is blocked: members cannot see it till the block is lifted. */
  readonly withdrawn: boolean;
  /** Bids placed on it, before and after a final call. */
  readonly bids: number;
};

const ADS = 'ads';
const BIDS = 'bids';
const AD_BIDDING = 'ad_bidding';
const PURCHASES = 'purchases';
const BID_REFUSALS = 'bid_refusals';

/** An ad id's start or a link's random tail (hex): at least this many characters of it. */
const CODE_MIN_LENGTH = 6;

/**
 * Of the ways a key found one ad, the one its line names: the winner's refused late bid does not
 * make them found "by a refused bid", nor a bid under an alias that is also their username.
 */
const TOLD_FIRST = ['owner', 'bidder', 'fee', 'refused', 'alias'] as const;

/**
 * An ad a member's username (or a bid alias) found, how, and when it was last acted on so (posted,
 * bid on, a bid fee ordered, a bid refused, a bid under the alias).
 */
type Touched = {
  readonly ad: AdRow;
  readonly foundBy: (typeof TOLD_FIRST)[number];
  readonly at: number;
};

const instantMs = (value: Date | string): number =>
  value instanceof Date ? value.getTime() : Date.parse(value);

/**
 * The ids of the members `key` names, as a subquery: the one whose username (any case) it is, or,
 * a whole email address or mobile number (`contactKeyOf`), those with that email or mobile (one
 * number may be on two accounts).
 */
function memberIdOf(db: Knex, key: string) {
  const members = db(USERS).select('user_id');
  const contact = contactKeyOf(key.toLowerCase());
  if (contact === undefined) return members.where('username_lower', key.toLowerCase());
  return members.where('email' in contact ? { email: contact.email } : { phone: contact.phone });
}

/**
 * The ads `lastActs` names (rows of `ad_id` and `last_at`: when the member last acted on each),
 * the one acted on last first, found `foundBy`.
 */
async function adsActedOn(
  db: Knex,
  lastActs: Knex.QueryBuilder,
  foundBy: Touched['foundBy'],
  limit: number,
): Promise<Touched[]> {
  const rows = (await db(`${ADS} as a`)
    .join(lastActs.as('t'), 't.ad_id', 'a.ad_id')
    .select(...AD_COLUMNS.map((column) => `a.${column}`), 't.last_at')
    .orderBy([
      { column: 't.last_at', order: 'desc' },
      { column: 'a.ad_id', order: 'desc' },
    ])
    .limit(limit)) as (StoredAd & { last_at: Date | string })[];
  return rows.map(({ last_at, ...row }) => ({
    ad: fromStored(row),
    foundBy,
    at: instantMs(last_at),
  }));
}

/** A member's ads, newest first, named by `member` (`memberIdOf`): touched when posted. */
async function byOwner(db: Knex, member: string, limit: number): Promise<Touched[]> {
  const owner = memberIdOf(db, member);
  const rows = (await newestFirst(db(ADS).select(AD_COLUMNS).whereIn('posted_by', owner)).limit(
    limit,
  )) as StoredAd[];
  return rows.map((row) => ({
    ad: fromStored(row),
    foundBy: 'owner',
    at: instantMs(row.created_at),
  }));
}

/**
 * For each ad, the latest `at` of the rows in `table` of the member `member` names (`memberIdOf`),
 * a read model of bids by `bidder_id` and `ad_id`: what `adsActedOn` reads.
 */
const lastByBidder = (db: Knex, table: string, at: string, member: string) =>
  db(table)
    .select('ad_id')
    .max({ last_at: at })
    .whereIn('bidder_id', memberIdOf(db, member))
    .groupBy('ad_id');

/**
 * The ads a member bid on (`member` names them: `memberIdOf`), those they bid on last first: a
 * dispute is as often a bidder's ("I bid and lost") as an owner's.
 */
async function byBidder(db: Knex, member: string, limit: number): Promise<Touched[]> {
  return adsActedOn(db, lastByBidder(db, BIDS, 'placed_at', member), 'bidder', limit);
}

/**
 * The ads a member ordered a bid processing fee for a bid on (`member` names them: `memberIdOf`),
 * the last ordered first: a fee paid for a bid the ad then refused (bidding closed meanwhile) was
 * refunded, and that bid is on no list of the ad's bids, yet it is the dispute.
 */
async function byFeePayer(db: Knex, member: string, limit: number): Promise<Touched[]> {
  const lastFees = db(PURCHASES)
    .select(db.raw("subject->>'adId' AS ad_id"))
    .max({ last_at: 'created_at' })
    .whereIn('user_id', memberIdOf(db, member))
    .where('kind', 'bidFee')
    .groupByRaw("subject->>'adId'");
  return adsActedOn(db, lastFees, 'fee', limit);
}

/**
 * The ads that refused a bid of a member's (`member` names them: `memberIdOf`), the last refused
 * first: a bid refused (bidding closed, no subscription, an alias too like the username…) is on no
 * list of the ad's bids, yet "my bid was not taken" is the dispute.
 */
async function byRefusedBidder(db: Knex, member: string, limit: number): Promise<Touched[]> {
  const lastRefusals = lastByBidder(db, BID_REFUSALS, 'attempted_at', member);
  return adsActedOn(db, lastRefusals, 'refused', limit);
}

/**
 * The ads whose bids used `alias` (any case), those last bid on under it first: a complaint quotes
 * the alias its bid lists showed ("the one called 🦊Lomdi outbid me"), not a username. A scan of
 * the bids, as rare as a dispute: an index would slow every bid placed.
 */
async function byAlias(db: Knex, alias: string, limit: number): Promise<Touched[]> {
  const lastUses = db(BIDS)
    .select('ad_id')
    .max({ last_at: 'placed_at' })
    .whereRaw('lower(bid_alias) = ?', [alias.toLowerCase()])
    .groupBy('ad_id');
  return adsActedOn(db, lastUses, 'alias', limit);
}

/**
 * A member's own ads, those they bid on (never both: no one bids on their own ad), those they
 * ordered a bid fee on, those that refused a bid of theirs and those bid on under the key as an
 * alias, as one list, what was last done on first: "the newest" the screen names, whichever side
 * the dispute is on. An ad found several ways is listed once, by its latest act, and named by
 * the way first in `TOLD_FIRST`.
 */
function lastTouchedFirst(...found: Touched[][]): Touched[] {
  const told = (way: Touched['foundBy']) => TOLD_FIRST.indexOf(way);
  const byAd = new Map<string, Touched>();
  for (const touched of found.flat()) {
    const seen = byAd.get(touched.ad.ad_id);
    byAd.set(
      touched.ad.ad_id,
      seen === undefined
        ? touched
        : {
            ad: seen.ad,
            at: Math.max(seen.at, touched.at),
            foundBy: told(seen.foundBy) <= told(touched.foundBy) ? seen.foundBy : touched.foundBy,
          },
    );
  }
  return [...byAd.values()].sort((a, b) => b.at - a.at);
}

/** Ads whose id starts with the code, or whose link ends with it (…-82981bcf4a, or …bcf4a). */
async function byCode(db: Knex, code: string, limit: number): Promise<AdRow[]> {
  if (!new RegExp(`^[0-9a-f-]{${CODE_MIN_LENGTH},}$`).test(code)) return [];
  const rows = (await newestFirst(
    db(ADS)
      .select(AD_COLUMNS)
      .where('ad_id', 'like', `${escapeLike(code)}%`)
      .orWhere('uid', 'like', `%${escapeLike(code)}`),
  ).limit(limit)) as StoredAd[];
  return rows.map(fromStored);
}

/**
 * The ads a key found, up to the pages asked for, and whether it found more; and when the key
 * could name a member no one is (`NoMember`), say so.
 */
export type StaffLookup = {
  readonly ads: StaffFoundAd[];
  readonly more: boolean;
  readonly noMember: NoMember | null;
};

/**
 * No member has the key: as their email or mobile number (a contact key), or as their username,
 * with the usernames most like it (a misspelt username's ads found by their names are not that
 * member's).
 */
export type NoMember = {
  readonly by: 'username' | 'email' | 'phone';
  readonly like: string[];
};

/**
 * When no member is named by `key` (`memberIdOf`): how it was read, with the usernames most like
 * a username (trigrams, blocked members' too); else null. Read only for a key no ad's owner or
 * bidder matched.
 */
async function noMemberNamed(db: Knex, key: string): Promise<NoMember | null> {
  if ((await memberIdOf(db, key).first()) !== undefined) return null;
  const contact = contactKeyOf(key.toLowerCase());
  if (contact !== undefined) return { by: 'email' in contact ? 'email' : 'phone', like: [] };
  const lower = key.toLowerCase();
  const like: { username: string }[] = await db(USERS)
    .select('username')
    .whereRaw('username_lower % ?', [lower])
    .orderByRaw('similarity(username_lower, ?) DESC, username_lower', [lower])
    .limit(LIMITS.staffLookupUsernamesLike);
  return { by: 'username', like: like.map((row) => row.username) };
}

/** Whether a key no ad's id or code is could name a member: a username, an email or a mobile. */
const couldNameMember = (key: string): boolean =>
  couldBeUsername(key) || contactKeyOf(key.toLowerCase()) !== undefined;

/**
 * The ads a staff member's key names, `pages` pages of them (LIMITS.adPageSize each; Show more asks
 * for one more), and whether there are more: the one whose whole id or uid it is first (ids and
 * uids have more than one shape — a UUID, a link's `name-slug-<hex>`, seeded ones — so only the ads
 * can tell one from a hyphenated word of a name, Harley-Davidson), then a member's (the key is
 * their username, email or mobile number) and those they bid on, ordered a bid fee on or had a bid
 * refused on, and those bid on under the key as an alias, what was last done on first, then those
 * whose id or link's code it is, then those whose name holds its words; each once, with how it was
 * found. A key that is a member's username is not searched in names too: the search forgives
 * misspellings, so 'kavya_nair' listed others' "Pair of lovebirds".
 */
export async function adsForStaff(db: Knex, key: string, pages = 1): Promise<StaffLookup> {
  const text = key.trim();
  if (text === '') return { ads: [], more: false, noMember: null };
  const limit = Math.min(Math.max(1, pages), LIMITS.staffLookupPagesMax) * LIMITS.adPageSize;
  // One more than shown from each: whether there are more is known without counting.
  const [named, owners, bidders, payers, refused, aliases, codes] = await Promise.all([
    findAd(db, text, { blockedOwners: true }),
    byOwner(db, text, limit + 1),
    byBidder(db, text, limit + 1),
    byFeePayer(db, text, limit + 1),
    byRefusedBidder(db, text, limit + 1),
    byAlias(db, text, limit + 1),
    byCode(db, text.toLowerCase(), limit + 1),
  ]);
  const acted = [owners, bidders, payers, refused, aliases];
  const anyMembers = acted.some((ads) => ads.length > 0);
  const [names, noMember] = anyMembers
    ? [[], null]
    : await Promise.all([
        searchAds(db, text, { page: 1, offset: 0, limit: limit + 1 }),
        named !== undefined || codes.length > 0 || !couldNameMember(text)
          ? null
          : noMemberNamed(db, text),
      ]);
  const found = new Map<string, { ad: AdRow; foundBy: FoundBy }>();
  const add = (ads: AdRow[], foundBy: FoundBy) => {
    for (const ad of ads) if (!found.has(ad.ad_id)) found.set(ad.ad_id, { ad, foundBy });
  };
  add(named === undefined ? [] : [named], 'id');
  for (const { ad, foundBy } of lastTouchedFirst(...acted)) add([ad], foundBy);
  add(codes, 'code');
  add(names, 'name');
  const all = [...found.values()];
  const shown = all.slice(0, limit);
  const standing = await standingOf(
    db,
    shown.map(({ ad }) => ad.ad_id),
  );
  return {
    ads: shown.map((each) => ({
      ...each,
      ...(standing.get(each.ad.ad_id) ?? { withdrawn: false, bids: 0 }),
    })),
    more: all.length > limit,
    noMember,
  };
}

/**
 * What a dispute asks of each ad listed before its history is opened: whether it is withdrawn
 * (its owner blocked) and how many bids it has. One read for all of them.
 */
async function standingOf(
  db: Knex,
  adIds: readonly string[],
): Promise<Map<string, { withdrawn: boolean; bids: number }>> {
  if (adIds.length === 0) return new Map();
  const rows: { ad_id: string; owner_blocked: boolean; bids: string | number | null }[] = await db(
    `${ADS} as a`,
  )
    .leftJoin(`${AD_BIDDING} as b`, 'b.ad_id', 'a.ad_id')
    .select('a.ad_id', 'a.owner_blocked', db.raw('b.before_count + b.after_count AS bids'))
    .whereIn('a.ad_id', [...adIds]);
  return new Map(
    rows.map((row) => [row.ad_id, { withdrawn: row.owner_blocked, bids: Number(row.bids ?? 0) }]),
  );
}
