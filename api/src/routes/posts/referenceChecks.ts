import type { AdInput } from '@boli/engine/ads/ad.commands';
import type { AdFieldError } from '@boli/engine/ads/ad.rules';
import { vehicleTypeOf } from '@boli/engine/ads/vehicleFields';
import type { AdFilterInput } from '@boli/projections/ads/ads.filters';
import type {
  AddressBook,
  CategoryTree,
  ReferenceCatalogue,
  VehicleList,
} from '../reference/catalogue.ts';
import { ValidationError } from '../../http/errors.ts';
import { neighbourhoodInList, placeInLists, placeMoved, type Place } from '../reference/place.ts';
import { adFormError } from './adForm.ts';

type Named = Pick<AdInput, 'categoryname' | 'subcategory' | 'currencycode' | 'make' | 'model'>;

const blank = (value: string | null | undefined) => (value ?? '').trim() === '';

/**
 * A vehicle's make and model, where its subcategory draws from a make/model list (`vehicleTypeOf`):
 * the make one of that list's, the model one of that make's, as the pickers offer them — not a
 * Maruti Swift posted as a boat, nor a car's make kept on an ad moved to Bikes. Found as the
 * pickers' look-ups find them (`VehicleList.make`, `.model`) and answered as the list writes them.
 */
function vehicleNamed(
  vehicles: VehicleList,
  where: { category: string; subcategory: string },
  ad: Partial<Named>,
): { named: Partial<Named>; errors: AdFieldError[] } {
  const type = vehicleTypeOf(where.category, where.subcategory);
  if (type === undefined || blank(ad.make)) return { named: {}, errors: [] };
  const make = vehicles.make(type, ad.make!);
  if (make === undefined) return { named: {}, errors: [{ field: 'make', code: 'UNKNOWN_MAKE' }] };
  if (blank(ad.model)) return { named: { make }, errors: [] };
  const model = vehicles.model(type, make, ad.model!);
  return model === undefined
    ? { named: { make }, errors: [{ field: 'model', code: 'UNKNOWN_MODEL' }] }
    : { named: { make, model }, errors: [] };
}

/**
 * What an ad form names from the reference data: the category and its subcategory (section 5's
 * pickers), a vehicle's make and model, and the currency. The pickers offer nothing else, so a
 * form naming others comes from no screen; taken, its ad would match none of the list's filters
 * and escape its category's rules (a car's make and model). Names are found as the pickers'
 * look-ups find them (any case, a slug) and answered as the list writes them, so the ad is filed
 * where its filters look. A blank one is the domain's to refuse as missing.
 */
export function namedInReference(
  reference: { categories: CategoryTree; addresses: AddressBook; vehicles: VehicleList },
  ad: Partial<Named>,
): { named: Partial<Named>; errors: AdFieldError[] } {
  const errors: AdFieldError[] = [];
  const named: { -readonly [K in keyof Named]?: Named[K] } = {};
  if (!blank(ad.categoryname)) {
    const found = reference.categories.named(ad.categoryname!, ad.subcategory ?? '');
    if (found.category === undefined) {
      errors.push({ field: 'categoryname', code: 'UNKNOWN_CATEGORY' });
    } else {
      named.categoryname = found.category;
      if (found.subcategory !== undefined) {
        named.subcategory = found.subcategory;
        const vehicle = vehicleNamed(
          reference.vehicles,
          { category: found.category, subcategory: found.subcategory },
          ad,
        );
        Object.assign(named, vehicle.named);
        errors.push(...vehicle.errors);
      } else if (!blank(ad.subcategory))
        errors.push({ field: 'subcategory', code: 'UNKNOWN_SUBCATEGORY' });
    }
  }
  if (!blank(ad.currencycode) && !reference.addresses.hasCurrency(ad.currencycode!))
    errors.push({ field: 'currencycode', code: 'INVALID_CURRENCY' });
  return { named, errors };
}

/**
 * The form's reference names as the list writes them (`namedInReference`), to store in place of
 * what was typed; or its field errors thrown.
 */
export async function judgeReferences(
  catalogue: ReferenceCatalogue,
  ad: Partial<Named>,
): Promise<Partial<Named>> {
  const [categories, addresses, vehicles] = await Promise.all([
    catalogue.categories(),
    catalogue.addresses(),
    catalogue.vehicles(),
  ]);
  const { named, errors } = namedInReference({ categories, addresses, vehicles }, ad);
  if (errors.length > 0) throw adFormError(errors);
  return named;
}

/**
 * What an edit changes of them, over what the ad has: the category, subcategory, make and model
 * together when any of them changes (a car's make does not stay on an ad moved to Bikes), the
 * currency when it does. An ad's other fields can be edited whatever they name (one posted
 * before a list changed).
 */
export function editedReferences(changes: Partial<Named>, ad: Named): Partial<Named> {
  const kind = ['categoryname', 'subcategory', 'make', 'model'] as const;
  const category = kind.some((field) => changes[field] !== undefined)
    ? {
        categoryname: changes.categoryname ?? ad.categoryname,
        subcategory: changes.subcategory ?? ad.subcategory,
        make: changes.make === undefined ? ad.make : changes.make,
        model: changes.model === undefined ? ad.model : changes.model,
      }
    : {};
  return {
    ...category,
    ...(changes.currencycode !== undefined ? { currencycode: changes.currencycode } : {}),
  };
}

/** A place with its neighbourhood, as a form gives it (`neighbourHood`) and a row keeps it. */
type PlaceTyped = Place & { readonly neighbourHood: string };
type PlaceStored = Place & { readonly neighbourhood: string };

/**
 * An ad's own place, when it is not where it was (the poster's, or the ad's before an edit):
 * its country, state and district as the lists write them (`placeInLists`), and its neighbourhood
 * as its district's list writes it (`neighbourhoodInList`: a Lucknow locality is no Bengaluru
 * ad's, and would be offered by Bengaluru's filter); or the refusal.
 */
export async function judgePlace(
  catalogue: ReferenceCatalogue,
  place: PlaceTyped,
  before: PlaceStored,
): Promise<Partial<PlaceTyped>> {
  if (!placeMoved(place, before) && place.neighbourHood === before.neighbourhood) return {};
  const addresses = await catalogue.addresses();
  const { named, errors } = placeInLists(addresses, place);
  if (errors.length > 0) throw new ValidationError(errors, errors[0]!.message);
  const hood = neighbourhoodInList(addresses, { ...place, ...named });
  if (hood.errors.length > 0) throw new ValidationError(hood.errors, hood.errors[0]!.message);
  return { ...named, ...hood.named };
}

/** The reference names a list's filters give, as an address may spell them. */
type ListNames = Pick<
  AdFilterInput,
  'category' | 'subcategory' | 'country' | 'state' | 'district' | 'neighbourHood'
>;

/**
 * A list's filters with their reference names as the lists write them, in whatever case (or, for
 * a category, slug) an address gave them — `?category=mobiles`, `?state=kerala` — since the ads
 * are filed under the lists' names. A name the lists do not have stays as given, and finds nothing.
 */
export async function listFilterNames<Query extends ListNames>(
  catalogue: ReferenceCatalogue,
  query: Query,
): Promise<Query> {
  const [categories, addresses] = await Promise.all([
    catalogue.categories(),
    catalogue.addresses(),
  ]);
  const named: Record<string, string> = {};
  if (!blank(query.category)) {
    const found = categories.named(query.category!, query.subcategory ?? '');
    if (found.category !== undefined) named.category = found.category;
    if (found.subcategory !== undefined) named.subcategory = found.subcategory;
  }
  const place = {
    country: query.country ?? '',
    state: query.state ?? '',
    district: query.district ?? '',
  };
  Object.assign(named, placeInLists(addresses, place).named);
  const where = { ...place, ...named };
  if (!blank(query.neighbourHood)) {
    const listed = neighbourhoodInList(addresses, {
      ...where,
      neighbourHood: query.neighbourHood!,
    });
    if (listed.named.neighbourHood !== undefined) named.neighbourHood = listed.named.neighbourHood;
  }
  return { ...query, ...named };
}
