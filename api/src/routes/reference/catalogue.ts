import type { Knex } from 'knex';
import { INDIA } from '@boli/engine/accounts/account.rules';
import { vehicleTypeOf, type VehicleType } from '@boli/engine/ads/vehicleFields';
import { REFERENCE_TABLES as T } from './reference.migrations.ts';
import { ttlCache } from './cache.ts';

/**
 * The reference data as the web shows it, held in memory: it is small (a few thousand rows) and
 * changes only when the seed runs. Look-ups take what the spec's forms send — names, in any
 * case — and also codes, slugs and a district's former names (Gurgaon, Bombay).
 */

export type Country = {
  _id: string;
  name: string;
  code: string;
  dialCode: string;
  currency: string | null;
};
export type State = { _id: string; name: string; code: string };
export type Place = { _id: string; name: string };
export type Category = {
  _id: string;
  name: string;
  slug: string;
  specialFilters: string[];
  attributes: string[];
  adTypes: string[];
};
/** specialFilters: every filter that applies once this subcategory is chosen (its category's too). */
export type Subcategory = {
  _id: string;
  name: string;
  slug: string;
  specialFilters: string[];
  attributes: string[];
};
export type Make = { _id: string; name: string };
export type Model = { _id: string; name: string };

/** The key a user's spelling is looked up by: trimmed, single-spaced, case-folded. */
export const lookupKey = (text: string): string =>
  text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/** A readable id part: 'Mumbai City' → 'mumbai-city', 'GO+' → 'go-plus', 'Bhāi' → 'bhai'. */
export const idPart = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replaceAll('+', ' plus ')
    .replaceAll('&', ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
const byName = (a: { name: string }, b: { name: string }) => collator.compare(a.name, b.name);
/**
 * Countries for the pickers: India, the marketplace's own, first (most members pick it, and on a
 * phone's list it was a hundred entries down), then every other by name.
 */
const indiaFirst = (a: { name: string }, b: { name: string }) =>
  Number(b.name === INDIA) - Number(a.name === INDIA) || byName(a, b);

const push = <K, V>(map: Map<K, V[]>, key: K, value: V): void => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

export type AddressBook = ReturnType<typeof addressBook>;
type CountryRow = { code: string; name: string; dial_code: string; currency: string | null };
type StateRow = { country_code: string; code: string; name: string };
type DistrictRow = { country_code: string; state_code: string; name: string };
type AliasRow = { country_code: string; state_code: string; alias: string; district: string };
type NeighbourhoodRow = DistrictRow & { district: string };

export async function loadAddressBook(db: Knex): Promise<AddressBook> {
  const [countries, states, districts, aliases, neighbourhoods] = await Promise.all([
    db<CountryRow>(T.countries).select('code', 'name', 'dial_code', 'currency'),
    db<StateRow>(T.states).select('country_code', 'code', 'name'),
    db<DistrictRow>(T.districts).select('country_code', 'state_code', 'name'),
    db<AliasRow>(T.districtAliases).select('country_code', 'state_code', 'alias', 'district'),
    db<NeighbourhoodRow>(T.neighbourhoods).select('country_code', 'state_code', 'district', 'name'),
  ]);
  return addressBook({ countries, states, districts, aliases, neighbourhoods });
}

/** Countries, their states, districts and neighbourhoods, with look-ups by what users type. */
export function addressBook(rows: {
  countries: CountryRow[];
  states: StateRow[];
  districts: DistrictRow[];
  aliases: AliasRow[];
  neighbourhoods: NeighbourhoodRow[];
}) {
  const countries: Country[] = rows.countries
    .map((c) => ({
      _id: c.code,
      name: c.name,
      code: c.code,
      dialCode: c.dial_code,
      currency: c.currency,
    }))
    .sort(indiaFirst);
  const countryCode = new Map<string, string>();
  for (const c of countries) {
    countryCode.set(lookupKey(c.code), c.code);
    countryCode.set(lookupKey(c.name), c.code);
  }

  const states = new Map<string, State[]>();
  const stateCode = new Map<string, string>();
  for (const s of [...rows.states].sort(byName)) {
    push(states, s.country_code, {
      _id: `${s.country_code}-${s.code}`,
      name: s.name,
      code: s.code,
    });
    stateCode.set(`${s.country_code}|${lookupKey(s.name)}`, s.code);
    stateCode.set(`${s.country_code}|${lookupKey(s.code)}`, s.code);
  }

  const districts = new Map<string, Place[]>();
  const districtName = new Map<string, string>();
  for (const d of [...rows.districts].sort(byName)) {
    const state = `${d.country_code}|${d.state_code}`;
    push(districts, state, {
      _id: `${d.country_code}-${d.state_code}:${idPart(d.name)}`,
      name: d.name,
    });
    districtName.set(`${state}|${lookupKey(d.name)}`, d.name);
  }
  for (const a of rows.aliases) {
    const key = `${a.country_code}|${a.state_code}|${lookupKey(a.alias)}`;
    // A district's own name wins over another district's former name.
    if (!districtName.has(key)) districtName.set(key, a.district);
  }

  const neighbourhoods = new Map<string, Place[]>();
  for (const n of [...rows.neighbourhoods].sort(byName)) {
    const district = `${n.country_code}|${n.state_code}|${n.district}`;
    const _id = `${n.country_code}-${n.state_code}:${idPart(n.district)}:${idPart(n.name)}`;
    push(neighbourhoods, district, { _id, name: n.name });
  }

  const findCountry = (country: string) => countryCode.get(lookupKey(country));
  const findState = (country: string, state: string) => {
    const code = findCountry(country);
    const found = code && stateCode.get(`${code}|${lookupKey(state)}`);
    return code && found ? { country: code, state: found } : undefined;
  };

  const currencies = new Set(countries.flatMap((c) => (c.currency ? [c.currency] : [])));
  return {
    countries: (): Country[] => countries,
    /** Whether some country pays in this currency (ISO 4217 code, as the ad form sends it). */
    hasCurrency: (code: string): boolean => currencies.has(code.trim().toUpperCase()),
    /** Empty for a country without a state list here (every country but India, today). */
    states: (country: string): State[] => states.get(findCountry(country) ?? '') ?? [],
    districts(country: string, state: string): Place[] {
      const found = findState(country, state);
      return (found && districts.get(`${found.country}|${found.state}`)) || [];
    },
    /**
     * The list's own names of a place, found as the pickers' look-ups find them (any case, a
     * code, a district's former name): undefined for a part the list does not have, null for one
     * it keeps no list of (the states outside India, say).
     */
    placeNamed(
      country: string,
      state: string,
      district: string,
    ): { country?: string; state?: string | null; district?: string | null } {
      const code = findCountry(country);
      if (code === undefined) return {};
      const countryName = countries.find((c) => c.code === code)!.name;
      if ((states.get(code) ?? []).length === 0)
        return { country: countryName, state: null, district: null };
      const found = findState(country, state);
      if (found === undefined) return { country: countryName };
      const stateName = states.get(code)!.find((s) => s.code === found.state)!.name;
      if ((districts.get(`${code}|${found.state}`) ?? []).length === 0)
        return { country: countryName, state: stateName, district: null };
      const districtFound = districtName.get(`${code}|${found.state}|${lookupKey(district)}`);
      return { country: countryName, state: stateName, district: districtFound };
    },
    neighbourhoods(country: string, state: string, district: string): Place[] {
      const found = findState(country, state);
      if (!found) return [];
      const name = districtName.get(`${found.country}|${found.state}|${lookupKey(district)}`);
      if (name === undefined) return [];
      return neighbourhoods.get(`${found.country}|${found.state}|${name}`) ?? [];
    },
  };
}

export type CategoryTree = ReturnType<typeof categoryTree>;
type CategoryRow = {
  slug: string;
  name: string;
  special_filters: string[];
  attributes: string[];
  ad_types: string[];
};
type SubcategoryRow = Omit<CategoryRow, 'ad_types'> & { category_slug: string };

export async function loadCategoryTree(db: Knex): Promise<CategoryTree> {
  const [categories, subcategories] = await Promise.all([
    db<CategoryRow>(T.categories).select(
      'slug',
      'name',
      'special_filters',
      'attributes',
      'ad_types',
    ),
    db<SubcategoryRow>(T.subcategories).select(
      'category_slug',
      'slug',
      'name',
      'special_filters',
      'attributes',
    ),
  ]);
  return categoryTree(categories, subcategories);
}

/** Categories and their subcategories, found by name or slug. */
export function categoryTree(categoryRows: CategoryRow[], subcategoryRows: SubcategoryRow[]) {
  const categories: Category[] = categoryRows
    .map((c) => ({
      _id: c.slug,
      name: c.name,
      slug: c.slug,
      specialFilters: c.special_filters,
      attributes: c.attributes,
      adTypes: c.ad_types,
    }))
    .sort(byName);
  const categoryBySlug = new Map(categories.map((c) => [c.slug, c]));
  const categorySlug = new Map<string, string>();
  for (const c of categories) {
    categorySlug.set(lookupKey(c.name), c.slug);
    categorySlug.set(lookupKey(c.slug), c.slug);
  }

  const subcategories = new Map<string, Subcategory[]>();
  /** Subcategory name or slug → the categories that have one so called (Cars: two). */
  const categoriesWith = new Map<string, Array<{ category: string; subcategory: string }>>();
  for (const s of [...subcategoryRows].sort(byName)) {
    const inherited = categoryBySlug.get(s.category_slug)?.specialFilters ?? [];
    push(subcategories, s.category_slug, {
      _id: `${s.category_slug}:${s.slug}`,
      name: s.name,
      slug: s.slug,
      specialFilters: [...new Set([...inherited, ...s.special_filters])],
      attributes: s.attributes,
    });
    const found = { category: s.category_slug, subcategory: s.slug };
    push(categoriesWith, lookupKey(s.name), found);
    if (lookupKey(s.slug) !== lookupKey(s.name)) push(categoriesWith, lookupKey(s.slug), found);
  }

  return {
    categories: (): Category[] => categories,
    subcategories: (category: string): Subcategory[] =>
      subcategories.get(categorySlug.get(lookupKey(category)) ?? '') ?? [],
    /**
     * The list's own names of a category and a subcategory under it, found by name or slug in
     * any case; undefined for either the list does not have.
     */
    named(category: string, subcategory: string): { category?: string; subcategory?: string } {
      const slug = categorySlug.get(lookupKey(category));
      if (slug === undefined) return {};
      const wanted = lookupKey(subcategory);
      const sub = (subcategories.get(slug) ?? []).find(
        (s) => lookupKey(s.name) === wanted || lookupKey(s.slug) === wanted,
      );
      return { category: categoryBySlug.get(slug)!.name, subcategory: sub?.name };
    },
    /**
     * The make/model list of a subcategory. The spec's look-up sends only the subcategory, so
     * when no category is given every category having that subcategory is asked; those with a
     * list must agree on it.
     */
    vehicleType(subcategory: string, category?: string): VehicleType | undefined {
      const wanted = category === undefined ? undefined : categorySlug.get(lookupKey(category));
      if (category !== undefined && wanted === undefined) return undefined;
      const types = new Set(
        (categoriesWith.get(lookupKey(subcategory)) ?? [])
          .filter((found) => wanted === undefined || found.category === wanted)
          .map((found) => vehicleTypeOf(found.category, found.subcategory))
          .filter((type) => type !== undefined),
      );
      const [only, ...others] = [...types];
      return others.length === 0 ? only : undefined;
    },
  };
}

export type VehicleList = ReturnType<typeof vehicleList>;
type MakeRow = { vehicle_type: string; name: string };
type ModelRow = { vehicle_type: string; make: string; name: string };

export async function loadVehicleList(db: Knex): Promise<VehicleList> {
  const [makes, models] = await Promise.all([
    db<MakeRow>(T.vehicleMakes).select('vehicle_type', 'name'),
    db<ModelRow>(T.vehicleModels).select('vehicle_type', 'make', 'name'),
  ]);
  return vehicleList(makes, models);
}

/** Makes per vehicle type, and models per make. */
export function vehicleList(makeRows: MakeRow[], modelRows: ModelRow[]) {
  const makes = new Map<string, Make[]>();
  const makeName = new Map<string, string>();
  for (const m of [...makeRows].sort(byName)) {
    push(makes, m.vehicle_type, { _id: idPart(m.name), name: m.name });
    makeName.set(`${m.vehicle_type}|${lookupKey(m.name)}`, m.name);
    makeName.set(`${m.vehicle_type}|${idPart(m.name)}`, m.name);
  }
  const models = new Map<string, Model[]>();
  const modelName = new Map<string, string>();
  for (const m of [...modelRows].sort(byName)) {
    push(models, `${m.vehicle_type}|${m.make}`, {
      _id: `${idPart(m.make)}:${idPart(m.name)}`,
      name: m.name,
    });
    modelName.set(`${m.vehicle_type}|${m.make}|${lookupKey(m.name)}`, m.name);
    modelName.set(`${m.vehicle_type}|${m.make}|${idPart(m.name)}`, m.name);
  }
  /** A make of the type's list as the list writes it, spelt any way the look-ups take. */
  const make = (type: VehicleType | undefined, spelt: string): string | undefined =>
    type &&
    (makeName.get(`${type}|${lookupKey(spelt)}`) ?? makeName.get(`${type}|${idPart(spelt)}`));
  return {
    makes: (type: VehicleType | undefined): Make[] => (type && makes.get(type)) || [],
    models(type: VehicleType | undefined, spelt: string): Model[] {
      const name = make(type, spelt);
      return (name !== undefined && models.get(`${type}|${name}`)) || [];
    },
    make,
    /** A model of the make's list as the list writes it, spelt any way the look-ups take. */
    model(type: VehicleType | undefined, makeSpelt: string, spelt: string): string | undefined {
      const name = make(type, makeSpelt);
      if (name === undefined) return undefined;
      return (
        modelName.get(`${type}|${name}|${lookupKey(spelt)}`) ??
        modelName.get(`${type}|${name}|${idPart(spelt)}`)
      );
    },
  };
}

/** How long reference data read from PostgreSQL is kept in memory: only the seed changes it. */
const REFERENCE_TTL_MS = 5 * 60_000;

function loadedCatalogue(db: Knex) {
  const cache = ttlCache(REFERENCE_TTL_MS);
  return {
    addresses: () => cache.get('addresses', () => loadAddressBook(db)),
    categories: () => cache.get('categories', () => loadCategoryTree(db)),
    vehicles: () => cache.get('vehicles', () => loadVehicleList(db)),
  };
}

export type ReferenceCatalogue = ReturnType<typeof loadedCatalogue>;

const catalogues = new WeakMap<Knex, ReferenceCatalogue>();

/**
 * The reference data as PostgreSQL holds it, kept in memory once per database: the pickers' calls
 * and the checks of what a form names (ads, profiles) read the same copy.
 */
export function referenceCatalogue(db: Knex): ReferenceCatalogue {
  let catalogue = catalogues.get(db);
  if (catalogue === undefined) catalogues.set(db, (catalogue = loadedCatalogue(db)));
  return catalogue;
}
