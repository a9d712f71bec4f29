import type { Knex } from 'knex';
import { profileView, type PhoneShownBecause } from '@boli/engine/accounts/account.rules';
import { LIMITS } from '@boli/engine/shared/limits';
import { asciiDigits } from '@boli/engine/shared/digits';
import type { CastingFields, UserRow } from './users.evolve.ts';
import { preparedQuery } from '../runtime/preparedQuery.ts';
import { fromStored, userColumns, type StoredUser } from './users.table.ts';
import { containing, escapeLike } from '../runtime/likePattern.ts';
import { displayDate } from '@boli/engine/shared/indiaTime';
import { isTooShortToSearch } from '@boli/engine/accounts/userSearch';

/*
 * Reads of the users read model, and the shapes the api answers with (docs/api/accounts.md).
 * Readers query the logical view `users`; the projection runtime points it at the live build.
 */

export type { UserRow };

/** The logical view of the users read model (the projection runtime points it at the live build). */
export const USERS = 'users';

/** Members others can find and list: finished sign-up (phone checked) and not blocked. */
const listable = (query: Knex.QueryBuilder): Knex.QueryBuilder =>
  query.where({ is_blocked: false, mobile_validated: true });

async function findOne(
  db: Knex,
  where: (query: Knex.QueryBuilder) => Knex.QueryBuilder,
): Promise<UserRow | undefined> {
  const stored = await where(db(USERS).select(userColumns(db))).first();
  return stored === undefined ? undefined : fromStored(stored);
}

/** The statement of `findUserById`, built by knex once (its text does not depend on the id). */
let byIdSql: string | undefined;

/** By id: read on every member's action, so one prepared statement (planned once per connection). */
export async function findUserById(db: Knex, userId: string): Promise<UserRow | undefined> {
  byIdSql ??= db(USERS).select(userColumns(db)).where({ user_id: '' }).first().toSQL().sql;
  const [stored] = await preparedQuery<StoredUser>(db, byIdSql, [userId, 1]);
  return stored === undefined ? undefined : fromStored(stored);
}

/** Of `userIds`, those who hold any of `roles` now, each once: one read for them all. */
export async function usersHoldingAnyRole(
  db: Knex,
  userIds: readonly string[],
  roles: readonly string[],
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows: { user_id: string }[] = await db(USERS)
    .select('user_id')
    .whereIn('user_id', [...new Set(userIds)])
    .whereRaw('roles && ?::text[]', [[...roles]]);
  return rows.map((row) => row.user_id);
}

export const findUserByUsername = (db: Knex, username: string): Promise<UserRow | undefined> =>
  findOne(db, (query) => query.where({ username_lower: username.trim().toLowerCase() }));

/**
 * Sign-in: `usernameOrEmail` compared case-insensitively with both (a username cannot contain
 * '@', so one never matches another member's email). The row includes `password_hash`.
 */
export const findUserByLogin = (
  db: Knex,
  usernameOrEmail: string,
): Promise<UserRow | undefined> => {
  const login = usernameOrEmail.trim().toLowerCase();
  if (login === '') return Promise.resolve(undefined);
  return findOne(db, (query) =>
    query.where((q) => q.where({ username_lower: login }).orWhere({ email: login })),
  );
};

/** One hit of the member search: enough for the search box's list. */
export type UserSearchHit = {
  readonly _id: string;
  readonly username: string;
  readonly firstname: string;
  readonly lastname: string;
  readonly profilepic: string;
  /** Only in what moderators find (no one else finds blocked members): this member is blocked. */
  readonly blocked?: true;
};

export type SearchUsersOptions = {
  readonly key: string;
  /** The searcher, left out of the answer; undefined for a guest. */
  readonly viewerId?: string;
  /** Zero-based. */
  readonly page?: number;
  /** At most LIMITS.userSearch.limit. */
  readonly limit?: number;
  /**
   * The searcher moderates members (support, admins): blocked members are found too, and a key
   * that is a whole email address or mobile number finds its member (what a caller gives).
   */
  readonly includeBlocked?: boolean;
  readonly pictureUrl?: PictureUrl;
};

type HitFields = Pick<
  UserRow,
  'user_id' | 'username' | 'firstname' | 'lastname' | 'profilepic' | 'is_blocked'
>;

/** A found member as the search box lists them. */
const hitOf =
  (pictureUrl: PictureUrl = defaultPictureUrl) =>
  (row: HitFields): UserSearchHit => ({
    _id: row.user_id,
    username: row.username,
    firstname: row.firstname,
    lastname: row.lastname,
    profilepic: row.profilepic === null ? '' : pictureUrl(row.profilepic),
    ...(row.is_blocked ? { blocked: true as const } : {}),
  });

type HitRow = HitFields & {
  username_lower: string;
  term: string;
  list: number;
};

/**
 * Members who finished signing up, but the viewer (`?`); blocked ones too: what those who moderate
 * them (support, admins) find.
 */
const FINDABLE_BY_MODERATORS_SQL = 'mobile_validated AND user_id <> ?';
/** What everyone else finds: blocked members left out. */
const LISTABLE_SQL = `NOT is_blocked AND ${FINDABLE_BY_MODERATORS_SQL}`;

/** Members whose username, first or last name starts with the key: one ordered index range each. */
async function startingWith(
  db: Knex,
  prefix: string,
  viewerId: string,
  limit: number,
  findable: string,
) {
  const part = (term: string, list: number) =>
    `(SELECT user_id, username, firstname, lastname, profilepic, is_blocked, username_lower,
             ${term} AS term,
             ${list} AS list
        FROM ${USERS} WHERE ${findable} AND ${term} LIKE ?
       ORDER BY ${term}, username_lower LIMIT ?)`;
  const { rows } = await db.raw<{ rows: HitRow[] }>(
    [part('username_lower', 0), part('firstname_lower', 1), part('lastname_lower', 2)].join(
      ' UNION ALL ',
    ),
    [viewerId, prefix, limit, viewerId, prefix, limit, viewerId, prefix, limit],
  );
  // Every list shorter than asked: nothing else starts with the key.
  const complete = [0, 1, 2].every(
    (list) => rows.filter((row) => row.list === list).length < limit,
  );
  // A member found by two names ranks by the earlier one.
  const best = new Map<string, HitRow>();
  for (const row of rows) {
    const seen = best.get(row.user_id);
    if (seen === undefined || row.term < seen.term) best.set(row.user_id, row);
  }
  const byRank = (a: HitRow, b: HitRow) =>
    a.term < b.term ? -1 : a.term > b.term ? 1 : a.username_lower < b.username_lower ? -1 : 1;
  return { hits: [...best.values()].sort(byRank), complete };
}

/**
 * Section 5's user search: at least LIMITS.userSearch.minChars characters (shorter keys find
 * nobody), the viewer, blocked members (unless `includeBlocked`) and unfinished sign-ups excluded.
 * Members whose username,
 * first or last name starts with the key come first, by that name (so an exact username leads),
 * then members with the key inside a name (trigram index), by username.
 *
 * Each tier is read in index order and stopped at the page, so a common key ('ram' in 100,000
 * Indian names) costs no more than a rare one.
 */
export async function searchUsers(db: Knex, options: SearchUsersOptions): Promise<UserSearchHit[]> {
  const key = options.key.trim().toLowerCase();
  if (isTooShortToSearch(key)) return [];
  const contact = options.includeBlocked ? contactKeyOf(key) : undefined;
  if (contact) return byContact(db, contact, options);
  const limit = Math.min(
    Math.max(1, Math.trunc(options.limit ?? LIMITS.userSearch.limit)),
    LIMITS.userSearch.limit,
  );
  const page = Math.max(0, Math.trunc(options.page ?? LIMITS.userSearch.firstPage));
  const wanted = (page + 1) * limit;
  const viewerId = options.viewerId ?? '';
  const prefix = `${escapeLike(key)}%`;
  const findable = options.includeBlocked ? FINDABLE_BY_MODERATORS_SQL : LISTABLE_SQL;

  let fetch = wanted;
  let first = await startingWith(db, prefix, viewerId, fetch, findable);
  // Rare: members found twice left the page short while a list was cut; read further.
  while (first.hits.length < wanted && !first.complete) {
    fetch *= 4;
    first = await startingWith(db, prefix, viewerId, fetch, findable);
  }
  let hits: Omit<HitRow, 'term' | 'list'>[] = first.hits;
  if (hits.length < wanted) {
    const rest: Omit<HitRow, 'term' | 'list'>[] = await db(USERS)
      .select(
        'user_id',
        'username',
        'firstname',
        'lastname',
        'profilepic',
        'is_blocked',
        'username_lower',
      )
      .whereRaw(findable, [viewerId])
      .whereRaw('search_text LIKE ?', [containing(key)])
      .whereRaw('NOT (username_lower LIKE ? OR firstname_lower LIKE ? OR lastname_lower LIKE ?)', [
        prefix,
        prefix,
        prefix,
      ])
      // Sorted after the trigram lookup: walking the username index instead would pass over
      // every member until enough names contain the key.
      .orderByRaw("username_lower || ''")
      .limit(wanted - hits.length);
    hits = [...hits, ...rest];
  }
  return hits.slice(page * limit, wanted).map(hitOf(options.pictureUrl));
}

/**
 * A key that is a whole email address, or a mobile number (its last ten digits; +91, spaces, any
 * script's digits): what a caller gives, copied from a message with the punctuation around it.
 */
type ContactKey = { email: string } | { phone: string };

/** Punctuation a key copied from a sentence brings at its ends: not part of an address. */
const AROUND = /^[\s,;:.'"“”‘’<>]+|[\s,;:.'"“”‘’<>]+$/gu;

export function contactKeyOf(asked: string): ContactKey | undefined {
  const key = asked.replace(AROUND, '');
  if (/^[^\s@]+@[^\s@]+$/.test(key)) return { email: key };
  const digits = asciiDigits(key).replace(/[\s()+-]/g, '');
  if (/^\d+$/.test(digits) && digits.length >= LIMITS.phoneDigits) {
    return { phone: digits.slice(-LIMITS.phoneDigits) };
  }
  return undefined;
}

/**
 * The members a moderator's contact key names: the one with that email, or those with that
 * mobile number (checked by their owners, one number may be on two accounts). Blocked ones too.
 */
async function byContact(
  db: Knex,
  contact: ContactKey,
  options: SearchUsersOptions,
): Promise<UserSearchHit[]> {
  if ((options.page ?? 0) > 0) return [];
  const rows: HitFields[] = await db(USERS)
    .select('user_id', 'username', 'firstname', 'lastname', 'profilepic', 'is_blocked')
    .whereRaw(FINDABLE_BY_MODERATORS_SQL, [options.viewerId ?? ''])
    .where('email' in contact ? { email: contact.email } : { phone: contact.phone })
    .orderBy('username_lower')
    .limit(LIMITS.userSearch.limit);
  return rows.map(hitOf(options.pictureUrl));
}

export type MemberPage = {
  readonly users: UserSearchHit[];
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
  readonly totalPages: number;
};

/** Members, newest first, blocked ones left out; `page` zero-based, `pageSize` per page. */
export async function listMembers(
  db: Knex,
  options: { page: number; pageSize: number; viewerId?: string; pictureUrl?: PictureUrl },
): Promise<MemberPage> {
  const page = Math.max(0, Math.trunc(options.page));
  const base = () => {
    const query = listable(db(USERS));
    return options.viewerId === undefined ? query : query.whereNot({ user_id: options.viewerId });
  };
  const [counted] = await base().count<{ n: string }[]>({ n: '*' });
  const rows: Pick<UserRow, 'user_id' | 'username' | 'firstname' | 'lastname' | 'profilepic'>[] =
    await base()
      .select('user_id', 'username', 'firstname', 'lastname', 'profilepic')
      .orderBy([
        { column: 'registered_at', order: 'desc' },
        { column: 'user_id', order: 'asc' },
      ])
      .limit(options.pageSize)
      .offset(page * options.pageSize);
  const total = Number(counted?.n ?? 0);
  const pictureUrl = options.pictureUrl ?? defaultPictureUrl;
  return {
    users: rows.map((row) => ({
      _id: row.user_id,
      username: row.username,
      firstname: row.firstname,
      lastname: row.lastname,
      profilepic: row.profilepic === null ? '' : pictureUrl(row.profilepic),
    })),
    page,
    pageSize: options.pageSize,
    total,
    totalPages: Math.ceil(total / options.pageSize),
  };
}

// ---------------------------------------------------------------------------------------------
// Answer shapes

/** Turns a stored picture key into the URL the web shows (the media port's public path). */
export type PictureUrl = (key: string) => string;
export const defaultPictureUrl: PictureUrl = (key) => `/media/${encodeURIComponent(key)}`;

/** The spec's userType: the member's staff role when they have one. */
const userTypeOf = (roles: readonly string[]): string =>
  roles.find((role) => role !== 'member') ?? 'member';

export type UserDetail = CastingFields & {
  readonly _id: string;
  readonly username: string;
  readonly firstname: string;
  readonly lastname: string;
  readonly email: string;
  readonly phone: string;
  readonly phoneCode: string;
  readonly gender: string;
  /** DD-MM-YYYY. */
  readonly dob: string;
  readonly bnr: string;
  readonly bidAlias: string;
  readonly houseno: string;
  readonly street: string;
  readonly city: string;
  readonly neighbourHood: string;
  readonly district: string;
  readonly state: string;
  readonly country: string;
  readonly pincode: string;
  readonly profilepic: string;
  readonly education: string;
  readonly emailValidated: boolean;
  readonly mobileValidated: boolean;
  readonly showEmail: boolean;
  readonly showMobileNumber: boolean;
  readonly showAddress: boolean;
  readonly isBlocked: boolean;
  readonly userType: string;
  /** True once a buy-share bid fee purchase was fulfilled (users.evolve.ts `evolveShareFee`). */
  readonly hasPaidToBuyShare: boolean;
  readonly roles: readonly string[];
  readonly trialEndsAt: string | null;
};

/** The contract's `userDetail`: everything the owner may see of their account, never the hash. */
export function toUserDetail(
  row: UserRow,
  { pictureUrl = defaultPictureUrl }: { pictureUrl?: PictureUrl } = {},
): UserDetail {
  return {
    ...row.casting,
    _id: row.user_id,
    username: row.username,
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    phone: row.phone,
    phoneCode: row.phone_code,
    gender: row.gender,
    dob: displayDate(row.dob),
    bnr: row.bnr,
    bidAlias: row.bid_alias,
    houseno: row.houseno,
    street: row.street,
    city: row.city,
    neighbourHood: row.neighbourhood,
    district: row.district,
    state: row.state,
    country: row.country,
    pincode: row.pincode,
    profilepic: row.profilepic === null ? '' : pictureUrl(row.profilepic),
    education: row.education,
    emailValidated: row.email_validated,
    mobileValidated: row.mobile_validated,
    showEmail: row.show_email,
    showMobileNumber: row.show_mobile_number,
    showAddress: row.show_address,
    isBlocked: row.is_blocked,
    userType: userTypeOf(row.roles),
    hasPaidToBuyShare: row.has_paid_to_buy_share,
    roles: [...row.roles],
    trialEndsAt: row.trial_ends_at,
  };
}

/** Never shown to anyone but the owner: the bid alias would unmask bids, the rest is the account's. */
const OWNER_ONLY = [
  'dob',
  'bidAlias',
  'isBlocked',
  'roles',
  'trialEndsAt',
  'hasPaidToBuyShare',
] as const;

export type PublicProfile = Partial<UserDetail> & {
  readonly _id: string;
  readonly username: string;
  /** True when `phone` shows only its first 3 digits. */
  readonly phoneMasked: boolean;
};

/**
 * A member's profile as `viewerId` may see it (section 6): the owner sees their whole detail;
 * anyone else sees email only if showEmail, the address only if showAddress, and the phone
 * masked after 3 digits unless showMobileNumber or their mobile-number request was approved.
 */
export function toPublicProfile(
  row: UserRow,
  viewerId: string | null | undefined,
  options: PhoneShownBecause & { pictureUrl?: PictureUrl },
): PublicProfile {
  const { pictureUrl, ...phoneShownBecause } = options;
  const detail = toUserDetail(row, pictureUrl ? { pictureUrl } : {});
  const view = profileView(
    { ...detail, userId: detail._id },
    viewerId ? { userId: viewerId } : null,
    phoneShownBecause,
  );
  const { userId: _userId, ...profile } = view;
  if (viewerId === row.user_id) return profile;
  const shown: Record<string, unknown> = { ...profile };
  for (const field of OWNER_ONLY) delete shown[field];
  return shown as PublicProfile;
}
