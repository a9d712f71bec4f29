import type { Knex } from 'knex';
import { LIMITS } from '@boli/engine/shared/limits';
import { batchedLoader, type BatchedLoader } from '../runtime/batchedLoader.ts';
import { preparedQuery } from '../runtime/preparedQuery.ts';
import type { AdRow } from './ads.evolve.ts';
import {
  categoryTsquery,
  exactTsquery,
  isCorrectable,
  closestMeant,
  searchTsquery,
  type AdFilters,
  type AdPage,
  type Range,
  type SearchGroup,
} from './ads.filters.ts';
import { AD_COLUMNS, fromStored, searchableSql, type StoredAd } from './ads.table.ts';
import { otherWordsFor } from './searchMeanings.ts';
import { withinLength } from '@boli/engine/shared/characters';

/*
 * Reads of the ads read model. Readers query the logical views `ads` and `ad_words`; the
 * projection runtime points them at the live build. Every list is newest first (created_at, then
 * ad id), LIMITS.adPageSize per page; the indexes of ads.table.ts serve each filter in that order.
 */

export type { AdRow };
export {
  adFilters,
  adPage,
  type AdFilterInput,
  type AdFilters,
  type AdPage,
} from './ads.filters.ts';

const ADS = 'ads';
const AD_SEARCH = 'ad_search';
const AD_WORDS = 'ad_words';

/** Every list's order: newest first, then by ad id. */
export const newestFirst = (query: Knex.QueryBuilder): Knex.QueryBuilder =>
  query.orderBy([
    { column: 'created_at', order: 'desc' },
    { column: 'ad_id', order: 'desc' },
  ]);

const paged = (query: Knex.QueryBuilder, page: AdPage): Knex.QueryBuilder =>
  query.limit(page.limit).offset(page.offset);

const rowsOf = (stored: StoredAd[]): AdRow[] => stored.map(fromStored);

const inRange = (query: Knex.QueryBuilder, column: string, range: Range | undefined) => {
  if (range?.from !== undefined) query.where(column, '>=', range.from);
  if (range?.to !== undefined) query.where(column, '<=', range.to);
  return query;
};

/** Filters with the ad table's column each compares, where the names differ or not. */
const EQUAL_FILTERS: readonly (readonly [keyof AdFilters, string])[] = [
  ['categoryname', 'categoryname'],
  ['subcategory', 'subcategory'],
  ['country', 'country'],
  ['state', 'state'],
  ['district', 'district'],
  ['neighbourhood', 'neighbourhood'],
  ['ownerOrDealer', 'owner_or_dealer'],
  ['type', 'type'],
];

/**
 * Filters compared whatever the letters' case: a make or model typed where the reference data
 * lists none (Bicycles: 'hero' is the ads' 'Hero').
 */
const CASELESS_FILTERS: readonly (readonly [keyof AdFilters, string])[] = [
  ['make', 'make'],
  ['model', 'model'],
];

/** A query of the ads table narrowed to the ads that every filter given lets through. */
function withFilters(query: Knex.QueryBuilder, filters: AdFilters): Knex.QueryBuilder {
  query.where('owner_blocked', false);
  for (const [filter, column] of EQUAL_FILTERS) {
    const value = filters[filter];
    if (typeof value === 'string') query.where(column, value);
  }
  for (const [filter, column] of CASELESS_FILTERS) {
    const value = filters[filter];
    if (typeof value === 'string') query.whereRaw('lower(??) = lower(?)', [column, value]);
  }
  inRange(query, 'price', filters.price);
  inRange(query, 'year_of_manufacture', filters.yearOfManufacture);
  inRange(query, 'mileage', filters.mileage);
  return query;
}

/**
 * The ad list (`/api/posts/filter`, `/api/globalAds`): every filter given, newest first. The page's
 * ids come first, from an index-only walk (ads.table.ts), then their rows.
 */
export async function filterAds(db: Knex, filters: AdFilters, page: AdPage): Promise<AdRow[]> {
  const ids = withFilters(db(ADS).select('ad_id', 'created_at'), filters);
  const stored: StoredAd[] = await db
    .select(AD_COLUMNS.map((column) => `ads.${column}`))
    .from(paged(newestFirst(ids), page).as('page'))
    .join(`${ADS} as ads`, 'ads.ad_id', 'page.ad_id')
    .orderBy([
      { column: 'page.created_at', order: 'desc' },
      { column: 'page.ad_id', order: 'desc' },
    ]);
  return rowsOf(stored);
}

/** My Ads: the member's own ads, newest first. */
export async function myAds(db: Knex, userId: string, page: AdPage): Promise<AdRow[]> {
  const query = db(ADS).select(AD_COLUMNS).where({ posted_by: userId });
  return rowsOf(await paged(newestFirst(query), page));
}

/**
 * A seller's ads, newest first, as another member's profile lists them: none while the seller
 * is blocked, as from every list.
 */
export async function sellerAds(db: Knex, userId: string, page: AdPage): Promise<AdRow[]> {
  const query = db(ADS).select(AD_COLUMNS).where({ posted_by: userId, owner_blocked: false });
  return rowsOf(await paged(newestFirst(query), page));
}

/** A member's own bids on one ad (amounts in paise), as My Bids lists them. */
export type BidsOnAd = {
  readonly bids: number;
  /** The member's highest bid on the ad, and its type (the first placed, at equal amounts). */
  readonly highest: number;
  readonly highestType: string;
  readonly lastBidAt: Date;
  /**
   * The member's bid ranks first on the ad (the larger amount, at equal ones the first placed;
   * Hidden bids too): theirs wins if bidding has closed. Not to be told while it is open.
   */
  readonly leading: boolean;
  /** The ad's highest Open bid, anyone's (Open amounts are shown to all); null with none. */
  readonly openHigh: number | null;
};

/**
 * My Bids: the ads the member bid on, the one bid on last first, each with the member's own bids
 * on it. A blocked member's ads are left out, as from every list. (The `bids` read model is read
 * beside the ads', by the bidder's index.)
 */
export async function adsBidOn(
  db: Knex,
  bidderId: string,
  page: AdPage,
): Promise<{ row: AdRow; mine: BidsOnAd }[]> {
  const { rows } = await db.raw<{
    rows: (StoredAd & {
      bids: string;
      highest: string;
      highest_type: string;
      last_bid_at: Date;
      leading: boolean;
      open_high: string | null;
    })[];
  }>(
    `WITH mine AS (
       SELECT ad_id, count(*) AS bids, max(placed_at) AS last_bid_at,
              (array_agg(amount ORDER BY amount DESC, placed_at))[1] AS highest,
              (array_agg(type ORDER BY amount DESC, placed_at))[1] AS highest_type
         FROM bids WHERE bidder_id = ? GROUP BY ad_id
     )
     SELECT ${AD_COLUMNS.map((column) => `ads.${column}`).join(', ')},
            mine.bids, mine.highest, mine.highest_type, mine.last_bid_at,
            (SELECT top.bidder_id FROM bids top WHERE top.ad_id = mine.ad_id
              ORDER BY top.amount DESC, top.placed_at, top.position_commit, top.position_prepare
              LIMIT 1) = ? AS leading,
            (SELECT max(o.amount) FROM bids o
              WHERE o.ad_id = mine.ad_id AND o.type = 'Open') AS open_high
       FROM mine JOIN ${ADS} ads ON ads.ad_id = mine.ad_id AND NOT ads.owner_blocked
      ORDER BY mine.last_bid_at DESC, mine.ad_id DESC
      LIMIT ? OFFSET ?`,
    [bidderId, bidderId, page.limit, page.offset],
  );
  return rows.map(
    ({ bids, highest, highest_type, last_bid_at, leading, open_high, ...stored }) => ({
      row: fromStored(stored as StoredAd),
      mine: {
        bids: Number(bids),
        highest: Number(highest),
        highestType: highest_type,
        lastBidAt: last_bid_at,
        leading,
        openHigh: open_high === null ? null : Number(open_high),
      },
    }),
  );
}

/**
 * One ad by its id or its uid (the ad page accepts either); a blocked member's only with
 * `blockedOwners` (staff, who may need to see what was blocked).
 */
export async function findAd(
  db: Knex,
  idOrUid: string,
  { blockedOwners = false }: { blockedOwners?: boolean } = {},
): Promise<AdRow | undefined> {
  const key = idOrUid.trim();
  if (key === '') return undefined;
  const query = db(ADS)
    .select(AD_COLUMNS)
    .where((where) => where.where({ ad_id: key }).orWhere({ uid: key }));
  if (!blockedOwners) query.where('owner_blocked', false);
  const stored = (await query.first()) as StoredAd | undefined;
  return stored === undefined ? undefined : fromStored(stored);
}

/**
 * The neighbourhoods a district's ads name, each once: the district's list where it has one, and
 * the members' own words where it has none (the forms then take free text). Blocked owners' ads
 * aside. Unordered: the filter's call sorts them together with the district's list.
 */
export async function neighbourhoodsOfAds(
  db: Knex,
  { country, state, district }: { country: string; state: string; district: string },
): Promise<string[]> {
  const rows = (await db(ADS)
    .distinct('neighbourhood')
    .where({ country, state, district, owner_blocked: false })
    .whereNot('neighbourhood', '')) as { neighbourhood: string }[];
  return rows.map((row) => row.neighbourhood);
}

/**
 * Whether the ad's owner is blocked, so the ad is withdrawn till the block is lifted; false for an
 * ad not (yet) in the read model.
 */
export async function isAdWithdrawn(db: Knex, adId: string): Promise<boolean> {
  return (await withdrawnLoaderOf(db)(adId)) === true;
}

/**
 * `isAdWithdrawn` for a statement that asks it beside other reads (a bid's member-session read):
 * a join on the ad id `adIdSql` whose `${alias}.withdrawn` is true for a withdrawn ad, else null.
 * Lateral, so that each ad is looked up by its key: as an `EXISTS`, PostgreSQL chose to scan every
 * ad for the blocked ones on each call (0.8 ms at the bench's 1,000 ads, against 0.02 ms).
 */
export const adWithdrawnJoin = (adIdSql: string, alias: string): string =>
  `LEFT JOIN LATERAL (SELECT true AS withdrawn FROM ${ADS}
     WHERE ad_id = ${adIdSql} AND owner_blocked LIMIT 1) ${alias} ON true`;

/** The statement of `isAdWithdrawn`'s batches; its text does not depend on the values. */
const WITHDRAWN_SQL = `SELECT ad_id FROM ${ADS} WHERE ad_id = ANY(?::text[]) AND owner_blocked`;

const withdrawnLoaders = new WeakMap<Knex, BatchedLoader<string, true>>();

/** The ads asked about in one turn (each bid asks before it is placed) are read together. */
function withdrawnLoaderOf(db: Knex): BatchedLoader<string, true> {
  let loader = withdrawnLoaders.get(db);
  if (!loader) {
    loader = batchedLoader(async (adIds) => {
      const rows = await preparedQuery<{ ad_id: string }>(db, WITHDRAWN_SQL, [adIds]);
      return new Map(rows.map(({ ad_id }) => [ad_id, true as const]));
    });
    withdrawnLoaders.set(db, loader);
  }
  return loader;
}

/** Those of `adIds` whose bidding is over at `now`: closed, or past their final call. */
export async function closedAdIds(
  db: Knex,
  adIds: readonly string[],
  now: Date,
): Promise<Set<string>> {
  if (adIds.length === 0) return new Set();
  const rows: { ad_id: string }[] = await db(ADS)
    .select('ad_id')
    .whereIn('ad_id', [...new Set(adIds)])
    .where((where) => where.where('bid_open', false).orWhere('final_call_date_time', '<=', now));
  return new Set(rows.map((row) => row.ad_id));
}

// ---------------------------------------------------------------------------------------------
// Search

/**
 * How many of the newest matching ads are ranked. Ranking every match of a common word ('car' in
 * a million ads) would read them all; the newest window keeps a search under its time budget
 * (measured with ads.scale.ts) and still offers SEARCH_WINDOW / 20 pages.
 */
export const SEARCH_WINDOW = 200;
/** How many of the newest ads a common word's matches are looked for in first. */
const RECENT_SLICE = 30_000;
/** The last word matches as a prefix from this length on ('swi' → swift). */
const MIN_PREFIX_LENGTH = 3;
/** An old name of a place is completed from this many letters on ('banga' → Bangalore). */
const MIN_PLACE_PREFIX_LENGTH = 5;
/** The last term, when long enough to complete a place's old name. */
const typingOf = (terms: readonly string[]): string | null => {
  const last = terms.at(-1);
  return last !== undefined && Array.from(last).length >= MIN_PLACE_PREFIX_LENGTH ? last : null;
};
/** A term no ad holds is compared with known words at this trigram similarity or more … */
const UNKNOWN_TERM_SIMILARITY = 0.2;
/**
 * … a term some ad holds, or a vehicle's name holds, only with close forms of itself ('car' →
 * 'cars').
 */
const KNOWN_TERM_SIMILARITY = 0.5;
/** Known words tried per term, closest first … */
const CORRECTIONS_PER_TERM = 5;
/** … of this many trigram neighbours, kept only when a few edits away, the fewest (`closestMeant`). */
const CANDIDATES_PER_TERM = 20;
/** A correction differs from the term in length by at most this many characters. */
const MAX_LENGTH_DIFFERENCE = 2;
/** Description weighs least, the item's name and make/model most (weights D, C, B, A). */
const RANK_WEIGHTS = '{0.1, 0.2, 0.4, 1.0}';
/**
 * How much more an ad of the category a word names ranks (`categoryTsquery`): above any ad that
 * merely has the word, in its name too ('bike': the Bikes before 'Delivery executive with bike').
 * The words' own ranks stay below 1, so this orders the category first, then by them.
 */
const CATEGORY_RANK = 1;
/** The reference data's other names of districts ('Bangalore' → Bengaluru Urban). */
const DISTRICT_ALIASES = 'ref_district_aliases';

/** The search text's words, as the search documents spell them (the same text parser), in order. */
async function termsOf(db: Knex, text: string): Promise<string[]> {
  const { rows } = await db.raw<{ rows: { lexeme: string }[] }>(
    `SELECT lexeme FROM unnest(to_tsvector('simple', ${searchableSql('?::text')})) AS t(lexeme, positions)
      ORDER BY positions[1]`,
    [withinLength(text, LIMITS.adSearchMax)],
  );
  return rows.map((row) => row.lexeme).slice(0, 8);
}

/** The reference data's vehicle makes and models, whose names' words are known words too. */
const VEHICLE_NAME_TABLES = ['ref_vehicle_makes', 'ref_vehicle_models'] as const;

/**
 * SQL: whether the term (a lexeme, SQL `term`) is a word of a vehicle make's or model's name
 * (on their `to_tsvector('simple', name)` indexes, `vehicleNameWords`).
 */
const namesVehicle = (term: string): string =>
  `(${VEHICLE_NAME_TABLES.map(
    (table) =>
      `EXISTS (SELECT 1 FROM ${table} WHERE to_tsvector('simple', name) @@ plainto_tsquery('simple', ${term}))`,
  ).join(' OR ')})`;

/**
 * For each correctable term, the known words closest to it by trigram similarity that are a few
 * edits from it (a slip of the keys, not another word). A term some ad holds, or that names a
 * vehicle make or model, is known: it is corrected only to close forms of itself ('cars'), so
 * 'swift' with no Swift listed finds none rather than every 'shift'.
 */
async function correctionsOf(db: Knex, terms: readonly string[]): Promise<Map<string, string[]>> {
  const corrections = new Map<string, string[]>();
  const wanted = terms.filter(isCorrectable);
  if (wanted.length === 0) return corrections;
  const rows = await db.transaction(async (trx) => {
    // The % operator (trigram index) takes the lower bound; each term then keeps its own.
    await trx.raw(`SET LOCAL pg_trgm.similarity_threshold = ${UNKNOWN_TERM_SIMILARITY}`);
    const result = await trx.raw<{ rows: { term: string; word: string }[] }>(
      `WITH terms AS (
         SELECT term, CASE WHEN EXISTS (SELECT 1 FROM ${AD_WORDS} WHERE word = term)
                             OR ${namesVehicle('term')}
                           THEN ?::real ELSE ?::real END AS least_similarity
           FROM unnest(?::text[]) AS t(term)
       )
       SELECT terms.term, close.word
         FROM terms CROSS JOIN LATERAL (
           SELECT word FROM ${AD_WORDS}
            WHERE word % terms.term AND word <> terms.term
              AND abs(length(word) - length(terms.term)) <= ?
              AND similarity(word, terms.term) >= terms.least_similarity
            ORDER BY similarity(word, terms.term) DESC, word
            LIMIT ?
         ) AS close`,
      [
        KNOWN_TERM_SIMILARITY,
        UNKNOWN_TERM_SIMILARITY,
        wanted,
        MAX_LENGTH_DIFFERENCE,
        CANDIDATES_PER_TERM,
      ],
    );
    return result.rows;
  });
  const candidates = new Map<string, string[]>();
  for (const { term, word } of rows) candidates.set(term, [...(candidates.get(term) ?? []), word]);
  for (const [term, words] of candidates) {
    const meant = closestMeant(term, words, CORRECTIONS_PER_TERM);
    if (meant.length > 0) corrections.set(term, meant);
  }
  return corrections;
}

/**
 * Other ways of saying each term: other words for the thing (searchMeanings.ts), and, for an old
 * or other name of a district, the district's words ('bangalore' → bengaluru & urban).
 */
async function meaningsOf(
  db: Knex,
  terms: readonly string[],
  /** The last term, still being typed: an old name it begins counts too ('bangalor'). */
  typing: string | null,
): Promise<{ meanings: Map<string, string[][]>; places: Set<string> }> {
  const { rows } = await db.raw<{ rows: { alias: string; words: string[] }[] }>(
    `SELECT DISTINCT lower(alias) AS alias,
            ARRAY(SELECT lexeme FROM unnest(to_tsvector('simple', district))) AS words
       FROM ${DISTRICT_ALIASES}
      WHERE lower(alias) = ANY(?::text[]) OR (?::text IS NOT NULL AND starts_with(lower(alias), ?))`,
    [[...terms], typing, typing ?? ''],
  );
  const named = (row: { alias: string }, term: string) =>
    row.alias === term ||
    (term === typing && row.alias.startsWith(term) && !row.alias.includes(' '));
  // A name that is the district's own already finds it.
  const places = rows.filter((row) => !row.words.includes(row.alias));
  return {
    meanings: new Map(
      terms.map((term) => [
        term,
        [
          ...otherWordsFor(term).map((word) => [word]),
          ...places.filter((row) => named(row, term)).map((row) => row.words),
        ],
      ]),
    ),
    places: new Set(rows.map((row) => row.alias)),
  };
}

/**
 * The words that neighbouring terms make written as one, where some ad holds that word
 * ('sound bar' → 'soundbar'), by the first term's index; a word is joined with one neighbour at
 * most, the earlier pair first.
 */
async function joinedWordsOf(db: Knex, terms: readonly string[]): Promise<Map<number, string>> {
  const pairs = terms.slice(1).map((term, i) => `${terms[i]!}${term}`);
  const joined = new Map<number, string>();
  if (pairs.length === 0) return joined;
  const { rows } = await db.raw<{ rows: { word: string }[] }>(
    `SELECT word FROM ${AD_WORDS} WHERE word = ANY(?::text[])`,
    [pairs],
  );
  const known = new Set(rows.map((row) => row.word));
  pairs.forEach((pair, i) => {
    if (known.has(pair) && !joined.has(i - 1)) joined.set(i, pair);
  });
  return joined;
}

/**
 * Section 7's ad search, ranked: the text's words are looked up in the ads' item name, make,
 * model, category, subcategory, city and description (full text, weighted in that order), the
 * last also as a prefix, each also through the known words it may be a misspelling of ('swfit' →
 * 'swift'), and two side by side also as the one word they make ('sound bar' → 'soundbar').
 * Ads holding every word are found when there are any, else ads holding some of them. The
 * newest SEARCH_WINDOW matches are ranked: typed words above corrections, then newest first.
 * With filters (the ad list's), only the matches they let through are looked for and ranked.
 */
export async function searchAds(
  db: Knex,
  text: string,
  page: AdPage,
  filters: AdFilters = {},
): Promise<AdRow[]> {
  const terms = await termsOf(db, text);
  if (terms.length === 0 || page.offset >= SEARCH_WINDOW) return [];
  const [corrections, joined, { meanings, places }] = await Promise.all([
    correctionsOf(db, terms),
    joinedWordsOf(db, terms),
    meaningsOf(db, terms, typingOf(terms)),
  ]);
  const groups: SearchGroup[] = terms.map((term, i) => ({
    term,
    prefix: i === terms.length - 1 && Array.from(term).length >= MIN_PREFIX_LENGTH,
    // A place's name, old or other, is what was meant: not a slip for another place's.
    corrections: places.has(term) ? [] : (corrections.get(term) ?? []),
    meanings: meanings.get(term) ?? [],
    ...(joined.has(i) ? { joinedWithNext: joined.get(i)! } : {}),
  }));
  const exact = exactTsquery(groups);
  const category = categoryTsquery(groups);
  const shares = await expectedShares(
    db,
    groups.map((group) => searchTsquery([group], 'and')),
  );
  // Ads holding every word are at most the rarest word's; ads holding any, at most their sum.
  const matchesOf = (tsquery: string, share: number) =>
    newestMatches(db, { tsquery, exact, category, share, filters });
  let hits = await matchesOf(searchTsquery(groups, 'and'), Math.min(...shares));
  if (hits.length === 0 && groups.length > 1) {
    hits = await matchesOf(
      searchTsquery(groups, 'or'),
      shares.reduce((sum, share) => sum + share, 0),
    );
  }
  const chosen = hits
    .sort((a, b) => b.rank - a.rank || newestFirstOrder(a, b))
    .slice(page.offset, page.offset + page.limit)
    .map((hit) => hit.ad_id);
  if (chosen.length === 0) return [];
  const stored: StoredAd[] = await db(ADS).select(AD_COLUMNS).whereIn('ad_id', chosen);
  const byId = new Map(rowsOf(stored).map((row) => [row.ad_id, row]));
  return chosen.flatMap((adId) => byId.get(adId) ?? []);
}

type Hit = { ad_id: string; created_at: Date; rank: number };

/** What the ads looked for match: the words (ranked with the exact ones), and the filters. */
type MatchQuery = {
  readonly tsquery: string;
  readonly exact: string;
  /** The words by which an ad's category is what was looked for (`categoryTsquery`). */
  readonly category: string;
  /** The share of all ads the words match, by the statistics (the filters aside). */
  readonly share: number;
  readonly filters: AdFilters;
};

/** The rows the planner expects `sql` to return (from the tables' statistics). */
async function plannedRows(db: Knex, sql: string, bindings: readonly string[]): Promise<number> {
  const { rows } = await db.raw<{ rows: { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[] }>(
    `EXPLAIN (FORMAT JSON) ${sql}`,
    bindings,
  );
  return rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? Number.POSITIVE_INFINITY;
}

/** The share of all ads the planner expects to match each tsquery (the text column's statistics). */
async function expectedShares(db: Knex, tsqueries: readonly string[]): Promise<number[]> {
  const [total, ...matches] = await Promise.all([
    plannedRows(db, `SELECT 1 FROM ${AD_SEARCH}`, []),
    ...tsqueries.map((tsquery) =>
      plannedRows(db, `SELECT 1 FROM ${AD_SEARCH} WHERE search_vector @@ ?::tsquery`, [tsquery]),
    ),
  ]);
  return matches.map((rows) => rows / Math.max(total, 1));
}

const newestFirstOrder = (a: Hit, b: Hit): number =>
  b.created_at.getTime() - a.created_at.getTime() || (a.ad_id < b.ad_id ? 1 : -1);

/**
 * The newest SEARCH_WINDOW matches, ranked. A common word is found among the newest
 * RECENT_SLICE ads (a short walk in newest order); a rarer one, which fills no window there,
 * is looked up in the whole text index — where its matches are few enough to collect and sort.
 * `share` bounds the share of ads that match, from each word's own statistics: when even that
 * many would not fill a window in the slice, the walk is skipped. (The planner's estimate for
 * the words together is no guide: words that go together, 'swift dzire', fool it.)
 */
async function newestMatches(
  db: Knex,
  { tsquery, exact, category, share, filters }: MatchQuery,
): Promise<Hit[]> {
  const narrowed = (outer: string) =>
    Object.keys(filters).length === 0
      ? { sql: '', bindings: [] }
      : {
          // The filters' ad row, read by its key for each match (the list's filters, as written).
          sql: 'AND EXISTS ?',
          bindings: [
            withFilters(
              db(ADS).select(db.raw('1')).whereRaw(`${ADS}.ad_id = ${outer}.ad_id`),
              filters,
            ),
          ],
        };
  const rank = `ts_rank(?::float4[], search_vector, ?::tsquery)
              + ts_rank(?::float4[], search_vector, ?::tsquery)
              + CASE WHEN search_vector @@ ?::tsquery THEN ?::float4 ELSE 0 END`;
  const rankBindings = [RANK_WEIGHTS, tsquery, RANK_WEIGHTS, exact, category, CATEGORY_RANK];
  if (share * RECENT_SLICE >= SEARCH_WINDOW) {
    const filtered = narrowed('recent');
    const recent = await db.raw<{ rows: Hit[] }>(
      // The slice is read lazily, in order: a common word stops the walk as soon as it has a window.
      `SELECT ad_id, created_at, ${rank} AS rank
       FROM (SELECT ad_id, created_at, search_vector FROM ${AD_SEARCH}
              ORDER BY created_at DESC, ad_id DESC LIMIT ?) AS recent
      WHERE search_vector @@ ?::tsquery ${filtered.sql}
      LIMIT ?`,
      [...rankBindings, RECENT_SLICE, tsquery, ...filtered.bindings, SEARCH_WINDOW],
    );
    if (recent.rows.length >= SEARCH_WINDOW) return recent.rows;
  }
  // Rare words (known rare, or fewer than a window among the newest RECENT_SLICE ads): all their
  // matches are collected from the text index, then sorted. MATERIALIZED keeps the planner, misled
  // by its estimates, from walking the ads in order instead.
  const filtered = narrowed(AD_SEARCH);
  const all = await db.raw<{ rows: Hit[] }>(
    `WITH matches AS MATERIALIZED (
       SELECT ad_id, created_at, search_vector FROM ${AD_SEARCH}
        WHERE search_vector @@ ?::tsquery ${filtered.sql}
     ), newest AS (
       SELECT * FROM matches ORDER BY created_at DESC, ad_id DESC LIMIT ?
     )
     SELECT ad_id, created_at, ${rank} AS rank FROM newest`,
    [tsquery, ...filtered.bindings, SEARCH_WINDOW, ...rankBindings],
  );
  return all.rows;
}
