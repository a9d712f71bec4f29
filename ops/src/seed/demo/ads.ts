import type { AdInput } from '@boli/engine/ads/ad.commands';
import { hasVehicleFields, isSports } from '@boli/engine/ads/ad.rules';
import { vehicleTypeOf } from '@boli/engine/ads/vehicleFields';
import { indiaYearOf } from '@boli/engine/shared/indiaTime';
import { LIMITS, SPORTS_AD_TYPES } from '@boli/engine/shared/limits';
import { rupeesToPaise } from '@boli/engine/shared/money';
import { ITEMS, VEHICLE_USE, type ItemKind } from './items.ts';
import { STREETS } from './members.ts';
import type { Random } from './random.ts';
import type { DemoReference, Place } from './reference.ts';

/*
 * One ad's form, as a member would fill it in: a real item of the subcategory, a price in its
 * range, a short description, a real place, and for vehicles a real make, model, year and
 * kilometres. Shared by the demo seed and `seed-scale`.
 */

export type AdForm = Omit<AdInput, 'phone' | 'displayPhone'>;

/** Rounds a price the way sellers write them: 1,450 not 1,447; 4,50,000 not 4,48,213. */
export function roundPrice(rupees: number): number {
  const step =
    rupees < 1_000
      ? 50
      : rupees < 10_000
        ? 100
        : rupees < 100_000
          ? 500
          : rupees < 1_000_000
            ? 5_000
            : 50_000;
  return Math.max(step, Math.round(rupees / step) * step);
}

const CONDITIONS = ['Excellent condition', 'Good condition', 'Like new', 'Well maintained'];
const REASONS = [
  'Selling as I am moving cities',
  'Upgraded, so selling',
  'Hardly used',
  'Bill and box available',
  'Price slightly negotiable',
];
const CLOSERS = ['Call or bid here.', 'Genuine buyers only.', 'Serious bidders please.', ''];

/** Below LIMITS.descriptionMaxExclusive characters, cut at a word. */
export function shortDescription(text: string): string {
  const limit = LIMITS.descriptionMaxExclusive - 1;
  const clean = text.replace(/\s+/g, ' ').trim();
  if (Array.from(clean).length <= limit) return clean;
  const cut = Array.from(clean)
    .slice(0, limit - 1)
    .join('');
  return `${cut.slice(0, cut.lastIndexOf(' '))}.`;
}

const indianNumber = (n: number): string => n.toLocaleString('en-IN');

function describe(random: Random, category: string, item: string, place: Place): string {
  const where = place.neighbourhoods.length > 0 ? place.district : place.locality;
  switch (category) {
    case 'Jobs':
      return `${item} needed in ${where}. ${random.pick(['Day shift', 'Full time', 'Part time', 'Rotational shift'])}, ${random.pick(['immediate joining', 'freshers welcome', '2+ years experience'])}. Salary per month.`;
    case 'Services':
      return `${item} in ${where} and nearby. ${random.pick(['10 years experience', 'Trained staff', 'Same day service', 'Free estimate'])}. ${random.pick(CLOSERS)}`;
    case 'Property':
    case 'Bank Auctions':
      return `${item} in ${where}. ${random.pick(['Clear title', 'Near main road', 'Close to school and market', 'Gated community'])}. ${random.pick(['Documents ready', 'Visit on weekends', 'Loan available'])}.`;
    case 'Sports':
      return `${item}, ${where}. ${random.pick(['Practice on weekends', 'District level experience', 'All ages welcome', 'Coaching available'])}. ${random.pick(CLOSERS)}`;
    case 'Pets':
      return `${item} in ${where}. ${random.pick(['Vaccinated', 'Healthy and active', 'Home bred', 'Dewormed'])}. ${random.pick(['Good home only', 'Food and toys included', ''])}`;
    default:
      return `${item}. ${random.pick(CONDITIONS)}. ${random.pick(REASONS)}. ${random.pick(CLOSERS)}`;
  }
}

type Vehicle = {
  item: string;
  /** A spare part: make, model and year name the vehicle it fits, not the item itself. */
  isPart: boolean;
  make: string;
  model: string;
  year: number;
  mileage: number;
  ownerOrDealer: 'Owner' | 'Dealer';
  newOrused: 'New' | 'Used';
  /** 0 for a new vehicle, 1 for the oldest: lowers the price. */
  wear: number;
};

function vehicle(
  random: Random,
  reference: DemoReference,
  category: string,
  subcategory: string,
  kind: ItemKind,
  currentYear: number,
): Vehicle | undefined {
  const type = vehicleTypeOf(category, subcategory);
  let item: string;
  let make: string;
  let model: string;
  let use = VEHICLE_USE[type ?? 'Bikes']!;
  const isPart = subcategory === 'Spare Parts';
  if (type !== undefined) {
    make = random.pick(Object.keys(reference.makes[type]));
    model = random.pick(reference.makes[type][make]!);
    item = `${make} ${model}`;
  } else if (isPart) {
    // A part is listed with the vehicle it fits (the form asks every Automobiles ad for one).
    item = random.pick(kind.items);
    const fits = /\bbike\b/i.test(item) ? 'Bikes' : 'Cars';
    make = random.pick(Object.keys(reference.makes[fits]));
    model = random.pick(reference.makes[fits][make]!);
    use = VEHICLE_USE[fits]!;
  } else if (kind.items.length > 0) {
    // Bicycles: the brand is the item's first word.
    item = random.pick(kind.items);
    [make = item, model = item] = [item.split(' ')[0], item.split(' ').slice(1).join(' ')];
    if (model === '') model = item;
  } else {
    return undefined;
  }
  const isNew = random.chance(isPart ? 0.7 : 0.12);
  const age = isNew ? 0 : random.int(1, use.maxAge);
  const mileage = isNew
    ? isPart
      ? 0
      : random.int(0, 5) * 10
    : Math.round((age * use.kmPerYear * (0.5 + random.next())) / 100) * 100;
  return {
    item,
    isPart,
    make,
    model,
    year: currentYear - age,
    mileage,
    ownerOrDealer: random.chance(isPart ? 0.3 : 0.7) ? 'Owner' : 'Dealer',
    newOrused: isNew ? 'New' : 'Used',
    wear: age / use.maxAge,
  };
}

/**
 * The ad form for this subcategory and place. `now` is the posting time: it bounds the year of
 * manufacture (the current year in India).
 */
export function adForm(
  random: Random,
  reference: DemoReference,
  ad: { category: string; subcategory: string; place: Place; now: string },
): AdForm {
  const { category, subcategory, place } = ad;
  const kind = ITEMS[category]?.[subcategory];
  if (kind === undefined) throw new Error(`No demo items for ${category} / ${subcategory}`);
  const currentYear = indiaYearOf(ad.now);
  const fields = { categoryname: category, subcategory };
  const car = vehicle(random, reference, category, subcategory, kind, currentYear);
  const withVehicle = car !== undefined && hasVehicleFields(fields);
  const item = car?.item ?? random.pick(kind.items);
  const share = car ? 0.2 + 0.8 * (1 - car.wear) * (0.6 + 0.4 * random.next()) : random.next();
  const rupees = roundPrice(kind.min + (kind.max - kind.min) * share * share);
  const neighbourHood =
    place.neighbourhoods.length > 0 ? random.pick(place.neighbourhoods) : place.locality;
  const description = !withVehicle
    ? describe(random, category, item, place)
    : car.isPart
      ? `${item}, fits ${car.make} ${car.model}. ${car.newOrused === 'New' ? 'Brand new, in its box' : `Used, ${indianNumber(car.mileage)} km, working condition`}. ${random.pick(CLOSERS)}`
      : `${car.year} model, ${indianNumber(car.mileage)} km, ${car.newOrused === 'New' ? 'brand new' : car.ownerOrDealer === 'Owner' ? 'first owner' : 'dealer stock'}. ${random.pick(CONDITIONS)}. ${random.pick(['All papers clear', 'Insurance valid', 'Service records available', 'Non-accidental'])}.`;
  return {
    itemName: item,
    categoryname: category,
    subcategory,
    type: isSports(category) ? random.pick(SPORTS_AD_TYPES) : null,
    price: rupeesToPaise(rupees)!,
    currencycode: 'INR',
    description: shortDescription(description),
    houseno: '',
    street: random.pick(STREETS),
    city: place.district,
    neighbourHood,
    district: place.district,
    pincode: place.pincode,
    state: place.state,
    country: 'India',
    make: withVehicle ? car.make : null,
    model: withVehicle ? car.model : null,
    mileage: withVehicle ? car.mileage : null,
    yearOfManufacture: withVehicle ? car.year : null,
    ownerOrDealer: withVehicle ? car.ownerOrDealer : null,
    newOrused: withVehicle ? car.newOrused : null,
  };
}

/** Every (category, subcategory) of the reference data, in its order. */
export const subcategoriesOf = (reference: DemoReference): [string, string][] =>
  reference.categories.flatMap((c) =>
    c.subcategories.map((s): [string, string] => [c.name, s.name]),
  );

/** How much more often people post in a category than in the rarest ones. */
const POPULARITY: Readonly<Record<string, number>> = {
  Automobiles: 8,
  Mobiles: 6,
  'Electronics & Appliances': 6,
  Property: 5,
  Furniture: 3,
  Fashion: 2,
  Jobs: 2,
  'Books & Hobbies': 2,
  Services: 2,
  Pets: 1,
  'Business & Industrial': 1,
  'Bank Auctions': 1,
  'Ships Boats': 1,
  Sports: 1,
};
const POPULAR_SUBCATEGORIES = new Set(['Cars', 'Bikes', 'Mobile Phones']);

const weightsCache = new WeakMap<DemoReference, { pair: [string, string]; upTo: number }[]>();

/** Each subcategory with the running total of weights up to and including it. */
function cumulativeWeights(reference: DemoReference) {
  const cached = weightsCache.get(reference);
  if (cached) return cached;
  let total = 0;
  const weights = reference.categories.flatMap((c) =>
    c.subcategories.map((s) => {
      const popular = POPULAR_SUBCATEGORIES.has(s.name) && c.name !== 'Bank Auctions';
      total += ((POPULARITY[c.name] ?? 1) / c.subcategories.length) * (popular ? 4 : 1);
      return { pair: [c.name, s.name] as [string, string], upTo: total };
    }),
  );
  weightsCache.set(reference, weights);
  return weights;
}

/** A (category, subcategory) drawn the way a marketplace's listings are spread. */
export function popularSubcategory(random: Random, reference: DemoReference): [string, string] {
  const weights = cumulativeWeights(reference);
  const target = random.next() * weights.at(-1)!.upTo;
  return (weights.find((entry) => target < entry.upTo) ?? weights.at(-1)!).pair;
}

/** A url-safe slug of the item name, for the ad's public uid. */
export const slugOf = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '') || 'ad';
