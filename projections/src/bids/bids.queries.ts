import type { Knex } from 'knex';
import {
  BID_PHASES,
  type BidPhase,
  type BidType,
  type CloseReason,
} from '@boli/engine/ads/ad.events';
import {
  formatPosition,
  laterPosition,
  START,
  type GlobalPosition,
} from '@boli/engine/eventStore/eventStore';
import { BID_TYPES, bidPageSizeFor, bidPagesOf, LIMITS } from '@boli/engine/shared/limits';
import { BUILDS } from '../runtime/builds.ts';
import { preparedQuery } from '../runtime/preparedQuery.ts';
import {
  assembleSummary,
  biddingStateAt,
  publicStoredBid,
  type AdBidding,
  type StoredBid,
} from './bids.summary.ts';
import {
  defaultPictureUrl,
  toBidView,
  toSummaryView,
  type BidSummaryView,
  type BidView,
  type PictureUrl,
} from './bids.views.ts';

/*
 * Reads of the `bids` read model (logical views `bids` and `ad_bidding`), each in a handful of
 * index lookups whatever the number of bids on the ad. Bidder avatars and phones come from the
 * `users` read model at read time. Pages are zero-based, LIMITS.bidPageSize bids each, newest
 * first (log order).
 */

export type { AdBidding, BidSummaryView, BidView, PictureUrl, StoredBid };

const BIDS = 'bids';
const AD_BIDDING = 'ad_bidding';
const PROJECTION = 'bids';

/** Who is asking: a member's user id, or nobody (a guest). */
export type Viewer = { readonly userId?: string | undefined };

type AdRow = {
  ad_id: string;
  owner_id: string;
  final_call_made: boolean;
  deadline: Date | null;
  closed_at: Date | null;
  close_reason: CloseReason | null;
  before_count: number;
  after_count: number;
  no_of_buyers: number;
};

type BidRow = {
  bid_id: string;
  ad_id: string;
  bidder_id: string;
  username: string;
  bid_alias: string;
  amount: string | number;
  type: BidType;
  phase: BidPhase;
  placed_at: Date;
  position_commit: string;
  position_prepare: string;
  profilepic: string | null;
  phone: string | null;
};

const iso = (value: Date | null): string | null =>
  value === null ? null : new Date(value).toISOString();

const toAdBidding = (row: AdRow): AdBidding => ({
  adId: row.ad_id,
  ownerId: row.owner_id,
  finalCallMade: row.final_call_made,
  deadline: iso(row.deadline),
  closedAt: iso(row.closed_at),
  closeReason: row.close_reason,
});

const toStoredBid = (row: BidRow): StoredBid => ({
  bidId: row.bid_id,
  adId: row.ad_id,
  bidderId: row.bidder_id,
  username: row.username,
  bidAlias: row.bid_alias,
  amount: Number(row.amount),
  type: row.type,
  phase: row.phase,
  placedAt: new Date(row.placed_at).toISOString(),
  profilepic: row.profilepic,
  phone: row.phone,
  position: `${row.position_commit}.${row.position_prepare}`,
});

const BID_COLUMNS = `b.bid_id, b.ad_id, b.bidder_id, b.username, b.bid_alias, b.amount, b.type,
  b.phase, b.placed_at, b.position_commit::text AS position_commit,
  b.position_prepare::text AS position_prepare, u.profilepic, u.phone`;
const FROM_BIDS = `FROM ${BIDS} b LEFT JOIN users u ON u.user_id = b.bidder_id`;
const NEWEST_FIRST = 'ORDER BY b.position_commit DESC, b.position_prepare DESC';
const HIGHEST_FIRST =
  'ORDER BY b.amount DESC, b.placed_at, b.position_commit, b.position_prepare LIMIT 1';

const byLogOrder = (a: StoredBid, b: StoredBid): number => {
  const [ac, ap] = a.position.split('.').map(BigInt) as [bigint, bigint];
  const [bc, bp] = b.position.split('.').map(BigInt) as [bigint, bigint];
  return ac !== bc ? (ac < bc ? -1 : 1) : ap === bp ? 0 : ap < bp ? -1 : 1;
};

async function rows(db: Knex | Knex.Transaction, sql: string, bindings: unknown[]) {
  const { rows: found } = await db.raw<{ rows: BidRow[] }>(sql, bindings as Knex.RawBinding[]);
  return found.map(toStoredBid);
}

/** A position as a query reads it (text: bigints). */
type PositionRow = { commit: string; prepare: string };

const toPosition = (row: PositionRow): GlobalPosition => ({
  commit: BigInt(row.commit),
  prepare: BigInt(row.prepare),
});

/** The checkpoint of the live build of `bids`, or undefined before it has one. */
export async function bidsCheckpoint(
  db: Knex | Knex.Transaction,
): Promise<GlobalPosition | undefined> {
  const row = await db(BUILDS)
    .where({ name: PROJECTION, status: 'live' })
    .first<PositionRow | undefined>(
      db.raw('checkpoint_commit::text AS commit'),
      db.raw('checkpoint_prepare::text AS prepare'),
    );
  return row === undefined ? undefined : toPosition(row);
}

async function findAdRow(db: Knex | Knex.Transaction, adId: string): Promise<AdRow | undefined> {
  return db<AdRow>(AD_BIDDING).where({ ad_id: adId }).first();
}

export async function findAdBidding(db: Knex, adId: string): Promise<AdBidding | undefined> {
  const row = await findAdRow(db, adId);
  return row === undefined ? undefined : toAdBidding(row);
}

/**
 * The columns of a highest-bid candidate: only amount, bidder and alias reach the summary, so the
 * bidder's avatar and phone are not joined (seven joins cost more to plan than to run).
 */
const CANDIDATE_COLUMNS = `b.bid_id, b.ad_id, b.bidder_id, b.username, b.bid_alias, b.amount, b.type,
  b.phase, b.placed_at, b.position_commit::text AS position_commit,
  b.position_prepare::text AS position_prepare, NULL AS profilepic, NULL AS phone`;

/** Every (phase, type) a bid can be: each has its own highest bid. */
const BID_KINDS = BID_PHASES.flatMap((phase) => BID_TYPES.map((type) => ({ phase, type })));

/**
 * The highest bid of one (phase, type) of an ad — `columns` of `bids b`, one index lookup
 * (`highest_idx`) — where `adId` is the ad's SQL: '?' or an outer query's column.
 */
const highestOfKindSql = (
  columns: string,
  adId: string,
  { phase, type }: { phase: BidPhase; type: BidType },
): string =>
  `(SELECT ${columns} FROM ${BIDS} b
     WHERE b.ad_id = ${adId} AND b.phase = '${phase}' AND b.type = '${type}' ${HIGHEST_FIRST})`;

/**
 * Each (phase, type)'s highest bid (kind 'top'), plus the viewer's own highest Hidden bid of each
 * phase (kind 'own').
 */
function candidatesSql(adId: string, viewerId: string | undefined) {
  const parts: string[] = [];
  const bindings: unknown[] = [];
  for (const kind of BID_KINDS) {
    parts.push(highestOfKindSql(`${CANDIDATE_COLUMNS}, 'top' AS kind`, '?', kind));
    bindings.push(adId);
  }
  for (const phase of viewerId === undefined ? [] : BID_PHASES) {
    parts.push(
      `(SELECT ${CANDIDATE_COLUMNS}, 'own' AS kind FROM ${BIDS} b
         WHERE b.ad_id = ? AND b.bidder_id = ? AND b.phase = ? AND b.type = 'Hidden'
         ${HIGHEST_FIRST})`,
    );
    bindings.push(adId, viewerId, phase);
  }
  return { sql: parts.join(' UNION ALL '), bindings };
}

/** LIMIT and OFFSET of zero-based `page` of `size` bids. */
const pageBounds = (page: number, size: number) => [size, Math.max(0, Math.trunc(page)) * size];

const pageSql = (
  adId: string,
  phase: BidPhase,
  page: number,
  size: number = LIMITS.bidPageSize,
) => ({
  sql: `SELECT ${BID_COLUMNS} ${FROM_BIDS} WHERE b.ad_id = ? AND b.phase = ? ${NEWEST_FIRST}
    LIMIT ? OFFSET ?`,
  bindings: [adId, phase, ...pageBounds(page, size)],
});

/** A bid row as `json_agg` gives it (timestamps as text; the order is restored by position). */
type JsonBidRow = Omit<BidRow, 'placed_at'> & { placed_at: string; kind?: 'top' | 'own' };

type SummaryRow = {
  checkpoint: PositionRow | null;
  newest_bid: PositionRow | null;
  ad: AdRow | null;
  mine: { phase: BidPhase; count: number }[] | null;
  mine_alias: string | null;
  candidates: JsonBidRow[] | null;
  before_page: JsonBidRow[] | null;
  after_page: JsonBidRow[] | null;
};

const storedBidsOf = (found: JsonBidRow[] | null): StoredBid[] =>
  (found ?? []).map((row) => toStoredBid({ ...row, placed_at: new Date(row.placed_at) }));
const newestFirst = (bids: StoredBid[]): StoredBid[] => bids.sort((a, b) => byLogOrder(b, a));

/**
 * The two positions `reflectedPosition` takes the later of, as columns `checkpoint` and
 * `newest_bid` (bindings: `positionBindings`).
 */
const POSITION_COLUMNS = `
  (SELECT json_build_object('commit', checkpoint_commit::text, 'prepare', checkpoint_prepare::text)
     FROM ${BUILDS} WHERE name = ? AND status = 'live') AS checkpoint,
  (SELECT json_build_object('commit', b.position_commit::text, 'prepare', b.position_prepare::text)
     FROM ${BIDS} b WHERE b.ad_id = ? ${NEWEST_FIRST} LIMIT 1) AS newest_bid`;
const positionBindings = (adId: string) => [PROJECTION, adId];
type PositionColumns = Pick<SummaryRow, 'checkpoint' | 'newest_bid'>;
type PageRow = { ad: AdRow | null; page: JsonBidRow[] | null };

/** The rows of `sql` as one JSON column (`JsonBidRow`s), read in the statement around it. */
const listOf = (sql: string) => `(SELECT json_agg(x) FROM (${sql}) x)`;

/**
 * Everything a summary reads, as one statement (one snapshot, one round trip): the checkpoint,
 * the position of the ad's newest bid, the ad's row, the viewer's counts, the highest-bid
 * candidates and both pages. Whether the viewer owns the ad is only known from its row, so their
 * own Hidden candidates are read in any case (two index lookups) and dropped for the owner.
 */
async function summaryRow(
  db: Knex,
  options: { adId: string; userId: string | undefined; pages: Required<BidPages>; size: number },
): Promise<SummaryRow> {
  const { adId, userId, pages, size } = options;
  const candidates = candidatesSql(adId, userId);
  const before = pageSql(adId, 'beforeFinalCall', pages.beforeFinalCall, size);
  const after = pageSql(adId, 'afterFinalCall', pages.afterFinalCall, size);
  // Prepared: planning this statement costs more than running it.
  const found = await preparedQuery<SummaryRow>(
    db,
    `SELECT
       ${POSITION_COLUMNS},
       (SELECT row_to_json(a) FROM ${AD_BIDDING} a WHERE a.ad_id = ?) AS ad,
       ${listOf(`SELECT phase, count(*) AS count FROM ${BIDS} WHERE ad_id = ? AND bidder_id = ? GROUP BY phase`)} AS mine,
       (SELECT b.bid_alias FROM ${BIDS} b WHERE b.ad_id = ? AND b.bidder_id = ?
          ORDER BY b.position_commit, b.position_prepare LIMIT 1) AS mine_alias,
       ${listOf(candidates.sql)} AS candidates,
       ${listOf(before.sql)} AS before_page,
       ${listOf(after.sql)} AS after_page`,
    [
      ...positionBindings(adId),
      adId,
      adId,
      userId ?? null,
      adId,
      userId ?? null,
      ...candidates.bindings,
      ...before.bindings,
      ...after.bindings,
    ],
  );
  return found[0]!;
}

/**
 * The position a summary reflects, so a reconnecting client asks for the bids after it: the
 * checkpoint, or the ad's newest bid when that is later (a bid written with its append, ahead of
 * the projection: `bids.inline.ts`, where an ad's bids become visible in the order of their
 * positions).
 */
function reflectedPosition(found: PositionColumns): GlobalPosition {
  const checkpoint = found.checkpoint === null ? START : toPosition(found.checkpoint);
  return laterPosition(
    checkpoint,
    found.newest_bid === null ? undefined : toPosition(found.newest_bid),
  );
}

type BidPages = { readonly beforeFinalCall?: number; readonly afterFinalCall?: number };

/** Reads in one snapshot, so counts, lists and the position agree with each other. */
const snapshot = <T>(db: Knex, work: (trx: Knex.Transaction) => Promise<T>): Promise<T> =>
  db.transaction(work, { isolationLevel: 'repeatable read', readOnly: true });

export type SummaryOptions = {
  readonly adId: string;
  readonly viewer: Viewer;
  /** Zero-based page of each list (default 0). */
  readonly pages?: BidPages;
  /** Bids a page of each list holds (`bidPageSizeFor`): at most LIMITS.bidPageSize. */
  readonly limit?: number | undefined;
  /** The instant bidding state is judged at (a passed deadline closes bidding). */
  readonly now: Date;
  readonly pictureUrl?: PictureUrl;
};

/** Section 3's Bid summary of one ad for one viewer; undefined when the ad is unknown. */
export async function bidSummaryView(
  db: Knex,
  options: SummaryOptions,
): Promise<BidSummaryView | undefined> {
  const { adId, viewer } = options;
  const size = bidPageSizeFor(options.limit);
  const found = await summaryRow(db, {
    adId,
    userId: viewer.userId,
    pages: {
      beforeFinalCall: options.pages?.beforeFinalCall ?? 0,
      afterFinalCall: options.pages?.afterFinalCall ?? 0,
    },
    size,
  });
  const ad = found.ad;
  if (ad === null) return undefined;
  const isOwner = viewer.userId !== undefined && viewer.userId === ad.owner_id;
  const of = (phase: BidPhase) => Number(found.mine?.find((c) => c.phase === phase)?.count ?? 0);
  const candidates = storedBidsOf(
    (found.candidates ?? []).filter((row) => !isOwner || row.kind !== 'own'),
  );
  const summary = assembleSummary(
    {
      beforeCount: ad.before_count,
      afterCount: ad.after_count,
      noOfBuyers: ad.no_of_buyers,
      mineBefore: of('beforeFinalCall'),
      mineAfter: of('afterFinalCall'),
      mineAlias: found.mine_alias,
      candidates: candidates.sort(byLogOrder),
      beforePage: newestFirst(storedBidsOf(found.before_page)),
      afterPage: newestFirst(storedBidsOf(found.after_page)),
      pageSize: size,
    },
    { ...(viewer.userId !== undefined ? { userId: viewer.userId } : {}), isOwner },
  );
  return toSummaryView(
    {
      adId,
      summary,
      state: biddingStateAt(toAdBidding(ad), options.now),
      isOwner,
      position: formatPosition(reflectedPosition(found)),
    },
    options.pictureUrl,
  );
}

/** A page of a member's own bids (`userBidPage`), on one ad or on many. */
export type UserBidPage = { bids: BidView[]; page: number; pageCount: number };
/** A page of one ad's bids, with the position it reflects (as a summary's: `reflectedPosition`). */
export type BidPage = UserBidPage & { position: string };

const bidViewer = (viewer: Viewer, ownerId: string) => ({
  ...(viewer.userId !== undefined ? { userId: viewer.userId } : {}),
  isOwner: viewer.userId !== undefined && viewer.userId === ownerId,
});

/**
 * One page (zero-based, of `limit` bids: `bidPageSizeFor`) of an ad's bids before or after the
 * final call, as `viewer` sees them.
 */
export async function bidPage(
  db: Knex,
  options: {
    adId: string;
    viewer: Viewer;
    phase: BidPhase;
    page: number;
    limit?: number | undefined;
    pictureUrl?: PictureUrl;
  },
): Promise<BidPage | undefined> {
  const size = bidPageSizeFor(options.limit);
  const { adId, phase, page } = options;
  const list = pageSql(adId, phase, page, size);
  // One statement, so one snapshot: the count, the page and the position agree.
  const { rows: found } = await db.raw<{ rows: (PositionColumns & PageRow)[] }>(
    `SELECT ${POSITION_COLUMNS},
       (SELECT row_to_json(a) FROM ${AD_BIDDING} a WHERE a.ad_id = ?) AS ad,
       ${listOf(list.sql)} AS page`,
    [...positionBindings(adId), adId, ...list.bindings],
  );
  const ad = found[0]!.ad;
  if (ad === null) return undefined;
  const count = phase === 'afterFinalCall' ? ad.after_count : ad.before_count;
  const viewer = bidViewer(options.viewer, ad.owner_id);
  return {
    bids: newestFirst(storedBidsOf(found[0]!.page)).map((bid) =>
      toBidView(publicStoredBid(bid, viewer), options.pictureUrl),
    ),
    page,
    pageCount: bidPagesOf(count, size),
    position: formatPosition(reflectedPosition(found[0]!)),
  };
}

/**
 * A member's own bids (newest first, pages of `limit`: `bidPageSizeFor`), on one ad or on every
 * ad, optionally of one phase.
 */
export async function userBidPage(
  db: Knex,
  options: {
    bidderId: string;
    adId?: string | undefined;
    phase?: BidPhase | undefined;
    page: number;
    limit?: number | undefined;
    pictureUrl?: PictureUrl;
  },
): Promise<UserBidPage> {
  const size = bidPageSizeFor(options.limit);
  const where = ['b.bidder_id = ?'];
  const bindings: unknown[] = [options.bidderId];
  if (options.adId !== undefined) {
    where.push('b.ad_id = ?');
    bindings.push(options.adId);
  }
  if (options.phase !== undefined) {
    where.push('b.phase = ?');
    bindings.push(options.phase);
  }
  return snapshot(db, async (trx) => {
    const counted = await trx.raw<{ rows: { count: string }[] }>(
      `SELECT count(*) AS count FROM ${BIDS} b WHERE ${where.join(' AND ')}`,
      bindings as Knex.RawBinding[],
    );
    const found = await rows(
      trx,
      `SELECT ${BID_COLUMNS} ${FROM_BIDS} WHERE ${where.join(' AND ')} ${NEWEST_FIRST}
        LIMIT ? OFFSET ?`,
      [...bindings, ...pageBounds(options.page, size)],
    );
    const viewer = { userId: options.bidderId, isOwner: false };
    return {
      bids: found.map((bid) => toBidView(publicStoredBid(bid, viewer), options.pictureUrl)),
      page: options.page,
      pageCount: bidPagesOf(Number(counted.rows[0]?.count ?? 0), size),
    };
  });
}

/** One bid as stored, for a live message. */
export async function findBid(db: Knex, bidId: string): Promise<StoredBid | undefined> {
  const [found] = await rows(db, `SELECT ${BID_COLUMNS} ${FROM_BIDS} WHERE b.bid_id = ?`, [bidId]);
  return found;
}

/** The bids placed on an ad after `since` (oldest first, at most `limit`: the newest ones). */
export async function bidsSince(
  db: Knex,
  adId: string,
  since: GlobalPosition,
  limit = 100,
): Promise<StoredBid[]> {
  const found = await rows(
    db,
    `SELECT ${BID_COLUMNS} ${FROM_BIDS}
      WHERE b.ad_id = ? AND (b.position_commit, b.position_prepare) > (?::bigint, ?::bigint)
      ${NEWEST_FIRST} LIMIT ?`,
    [adId, since.commit.toString(), since.prepare.toString(), limit],
  );
  return found.reverse();
}

/** Which of `userIds` have bid on the ad (their view of it differs from a stranger's). */
export async function biddersAmong(
  db: Knex,
  adId: string,
  userIds: readonly string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const found: { bidder_id: string }[] = await db(BIDS)
    .distinct('bidder_id')
    .where({ ad_id: adId })
    .whereIn('bidder_id', [...new Set(userIds)]);
  return new Set(found.map((row) => row.bidder_id));
}

export { toBidView, publicStoredBid, defaultPictureUrl };

/** What an owner's My Ads says of each ad's bids: how many, and the top-ranked one's. */
export type OwnerBids = {
  readonly bids: number;
  /** The top-ranked bid (engine/src/ads/ad.ranking.ts), Hidden ones included: paise. */
  readonly highest: { readonly amount: number; readonly username: string } | null;
};

/**
 * For each of `adIds` (an owner's page of ads), its bid count and its top-ranked bid, Hidden ones
 * included (the owner sees them): each (phase, type)'s highest by the `highest_idx` index, the
 * best of those four — a few index lookups per ad, whatever its bids. An ad without bids (or
 * unknown) has none.
 */
export async function ownerBidsOf(
  db: Knex,
  adIds: readonly string[],
): Promise<Map<string, OwnerBids>> {
  const found = new Map<string, OwnerBids>();
  if (adIds.length === 0) return found;
  const tops = BID_KINDS.map((kind) =>
    highestOfKindSql(
      'b.amount, b.username, b.placed_at, b.position_commit, b.position_prepare',
      'a.ad_id',
      kind,
    ),
  ).join(' UNION ALL ');
  const { rows: answered } = await db.raw<{
    rows: { ad_id: string; bids: number; amount: string | null; username: string | null }[];
  }>(
    `SELECT a.ad_id, coalesce(ab.before_count + ab.after_count, 0) AS bids, top.amount, top.username
       FROM unnest(?::text[]) AS a(ad_id)
       LEFT JOIN ${AD_BIDDING} ab ON ab.ad_id = a.ad_id
       LEFT JOIN LATERAL (
         SELECT t.amount, t.username FROM (${tops}) t
          ORDER BY t.amount DESC, t.placed_at, t.position_commit, t.position_prepare LIMIT 1
       ) top ON true`,
    [adIds as string[]],
  );
  for (const row of answered) {
    found.set(row.ad_id, {
      bids: Number(row.bids),
      highest:
        row.amount === null || row.username === null
          ? null
          : { amount: Number(row.amount), username: row.username },
    });
  }
  return found;
}

/**
 * Has `bidderId` bid on an ad of `ownerId`'s? Its owner then has their phone beside their bids
 * (section 4), so the bidder's profile shows it to them too (`PhoneShownBecause`). Walked from
 * the bidder's bids (`bids_bidder_idx`).
 */
export async function bidOnAdOf(
  db: Knex,
  { bidderId, ownerId }: { bidderId: string; ownerId: string },
): Promise<boolean> {
  const found = await db(`${BIDS} as b`)
    .join(`${AD_BIDDING} as a`, 'a.ad_id', 'b.ad_id')
    .where({ 'b.bidder_id': bidderId, 'a.owner_id': ownerId })
    .first(db.raw('1 AS found'));
  return found !== undefined;
}
