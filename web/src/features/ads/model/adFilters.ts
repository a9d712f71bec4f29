import { INDIA, isIndia } from '@boli/engine/accounts/account.rules';
import { isSports } from '@boli/engine/ads/ad.rules';
import { needsVehicleFields } from '@boli/engine/ads/vehicleFields';
import { LIMITS } from '@boli/engine/shared/limits';
import { isDecimalText } from '@boli/engine/shared/money';
import { AMOUNT_FIELD, COUNT_FIELD, keptOf, type NumberField } from '../../../lib/numberInput.ts';
import { withPlaceDependantsCleared } from '../../../lib/placeFields.ts';
import { AD_PATHS } from '../ads.api.ts';
import { withinLength } from '@boli/engine/shared/characters';
import { isOneOf } from '@boli/engine/shared/oneOf';

/*
 * The ad list's filter panel (spec sections 2, 4 and 7) as plain data: which filters apply, what a
 * change clears, and the query the list sends.
 */

/** Every filter of section 7, as typed (numbers stay text until they are sent). */
export type AdFilters = {
  category: string;
  subcategory: string;
  country: string;
  state: string;
  district: string;
  neighbourHood: string;
  priceFrom: string;
  priceTo: string;
  make: string;
  model: string;
  yearOfManufactureFrom: string;
  yearOfManufactureTo: string;
  mileageFrom: string;
  mileageTo: string;
  ownerOrDealer: string;
  /** A Sports ad's type, Team or Player. */
  type: string;
};
export type AdFilterName = keyof AdFilters;

export const NO_FILTERS: AdFilters = {
  category: '',
  subcategory: '',
  country: '',
  state: '',
  district: '',
  neighbourHood: '',
  priceFrom: '',
  priceTo: '',
  make: '',
  model: '',
  yearOfManufactureFrom: '',
  yearOfManufactureTo: '',
  mileageFrom: '',
  mileageTo: '',
  ownerOrDealer: '',
  type: '',
};

/** The filters that exist only for vehicles (Automobiles, Ships Boats, Bank Auctions' Cars/Bikes). */
export const VEHICLE_FILTERS = [
  'make',
  'model',
  'yearOfManufactureFrom',
  'yearOfManufactureTo',
  'mileageFrom',
  'mileageTo',
  'ownerOrDealer',
] as const satisfies readonly AdFilterName[];

const isVehicleFilter = (name: AdFilterName): boolean => isOneOf(VEHICLE_FILTERS, name);

/** The filters that exist only in India. */
export const INDIA_FILTERS = [
  'district',
  'neighbourHood',
] as const satisfies readonly AdFilterName[];

/**
 * What changing a category filter empties (section 4): each list that depended on the old value.
 * What a place empties is lib/placeFields.ts's one table.
 */
const CLEARS: Partial<Record<AdFilterName, readonly AdFilterName[]>> = {
  category: ['subcategory', 'make', 'model', 'type'],
  subcategory: ['make', 'model'],
  make: ['model'],
};

/**
 * The price and mileage boxes take only numbers as they are typed, and say what they refused, as
 * Post Ad's do.
 */
const TYPED_AS: Partial<Record<AdFilterName, NumberField>> = {
  priceFrom: AMOUNT_FIELD,
  priceTo: AMOUNT_FIELD,
  mileageFrom: COUNT_FIELD,
  mileageTo: COUNT_FIELD,
};

/** How a price or mileage filter reads what is typed into it; undefined for the others. */
export const numberFilterOf = (name: AdFilterName) => TYPED_AS[name];

/** The vehicle filters show for the vehicle categories only (the engine's one rule). */
export const showsVehicleFilters = (filters: Pick<AdFilters, 'category' | 'subcategory'>) =>
  filters.category !== '' && needsVehicleFields(filters.category, filters.subcategory || undefined);

/** A Sports ad's type (Team or Player) is a filter in Sports only. */
export const showsSportsFilters = (filters: Pick<AdFilters, 'category'>) =>
  filters.category !== '' && isSports(filters.category);

/** District and neighbourhood show only when the country is India. */
export const showsIndiaFilters = (filters: Pick<AdFilters, 'country'>) => isIndia(filters.country);

/**
 * The country whose states the State filter offers: the one chosen, else India's (a marketplace
 * for India: a member looking for Karnataka need not pick India first).
 */
export const statesCountryOf = (filters: Pick<AdFilters, 'country'>): string =>
  filters.country || INDIA;

/**
 * The filters after `name` is set to `value` (a price or mileage only if it can be a number): the
 * dependent ones are emptied, and the filters that no longer apply (vehicle fields outside the
 * vehicle categories, district and neighbourhood outside India) are dropped.
 */
export function changeFilter(filters: AdFilters, name: AdFilterName, typed: string): AdFilters {
  const value = keptOf(TYPED_AS[name], typed);
  if (value === undefined || filters[name] === value) return filters;
  const next = withPlaceDependantsCleared({ ...filters, [name]: value }, name);
  for (const cleared of CLEARS[name] ?? []) next[cleared] = '';
  // A state chosen with no country is one of India's (statesCountryOf).
  if (name === 'state' && value !== '' && next.country === '') next.country = INDIA;
  if (!showsVehicleFilters(next)) for (const field of VEHICLE_FILTERS) next[field] = '';
  if (!showsIndiaFilters(next)) for (const field of INDIA_FILTERS) next[field] = '';
  if (!showsSportsFilters(next)) next.type = '';
  return next;
}

const FILTER_NAMES = Object.keys(NO_FILTERS) as AdFilterName[];

/**
 * The filters the address gives (?category=…&priceFrom=…): the list's filters live there, so
 * Back, a reload and a shared link keep them. A number is read as its box reads one typed
 * ('₹5,000' or Hindi digits '५०००' is 5000); one that cannot be a number stays as given, for
 * `filtersProblem` to say.
 */
export function filtersOfParams(params: URLSearchParams): AdFilters {
  const filters = { ...NO_FILTERS };
  for (const name of FILTER_NAMES) {
    const given = params.get(name) ?? '';
    filters[name] = NUMERIC.has(name)
      ? (keptOf(TYPED_AS[name] ?? COUNT_FIELD, given) ?? given)
      : given;
  }
  return filters;
}

/** The address's parameters with `filters` (only those set); any others (search) as they were. */
export function paramsWithFilters(params: URLSearchParams, filters: AdFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of FILTER_NAMES) {
    const value = filters[name].trim();
    if (value === '') next.delete(name);
    else next.set(name, value);
  }
  return next;
}

/**
 * The ad list's query for a search from the top bar: its text, and the filters the list shows
 * (`params`, the address's), which narrow the results as they narrowed the list; no text, none.
 */
export function searchParamsOf(text: string, params: URLSearchParams): URLSearchParams {
  const search = text.trim();
  return paramsWithFilters(new URLSearchParams(search ? { search } : {}), filtersOfParams(params));
}

/** The ad list's query with the search dropped and the filters kept (Show all ads). */
export const withoutSearch = (params: URLSearchParams): string =>
  searchParamsOf('', params).toString();

/** Clear is enabled once a category or a country is chosen (section 2). */
export const canClearFilters = (filters: AdFilters): boolean =>
  filters.category !== '' || filters.country !== '';

const NUMERIC: ReadonlySet<AdFilterName> = new Set([
  'priceFrom',
  'priceTo',
  'yearOfManufactureFrom',
  'yearOfManufactureTo',
  'mileageFrom',
  'mileageTo',
]);

/** A number the user typed, or undefined when the box is empty or not a non-negative number. */
const numberOf = (text: string): number | undefined => {
  const trimmed = text.trim();
  return isDecimalText(trimmed) ? Number(trimmed) : undefined;
};

export type AdListQuery = Record<string, string | number>;

/**
 * The query of GET /api/posts/filter and /api/globalAds for these filters and page (1-based):
 * only the filters that are set and apply, numbers as numbers.
 */
export function filterQuery(filters: AdFilters, page: number): AdListQuery {
  const query: AdListQuery = {};
  const vehicle = showsVehicleFilters(filters);
  const india = showsIndiaFilters(filters);
  for (const [name, raw] of Object.entries(filters) as [AdFilterName, string][]) {
    if (isVehicleFilter(name) && !vehicle) continue;
    if (isOneOf(INDIA_FILTERS, name) && !india) continue;
    if (name === 'type' && !showsSportsFilters(filters)) continue;
    if (NUMERIC.has(name)) {
      // As typed: a number too long for JavaScript's (99999999999999999999999) is still digits
      // to the api, where Number() would have sent 1e+23.
      if (numberOf(raw) !== undefined) query[name] = raw.trim();
    } else if (raw.trim() !== '') {
      query[name] = raw.trim();
    }
  }
  query.page = page;
  return query;
}

/** What is wrong with a range, and under which of its ends to say it. */
export type RangeProblem = { readonly at: 'from' | 'to'; readonly message: string };

/**
 * A range with an end that is not a number (typed in the address: the fields take only numbers),
 * or whose lower end is above its upper end; null when it can be applied.
 */
export function rangeProblem(from: string, to: string): RangeProblem | null {
  const low = numberOf(from);
  const high = numberOf(to);
  if (from.trim() !== '' && low === undefined) return { at: 'from', message: 'Enter a number' };
  if (to.trim() !== '' && high === undefined) return { at: 'to', message: 'Enter a number' };
  return low !== undefined && high !== undefined && low > high
    ? { at: 'to', message: 'From is above To' }
    : null;
}

/** The ranges of the filter panel, in its words. */
const RANGES = [
  ['Price', 'priceFrom', 'priceTo'],
  ['Year of manufacture', 'yearOfManufactureFrom', 'yearOfManufactureTo'],
  ['Mileage', 'mileageFrom', 'mileageTo'],
] as const satisfies readonly (readonly [string, AdFilterName, AdFilterName])[];

/**
 * Why filters from the address can match no ad whatever is posted ('Price: From is above To'), or
 * null: the panel refuses such a range, but a link or a typed address can carry one.
 */
export function filtersProblem(filters: AdFilters): string | null {
  for (const [label, from, to] of RANGES) {
    // A vehicle range is not applied, nor offered to mend, outside the vehicle categories.
    if (isVehicleFilter(from) && !showsVehicleFilters(filters)) continue;
    const problem = rangeProblem(filters[from], filters[to]);
    if (problem) return `${label}: ${problem.message}`;
  }
  return null;
}

/** How many filters are set: the Filter button shows it. */
export const activeFilterCount = (filters: AdFilters): number =>
  Object.keys(filterQuery(filters, 1)).length - 1;

/**
 * Which part of a list to read: page `page` (1-based), or from `offset` ads in when given; `limit`
 * ads, else a page's (LIMITS.adPageSize).
 */
export type PageAsked = {
  readonly page: number;
  readonly offset?: number;
  readonly limit?: number;
};

/**
 * What Load More reads: the next page, begun a few cards before the last one shown
 * (LIMITS.adListReadAgain), and those cards besides the page's 20. An ad gone since from those
 * above (its owner blocked, edited out of the filters) moves the rest up a place, so read from
 * right after the cards shown, the first of the next would be missed; those read again are left
 * out (`withFurtherPage`), and the 20 after them are the page's.
 */
export function furtherPage(shown: number, lastPage: number): PageAsked {
  const offset = Math.max(0, shown - LIMITS.adListReadAgain);
  return { page: lastPage + 1, offset, limit: LIMITS.adPageSize + (shown - offset) };
}

/**
 * The reads that show pages 1 to `last` as Load More showed them (each page before the last having
 * come back full), all asked at once: a list reloaded after Load More was pressed.
 */
export function loadMoreReads(last: number): PageAsked[] {
  const reads: PageAsked[] = [{ page: 1 }];
  for (let page = 1; page < last; page++) reads.push(furtherPage(page * LIMITS.adPageSize, page));
  return reads;
}

/** Load More raises the page only when the last page came back full (section 4): all it asked. */
export const hasMoreAds = (lastPageSize: number, asked: PageAsked): boolean =>
  lastPageSize >= (asked.limit ?? LIMITS.adPageSize);

/**
 * The cards after Load More: the next page after those shown, less any ad already shown. Pages
 * are counted from the newest, so an ad posted meanwhile moves the older ones down a place, and
 * the last cards of one page came again at the top of the next.
 */
export function withFurtherPage<Ad extends { readonly _id: string }>(
  shown: readonly Ad[],
  page: readonly Ad[],
): Ad[] {
  const seen = new Set(shown.map((ad) => ad._id));
  return [...shown, ...page.filter((ad) => !seen.has(ad._id))];
}

/**
 * Said under 'No Ads Available' for a search of no word (😀, '🇮🇳 !!'): the search's words are
 * letters and digits of any script (PostgreSQL's text parser), and it finds nothing by emoji.
 */
export const WORDLESS_SEARCH_HINT =
  'Search finds ads by their words and numbers, not by emoji or symbols.';

/** Whether a search holds no letter or digit, so no ad can match it. */
export const isWordlessSearch = (search: string): boolean =>
  search !== '' && !/[\p{L}\p{N}]/u.test(search);

/** What an ad list shows: the top bar's search, or every ad; the filters; guests or a member. */
export type AdListKind = { member: boolean; search: string; filters: AdFilters };

/** The list an address asks for (/ and /ads): its ?search= and its filters. */
export const adListOfParams = (params: URLSearchParams, member: boolean): AdListKind => ({
  member,
  // A longer one (a link typed or cut elsewhere) is searched for as far as the box would take it.
  search: withinLength(params.get('search')?.trim() ?? '', LIMITS.adSearchMax).trim(),
  filters: filtersOfParams(params),
});

/**
 * The call that reads a page of an ad list (`PageAsked`): GET /api/posts/searchAds with a
 * search, else /api/posts/filter for a member and /api/globalAds for a guest.
 */
export function adListRequest(
  { member, search, filters }: AdListKind,
  { page, offset, limit }: PageAsked,
): { path: string; query: AdListQuery } {
  const query = {
    ...filterQuery(filters, page),
    ...(offset === undefined ? {} : { offset }),
    ...(limit === undefined ? {} : { limit }),
  };
  if (search) return { path: AD_PATHS.search, query: { ...query, search } };
  return { path: member ? AD_PATHS.filter : AD_PATHS.globalAds, query };
}
