import type { Knex } from 'knex';
import type { GalleryItem } from '@boli/engine/ads/ad.events';
import type { AdRow } from './ads.evolve.ts';

/*
 * The ads read model's tables, as PostgreSQL holds them: `ads` (one row per ad), `ad_search`
 * (its search document) and `ad_words` (every word of the documents).
 *
 * Index design (1,000,000 ads; the ad list pages newest first, 20 at a time; measured with
 * ads.scale.ts): the common leading filters (category, subcategory, country+state, +district)
 * each lead a btree that then runs in (created_at DESC, ad_id DESC) and INCLUDEs every other
 * filter column, so a page is an index-only walk in order, stopped after 20 matching entries.
 * Text search uses a GIN index over a weighted tsvector in the narrow `ad_search` rows; typos
 * are mended through `ad_words` with a trigram GIN index (the pg_trgm manual's "text search
 * integration").
 */

/** Malayalam's atomic chillu letters, each with the letter it is that letter + virama of. */
const CHILLUS: readonly (readonly [chillu: number, letter: number])[] = [
  [0x0d7a, 0x0d23],
  [0x0d7b, 0x0d28],
  [0x0d7c, 0x0d30],
  [0x0d7d, 0x0d32],
  [0x0d7e, 0x0d33],
  [0x0d7f, 0x0d15],
  [0x0d54, 0x0d2e],
  [0x0d55, 0x0d2f],
  [0x0d56, 0x0d34],
];
const MALAYALAM_VIRAMA = 0x0d4d;
/** The zero-width non-joiner and joiner. */
const JOINERS = 'chr(8204) || chr(8205)';

/**
 * Text (SQL) as search compares words, so that one word typed on two keyboards is one: composed
 * alike (NFC: 'फ़' typed as one letter or as फ + nukta), without the joiners that only choose a
 * letter's shape (a ZWNJ inside 'पेन‌ड्राइव' split it in two), and Malayalam's chillu letters
 * spelt one way ('ഫോൺ', atomic, and 'ഫോണ്‍', letter + virama + joiner). For ads and searches alike.
 */
export const searchableSql = (expression: string): string =>
  CHILLUS.reduce(
    (sql, [chillu, letter]) =>
      `replace(${sql}, chr(${chillu}), chr(${letter}) || chr(${MALAYALAM_VIRAMA}))`,
    `translate(normalize(${expression}, NFC), ${JOINERS}, '')`,
  );

const words = (expression: string) => `to_tsvector('simple', ${searchableSql(expression)})`;

/**
 * The search document of an ad row (SQL over the ads table's columns), weighted: what an ad is
 * counts most, where it is (its town, neighbourhood, district and state: 'Akurdi', 'Kerala')
 * less, its description least.
 */
export const SEARCH_VECTOR_SQL = `
    setweight(${words('item_name')}, 'A') ||
    setweight(${words("coalesce(make, '') || ' ' || coalesce(model, '')")}, 'A') ||
    setweight(${words("categoryname || ' ' || subcategory")}, 'B') ||
    setweight(${words(`city || ' ' || coalesce(neighbourhood, '') || ' ' ||
      coalesce(district, '') || ' ' || coalesce(state, '')`)}, 'C') ||
    setweight(${words('description')}, 'D')`;

/** Newest first, ties by id: the order of every ad list. */
const NEWEST = 'created_at DESC, ad_id DESC';

/** Every column the ad list filters on. */
export const FILTER_COLUMNS = [
  'categoryname',
  'subcategory',
  'country',
  'state',
  'district',
  'neighbourhood',
  'price',
  'make',
  'model',
  'year_of_manufacture',
  'mileage',
  'owner_or_dealer',
  // A blocked member's ads are listed to nobody (ads.projection.ts).
  'owner_blocked',
] as const;

/**
 * The list's indexes: leading equality columns, then NEWEST, then every other filter column
 * INCLUDEd. A page is found by an index-only walk in newest order that checks the remaining
 * filters on the index entries themselves (no table row is read until the 20 are known), so a
 * filter combination without an index of its own still costs a short walk over narrow entries.
 */
export const LIST_INDEXES: Readonly<Record<string, readonly string[]>> = {
  newest: [],
  category: ['categoryname'],
  subcategory: ['categoryname', 'subcategory'],
  state: ['country', 'state'],
  district: ['country', 'state', 'district'],
};

export async function createAdsTable(trx: Knex.Transaction, table: string): Promise<void> {
  await trx.schema.createTable(table, (t) => {
    t.text('ad_id').primary();
    t.text('uid').notNullable();
    for (const column of [
      'item_name',
      'categoryname',
      'subcategory',
      'currencycode',
      'description',
      'phone',
      'houseno',
      'street',
      'city',
      'neighbourhood',
      'district',
      'pincode',
      'state',
      'country',
      'posted_by',
      'posted_by_username',
    ]) {
      t.text(column).notNullable();
    }
    t.text('type');
    t.bigInteger('price').notNullable();
    t.boolean('display_phone').notNullable();
    t.text('make');
    t.text('model');
    t.bigInteger('mileage');
    t.integer('year_of_manufacture');
    t.text('owner_or_dealer');
    t.text('new_or_used');
    t.jsonb('gallery').notNullable();
    t.text('thumbnail_name');
    t.text('thumbnail');
    t.boolean('bid_open').notNullable();
    t.boolean('final_call_made').notNullable();
    t.timestamp('final_call_date_time', { useTz: true });
    t.timestamp('closed_at', { useTz: true });
    t.text('close_reason');
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    /** Stream version of the last event applied: an event at or below it is a replay. */
    t.integer('last_version').notNullable();
    /** Its poster is blocked: listed, searched and shown to no member till the block is lifted. */
    t.boolean('owner_blocked').notNullable().defaultTo(false);
  });
  // Not unique: a uid is random enough to be unique, and a clash must never stall the read model.
  await trx.raw('CREATE INDEX ?? ON ?? (uid)', [`${table}_uid_idx`, table]);
  for (const [name, leading] of Object.entries(LIST_INDEXES)) {
    const included = FILTER_COLUMNS.filter((column) => !leading.includes(column));
    const keys = [...leading, NEWEST].join(', ');
    await trx.raw(`CREATE INDEX ?? ON ?? (${keys}) INCLUDE (${included.join(', ')})`, [
      `${table}_${name}_idx`,
      table,
    ]);
  }
  await trx.raw(`CREATE INDEX ?? ON ?? (posted_by, ${NEWEST})`, [`${table}_owner_idx`, table]);
}

/**
 * The search documents, one narrow row per ad, apart from the wide ads rows: a common word's
 * matches (tens of thousands of ads) are collected from a few hundred pages, not thousands.
 */
export async function createAdSearchTable(trx: Knex.Transaction, table: string): Promise<void> {
  await trx.schema.createTable(table, (t) => {
    t.text('ad_id').primary();
    t.timestamp('created_at', { useTz: true }).notNullable();
    t.specificType('search_vector', 'tsvector').notNullable();
  });
  await trx.raw('CREATE INDEX ?? ON ?? USING gin (search_vector)', [`${table}_gin_idx`, table]);
  await trx.raw(`CREATE INDEX ?? ON ?? (${NEWEST})`, [`${table}_newest_idx`, table]);
}

/** Every distinct word of the ads' search documents, for mending misspelt search words. */
export async function createAdWordsTable(trx: Knex.Transaction, table: string): Promise<void> {
  await trx.schema.createTable(table, (t) => {
    t.text('word').primary();
  });
  await trx.raw('CREATE INDEX ?? ON ?? USING gin (word gin_trgm_ops)', [
    `${table}_trgm_idx`,
    table,
  ]);
}

/** What a query selects: every column but the bookkeeping. */
export const AD_COLUMNS = [
  'ad_id',
  'uid',
  'item_name',
  'categoryname',
  'subcategory',
  'type',
  'price',
  'currencycode',
  'description',
  'phone',
  'display_phone',
  'houseno',
  'street',
  'city',
  'neighbourhood',
  'district',
  'pincode',
  'state',
  'country',
  'posted_by',
  'posted_by_username',
  'make',
  'model',
  'mileage',
  'year_of_manufacture',
  'owner_or_dealer',
  'new_or_used',
  'gallery',
  'thumbnail_name',
  'thumbnail',
  'bid_open',
  'final_call_made',
  'final_call_date_time',
  'closed_at',
  'close_reason',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof AdRow)[];

type Instant = Date | string;
export type StoredAd = Omit<
  AdRow,
  | 'price'
  | 'mileage'
  | 'gallery'
  | 'final_call_date_time'
  | 'closed_at'
  | 'created_at'
  | 'updated_at'
> & {
  price: number | string;
  mileage: number | string | null;
  gallery: readonly GalleryItem[] | string;
  final_call_date_time: Instant | null;
  closed_at: Instant | null;
  created_at: Instant;
  updated_at: Instant;
};

const iso = (value: Instant): string => new Date(value).toISOString();
const isoOrNull = (value: Instant | null): string | null => (value === null ? null : iso(value));

/** A row as selected with AD_COLUMNS (bigints arrive as strings, instants as Dates) → AdRow. */
export function fromStored(stored: StoredAd): AdRow {
  return {
    ...stored,
    price: Number(stored.price),
    mileage: stored.mileage === null ? null : Number(stored.mileage),
    gallery:
      typeof stored.gallery === 'string'
        ? (JSON.parse(stored.gallery) as GalleryItem[])
        : [...stored.gallery],
    final_call_date_time: isoOrNull(stored.final_call_date_time),
    closed_at: isoOrNull(stored.closed_at),
    created_at: iso(stored.created_at),
    updated_at: iso(stored.updated_at),
  };
}

/** AdRow → the values to write. */
export const toStored = (row: AdRow, lastVersion: number): Record<string, unknown> => ({
  ...row,
  gallery: JSON.stringify(row.gallery),
  last_version: lastVersion,
});
