import { readFileSync } from 'node:fs';
import type { VehicleType } from '@boli/engine/ads/vehicleFields';

/*
 * The parts of the reference data (../reference-data/, validated by the reference seed step) the
 * demo catalogue draws from: categories, makes and models, and places that really exist.
 */

export type Category = { name: string; subcategories: { name: string }[] };
export type Makes = Readonly<Record<VehicleType, Readonly<Record<string, string[]>>>>;

/** One post office's place: a real pincode in a real district. */
export type Place = {
  pincode: string;
  /** The post office name without its HO/SO/BO suffix: a locality. */
  locality: string;
  district: string;
  state: string;
  /** Neighbourhoods of the district, when the reference data lists some. */
  neighbourhoods: readonly string[];
};

export type DemoReference = { categories: Category[]; makes: Makes; places: Place[] };

const read = <T>(file: string): T =>
  JSON.parse(readFileSync(new URL(`../reference-data/${file}.json`, import.meta.url), 'utf8')) as T;

let cached: DemoReference | undefined;

/** A post office's suffix (head, sub, branch, general, town sub-office), with what follows it. */
const OFFICE_SUFFIX = /\s+(ND\s*)?(H\.?P\.?O|G\.?P\.?O|T\.?S\.?O|H\.?O|S\.?O|B\.?O)\.?(\s.*)?$/i;

/**
 * The locality a post office names, as an ad would write it: without its office suffix (and the
 * district some add after it: 'Ramnagar S.O (West Tripura)'), and a name the list writes all in
 * capitals ('JHANSI HO') in title case. Capitals within a name ('Faridabad NIT') are kept.
 */
export function localityOf(officeName: string): string {
  const name = officeName.replace(OFFICE_SUFFIX, '').replace(/\s+/g, ' ').trim();
  if (name !== name.toUpperCase()) return name;
  return name
    .toLowerCase()
    .replace(
      /(^|[\s(-])(\p{L})/gu,
      (_, before: string, letter: string) => before + letter.toUpperCase(),
    );
}

export function demoReference(): DemoReference {
  if (cached) return cached;
  const categories = read<Category[]>('categories');
  const makes = read<Makes>('vehicles');
  const neighbourhoods = new Map(
    read<{ state: string; district: string; neighbourhoods: string[] }[]>(
      'india-neighbourhoods',
    ).map((entry) => [`${entry.state}|${entry.district}`, entry.neighbourhoods]),
  );
  const places = read<{ pincode: string; officeName: string; district: string; state: string }[]>(
    'pincodes-sample',
  ).map((office): Place => ({
    pincode: office.pincode,
    locality: localityOf(office.officeName),
    district: office.district,
    state: office.state,
    neighbourhoods: neighbourhoods.get(`${office.state}|${office.district}`) ?? [],
  }));
  cached = { categories, makes, places };
  return cached;
}
