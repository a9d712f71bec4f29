import { isSports } from '@boli/engine/ads/ad.rules';
import { needsVehicleFields } from '@boli/engine/ads/vehicleFields';
import { LIMITS, SPORTS_AD_TYPES } from '@boli/engine/shared/limits';
import { isTooLargeForPaise, PAISE_PER_RUPEE, rupeesToPaise } from '@boli/engine/shared/money';
import { categoryWordsFor, groupOf } from './searchMeanings.ts';
import { isIndia } from '@boli/engine/accounts/account.rules';

/*
 * The ad list's filters (sections 2 and 7) as the query reads them, and the page window. Pure:
 * the api parses the query string with zod and hands the values here.
 */

/** The filters as they arrive (prices in rupees); every one optional. */
export type AdFilterInput = {
  readonly category?: string | undefined;
  readonly subcategory?: string | undefined;
  readonly country?: string | undefined;
  readonly state?: string | undefined;
  readonly district?: string | undefined;
  readonly neighbourHood?: string | undefined;
  readonly priceFrom?: number | undefined;
  readonly priceTo?: number | undefined;
  readonly make?: string | undefined;
  readonly model?: string | undefined;
  readonly yearOfManufactureFrom?: number | undefined;
  readonly yearOfManufactureTo?: number | undefined;
  readonly mileageFrom?: number | undefined;
  readonly mileageTo?: number | undefined;
  readonly ownerOrDealer?: string | undefined;
  /** A Sports ad's type: Team or Player (not the spec's list; its data's `adType` filter). */
  readonly type?: string | undefined;
};

/** A range, either end open. */
export type Range = { readonly from?: number; readonly to?: number };

/** The filters the query applies: exact names, prices in paise. */
export type AdFilters = {
  readonly categoryname?: string;
  readonly subcategory?: string;
  readonly country?: string;
  readonly state?: string;
  readonly district?: string;
  readonly neighbourhood?: string;
  readonly price?: Range;
  readonly make?: string;
  readonly model?: string;
  readonly yearOfManufacture?: Range;
  readonly mileage?: Range;
  readonly ownerOrDealer?: string;
  readonly type?: string;
};

const text = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
};

const range = (from: number | undefined, to: number | undefined): Range | undefined => {
  const result = {
    ...(from === undefined ? {} : { from }),
    ...(to === undefined ? {} : { to }),
  };
  return Object.keys(result).length === 0 ? undefined : result;
};

/**
 * A price bound in paise, never dropped: past what paise can hold it is the largest price there
 * can be (a From there matches no ad, a To every ad), and a fraction of a paisa goes inward
 * (From up, To down), so a bound always filters as the member asked.
 */
const priceBound = (
  rupees: number | undefined,
  inward: (paise: number) => number,
): number | undefined => {
  if (rupees === undefined) return undefined;
  if (isTooLargeForPaise(rupees)) return Number.MAX_SAFE_INTEGER;
  return rupeesToPaise(rupees) ?? inward(rupees * PAISE_PER_RUPEE);
};

/** A Sports ad's type as the ads write it, in whatever case an address gives it ('team'). */
const sportsType = (value: string | undefined): string | undefined => {
  const typed = text(value);
  return SPORTS_AD_TYPES.find((type) => type.toLowerCase() === typed?.toLowerCase()) ?? typed;
};

/** The largest value of an `integer` column (year of manufacture). */
const INTEGER_MAX = 2_147_483_647;

/**
 * A bound on a whole-number column (mileage, year): rounded inward (From up, To down) and no
 * larger than the column holds, so 10.5 km and 99999999999999999999999 km filter as asked rather
 * than as numbers PostgreSQL refuses for the column.
 */
const wholeBound = (
  bound: number | undefined,
  max: number,
  inward: (value: number) => number,
): number | undefined => (bound === undefined ? undefined : Math.min(inward(bound), max));

/**
 * What the query filters on. Following section 2: district and neighbourhood apply only when the
 * country is India, and the vehicle filters (make, model, year, mileage, owner or dealer) only in
 * the categories that have them (vehicleFields.ts), and a Sports ad's type (Team or Player) only
 * in Sports, so a value left over from another category never empties the list.
 */
export function adFilters(input: AdFilterInput): AdFilters {
  const categoryname = text(input.category);
  const subcategory = text(input.subcategory);
  const country = text(input.country);
  const india = isIndia(country);
  const vehicles =
    categoryname !== undefined && needsVehicleFields(categoryname, subcategory ?? undefined);
  const entries: Partial<Record<keyof AdFilters, unknown>> = {
    categoryname,
    subcategory,
    country,
    state: text(input.state),
    district: india ? text(input.district) : undefined,
    neighbourhood: india ? text(input.neighbourHood) : undefined,
    price: range(priceBound(input.priceFrom, Math.ceil), priceBound(input.priceTo, Math.floor)),
  };
  if (vehicles) {
    entries.make = text(input.make);
    entries.model = text(input.model);
    entries.yearOfManufacture = range(
      wholeBound(input.yearOfManufactureFrom, INTEGER_MAX, Math.ceil),
      wholeBound(input.yearOfManufactureTo, INTEGER_MAX, Math.floor),
    );
    entries.mileage = range(
      wholeBound(input.mileageFrom, Number.MAX_SAFE_INTEGER, Math.ceil),
      wholeBound(input.mileageTo, Number.MAX_SAFE_INTEGER, Math.floor),
    );
    entries.ownerOrDealer = text(input.ownerOrDealer);
  }
  if (categoryname !== undefined && isSports(categoryname)) entries.type = sportsType(input.type);
  return Object.fromEntries(
    Object.entries(entries).filter(([, value]) => value !== undefined),
  ) as AdFilters;
}

/** Which ads a list answer holds: `limit` ads after skipping `offset`. `page` is 1-based. */
export type AdPage = { readonly page: number; readonly offset: number; readonly limit: number };

/**
 * The contract's paging: `page` (1-based, default 1) or `offset` (ads to skip), which wins; 20
 * per page (LIMITS.adPageSize), or `limit` ads (Load More's page with the cards it reads again).
 * An offset inside a page answers that page's number rounded down.
 */
export function adPage(input: {
  page?: number | undefined;
  offset?: number | undefined;
  limit?: number | undefined;
}): AdPage {
  const size = LIMITS.adPageSize;
  const limit = input.limit ?? size;
  if (input.offset !== undefined) {
    const offset = Math.max(0, Math.trunc(input.offset));
    return { page: Math.floor(offset / size) + 1, offset, limit };
  }
  const page = Math.max(1, Math.trunc(input.page ?? 1));
  return { page, offset: (page - 1) * size, limit };
}

/*
 * Search text → the tsquery the search runs. Each word of the text is a group of alternatives
 * (itself — the last word also as a prefix — and the known words it may be a misspelling of,
 * found with pg_trgm); the groups
 * are joined with AND, or with OR when no ad holds them all.
 */

/** A lexeme quoted for tsquery input, so nothing in it is read as an operator. */
export const quoteLexeme = (lexeme: string): string =>
  `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

export type SearchGroup = {
  readonly term: string;
  /** Also words starting with the term: the last word, which may still be being typed. */
  readonly prefix: boolean;
  /** Known words the term may be a misspelling (or another form) of. */
  readonly corrections: readonly string[];
  /**
   * Other ways of saying what the term names, each its words (all of them): another word for the
   * thing ('motorcycle' for 'bike', searchMeanings.ts), a place's name now ('Bangalore' →
   * bengaluru urban). Optional: none when absent.
   */
  readonly meanings?: readonly (readonly string[])[];
  /**
   * The known word this term and the next one make written as one ('sound bar' → 'soundbar'),
   * which stands for the two of them together.
   */
  readonly joinedWithNext?: string;
};

/** Terms shorter than this are matched only as typed (and as a prefix), never corrected. */
export const MIN_CORRECTED_LENGTH = 3;

/** Whether a term is worth correcting: long enough, and not a number (2019 is not 2018). */
export const isCorrectable = (term: string): boolean =>
  Array.from(term).length >= MIN_CORRECTED_LENGTH && !/^\d+$/.test(term);

/**
 * Edits (a letter added, dropped, changed, or two side by side swapped) between two words: the
 * optimal string alignment distance. 'swfit' → 'swift' is one; 'swfit' → 'swing', three.
 */
export function editsBetween(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  // d[i][j]: edits between x's first i letters and y's first j.
  const d = Array.from({ length: x.length + 1 }, (_, i) =>
    Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const changed = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + changed);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[x.length]![y.length]!;
}

/**
 * How many edits a correction may be from the typed word: one up to five letters, two from six,
 * three from nine. Trigrams find the candidates, but they weigh a swap of two letters ('swfit')
 * like a different word ('swing'); the edits tell a slip from another word. Two of a five-letter
 * word's letters changed make another word ('priya' → price, 'bikes' → likes), not a slip.
 */
export const correctionEdits = (term: string): number => {
  const letters = Array.from(term).length;
  return letters >= 9 ? 3 : letters >= 6 ? 2 : 1;
};

/** Whether `word` may be what was meant by `term`: within `correctionEdits` of it. */
export const mayMean = (term: string, word: string): boolean =>
  editsBetween(term, word) <= correctionEdits(term);

/**
 * Of the known words that `term` may mean (closest by trigrams first), those fewest edits away,
 * at most `limit`: a word one slip from it is what was meant over others two slips away ('flats'
 * means flat, not cats or boats).
 */
export function closestMeant(term: string, words: readonly string[], limit: number): string[] {
  const meant = words
    .filter((word) => mayMean(term, word))
    .map((word) => ({ word, edits: editsBetween(term, word) }));
  const fewest = Math.min(...meant.map(({ edits }) => edits));
  return meant
    .filter(({ edits }) => edits === fewest)
    .map(({ word }) => word)
    .slice(0, limit);
}

export function searchTsquery(groups: readonly SearchGroup[], join: 'and' | 'or'): string {
  const operator = join === 'and' ? ' & ' : ' | ';
  const clauses: string[] = [];
  for (let i = 0; i < groups.length; i++) {
    const group = groups[i]!;
    const next = groups[i + 1];
    if (group.joinedWithNext === undefined || next === undefined) {
      clauses.push(alternativesOf(group));
      continue;
    }
    // The two words, or the one word they make together.
    const both = `${alternativesOf(group)}${operator}${alternativesOf(next)}`;
    clauses.push(`(${both} | ${quoteLexeme(group.joinedWithNext)})`);
    i++;
  }
  return clauses.join(operator);
}

/**
 * A group's term (as a prefix too, when it is the last), its corrections and its meanings, any
 * of them; and the category it names, in the category and subcategory alone ('tv' finds the
 * 'TVs' subcategory, not TVS the motorcycle maker).
 */
function alternativesOf(group: SearchGroup): string {
  const term = `${quoteLexeme(group.term)}${group.prefix ? ':*' : ''}`;
  const meanings = (group.meanings ?? []).map((words) =>
    words.length === 1 ? quoteLexeme(words[0]!) : `(${words.map(quoteLexeme).join(' & ')})`,
  );
  const anywhere = new Set([group.term, ...group.corrections, ...(group.meanings ?? []).flat()]);
  // Only for a word that names a thing (searchMeanings.ts): any other's plural is noise.
  const category = (groupOf(group.term) ? categoryWordsFor(group.term) : [])
    .filter((word) => !anywhere.has(word))
    .map((word) => `${quoteLexeme(word)}:B`);
  return `(${[term, ...group.corrections.map(quoteLexeme), ...meanings, ...category].join(' | ')})`;
}

/**
 * The words by which an ad's category is what a term names (searchMeanings.ts), any of them, in
 * the category and subcategory alone (weight B): the ads it matches rank first.
 */
export const categoryTsquery = (groups: readonly Pick<SearchGroup, 'term'>[]): string =>
  [...new Set(groups.flatMap((group) => categoryWordsFor(group.term)))]
    .map((word) => `${quoteLexeme(word)}:B`)
    .join(' | ');

/**
 * The words as typed, any of them, with the words that two typed side by side make together and
 * the words of their meanings (another word for the thing, a place's name now): ranks ads holding
 * what was meant above corrections.
 */
export const exactTsquery = (
  groups: readonly Pick<SearchGroup, 'term' | 'joinedWithNext' | 'meanings'>[],
) =>
  [
    ...new Set(
      groups.flatMap((group) => [
        group.term,
        ...(group.joinedWithNext ? [group.joinedWithNext] : []),
        ...(group.meanings ?? []).flat(),
      ]),
    ),
  ]
    .map(quoteLexeme)
    .join(' | ');
