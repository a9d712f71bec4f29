/**
 * Which ads carry the vehicle fields, and which make/model list a subcategory draws from. One
 * rule for the ad posting checks, the ad list's filter panel and the make/model look-ups.
 *
 * The spec (sections 2 and 9): the vehicle fields are filters and ad fields for Automobiles and
 * Ships Boats, and for the Cars and Bikes subcategories of Bank Auctions. categories.json says
 * the same through its specialFilters; an integration test holds the two together.
 */

import { indiaYearOf } from '../shared/indiaTime.ts';

/** The vehicle fields, named as the ad entity names them. */
export const VEHICLE_FIELDS = [
  'make',
  'model',
  'yearOfManufacture',
  'mileage',
  'ownerOrDealer',
  'newOrUsed',
] as const;
export type VehicleField = (typeof VEHICLE_FIELDS)[number];

/** The make/model lists of the reference data (the top-level keys of vehicles.json). */
export const VEHICLE_TYPES = ['Bikes', 'Boats', 'Cars', 'Commercial Vehicles', 'Tractors'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

/** The oldest year of manufacture an ad may give. */
export const OLDEST_MANUFACTURING_YEAR = 1950;

/**
 * A category or subcategory name or slug in the slug form of the reference data: lower case,
 * '&' dropped, every other run of non-alphanumerics one '-'. 'Ships Boats' → 'ships-boats'.
 */
export const categorySlug = (nameOrSlug: string): string =>
  nameOrSlug
    .toLowerCase()
    .replaceAll('&', '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** Categories whose every ad (and every subcategory) has the vehicle fields. */
const WHOLE_CATEGORIES: ReadonlySet<string> = new Set(['automobiles', 'ships-boats']);

/** Categories where only some subcategories have them. */
const SOME_SUBCATEGORIES: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ['bank-auctions', new Set(['cars', 'bikes'])],
]);

/**
 * Whether an ad in this category (and subcategory, when one is chosen) has the vehicle fields.
 * Names or slugs are accepted. With no subcategory, only a category whose every subcategory has
 * them answers true: Bank Auctions alone does not show the vehicle filters.
 */
export function needsVehicleFields(category: string, subcategory?: string): boolean {
  const categoryKey = categorySlug(category);
  if (WHOLE_CATEGORIES.has(categoryKey)) return true;
  if (subcategory === undefined) return false;
  return SOME_SUBCATEGORIES.get(categoryKey)?.has(categorySlug(subcategory)) ?? false;
}

/** Subcategory slug → its make/model list, in the categories whose subcategories share one. */
const BY_SUBCATEGORY: ReadonlyMap<string, ReadonlyMap<string, VehicleType>> = new Map([
  [
    'automobiles',
    new Map<string, VehicleType>([
      ['cars', 'Cars'],
      ['bikes', 'Bikes'],
      ['commercial-vehicles', 'Commercial Vehicles'],
      ['tractors', 'Tractors'],
    ]),
  ],
  [
    'bank-auctions',
    new Map<string, VehicleType>([
      ['cars', 'Cars'],
      ['bikes', 'Bikes'],
      ['commercial-vehicles', 'Commercial Vehicles'],
    ]),
  ],
]);

/**
 * The make/model list an ad in this category and subcategory picks from, or undefined when there
 * is none (Spare Parts, Bicycles, Bank Auctions' Property, every non-vehicle category). Every
 * Ships Boats subcategory draws from Boats.
 */
export function vehicleTypeOf(category: string, subcategory: string): VehicleType | undefined {
  const categoryKey = categorySlug(category);
  if (categoryKey === 'ships-boats') return 'Boats';
  return BY_SUBCATEGORY.get(categoryKey)?.get(categorySlug(subcategory));
}

/**
 * The years an ad may give as its year of manufacture, newest first: the current year in India
 * (IST, so a listing posted just after midnight on 1 January already offers the new year) back
 * to the oldest allowed.
 */
export function manufacturingYears(now: Date, oldest = OLDEST_MANUFACTURING_YEAR): number[] {
  const current = indiaYearOf(now.toISOString());
  const years: number[] = [];
  for (let year = current; year >= oldest; year--) years.push(year);
  return years;
}
