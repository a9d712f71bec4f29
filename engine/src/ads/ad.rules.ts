import { indiaYearOf } from '../shared/indiaTime.ts';
import { LIMITS, SPORTS_AD_TYPES } from '../shared/limits.ts';
import { MESSAGES } from '../shared/messages.ts';
import { AD_MESSAGES } from './ad.messages.ts';
import type { AdInput } from './ad.commands.ts';
import {
  DEFAULT_CURRENCY,
  GALLERY_TYPES,
  NEW_OR_USED,
  OWNER_OR_DEALER,
  type AdDetails,
  type GalleryItem,
  type NewOrUsed,
  type OwnerOrDealer,
  type SportsAdType,
} from './ad.events.ts';
import { categorySlug, needsVehicleFields, OLDEST_MANUFACTURING_YEAR } from './vehicleFields.ts';
import { pincodeFormatRule } from '../accounts/account.rules.ts';
import { characterCount, isBlank } from '../shared/characters.ts';

/*
 * Section 5's post-ad rules, shared by PostAd and EditAd (an edit is judged on the whole ad it
 * leaves behind). Every broken rule is listed; the decider throws the first one's code and hands
 * the api the whole list in `details.errors`.
 */

export type AdFieldErrorCode =
  | 'REQUIRED_FIELD_MISSING'
  | 'ADDRESS_REQUIRED'
  | 'INVALID_PHONE'
  | 'INVALID_PINCODE'
  | 'DESCRIPTION_TOO_LONG'
  | 'ITEM_NAME_TOO_LONG'
  | 'PLACE_TOO_LONG'
  | 'INVALID_PRICE'
  | 'INVALID_CURRENCY'
  /** Not in the reference data (the api checks it; the domain does not hold the lists). */
  | 'UNKNOWN_CATEGORY'
  | 'UNKNOWN_SUBCATEGORY'
  | 'UNKNOWN_MAKE'
  | 'UNKNOWN_MODEL'
  | 'SPORTS_TYPE_REQUIRED'
  | 'VEHICLE_FIELDS_REQUIRED'
  | 'INVALID_MILEAGE'
  | 'INVALID_YEAR_OF_MANUFACTURE'
  | 'INVALID_VEHICLE_FIELD';

export type AdFieldError = {
  readonly field: keyof AdDetails;
  readonly code: AdFieldErrorCode;
  /** The spec's words, where it has some for this rule. */
  readonly message?: string;
};

const oneOf = <T extends string>(list: readonly T[], value: string | null | undefined) =>
  list.find((item) => item === value?.trim()) ?? null;

export const isSports = (categoryname: string): boolean => categorySlug(categoryname) === 'sports';

/** Whether this ad carries the vehicle fields (the shared rule of vehicleFields.ts). */
export const hasVehicleFields = (ad: Pick<AdInput, 'categoryname' | 'subcategory'>): boolean =>
  needsVehicleFields(ad.categoryname, isBlank(ad.subcategory) ? undefined : ad.subcategory);

/** The parts of an ad's address typed in, not chosen from the reference lists. */
export const AD_PLACE_FIELDS = [
  'houseno',
  'street',
  'city',
] as const satisfies readonly (keyof AdDetails)[];

/** The fields named as the Ad names them (vehicleFields.ts spells the last one `newOrUsed`). */
const VEHICLE_AD_FIELDS = [
  'make',
  'model',
  'yearOfManufacture',
  'mileage',
  'ownerOrDealer',
  'newOrused',
] as const satisfies readonly (keyof AdDetails)[];

/*
 * Each field's own rules: normalizeAd judges the ad by them, and the web's Post Ad form checks
 * what is typed by the same ones (web/src/features/ads/model/adForm.ts) before sending it.
 */

export const isItemNameTooLong = (itemName: string): boolean =>
  characterCount(itemName.trim()) > LIMITS.itemNameMax;

export const isDescriptionTooLong = (description: string): boolean =>
  characterCount(description) >= LIMITS.descriptionMaxExclusive;

/** A house number, street or town (AD_PLACE_FIELDS) longer than LIMITS.adPlaceMax. */
export const isPlaceTooLong = (place: string): boolean =>
  characterCount(place.trim()) > LIMITS.adPlaceMax;

/** Whole paise, 0 or more: a price may be 0 (an item given away, or left to the bids). */
export const isPrice = (paise: number): boolean => Number.isSafeInteger(paise) && paise >= 0;

/** Kilometres, 0 to LIMITS.adMileageMaxKm. */
export const isMileage = (km: number): boolean =>
  Number.isFinite(km) && km >= 0 && km <= LIMITS.adMileageMaxKm;

/** An ad's phone, trimmed, when one is given: exactly LIMITS.phoneDigits digits. */
export const isAdPhone = (phone: string): boolean =>
  new RegExp(`^\\d{${LIMITS.phoneDigits}}$`).test(phone);

/**
 * The ad as it will be stored (trimmed, INR by default, Sports type and vehicle fields only where
 * they belong, null elsewhere) and every rule it breaks.
 */
export const normalizeAd = (
  input: AdInput,
  now: string,
): { readonly details: AdDetails; readonly errors: readonly AdFieldError[] } => {
  const errors: AdFieldError[] = [];
  const fail = (field: keyof AdDetails, code: AdFieldErrorCode, message?: string) =>
    errors.push(message === undefined ? { field, code } : { field, code, message });

  for (const field of ['itemName', 'categoryname', 'subcategory', 'description'] as const) {
    if (isBlank(input[field])) fail(field, 'REQUIRED_FIELD_MISSING', MESSAGES.cannotBeBlank);
  }
  if (isItemNameTooLong(input.itemName ?? '')) fail('itemName', 'ITEM_NAME_TOO_LONG');
  if (isDescriptionTooLong(input.description ?? '')) fail('description', 'DESCRIPTION_TOO_LONG');
  if (!isPrice(input.price)) fail('price', 'INVALID_PRICE');
  const currencycode = isBlank(input.currencycode)
    ? DEFAULT_CURRENCY
    : (input.currencycode ?? '').trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currencycode)) fail('currencycode', 'INVALID_CURRENCY');

  const phone = (input.phone ?? '').trim();
  if (phone === '' && input.displayPhone) {
    fail('phone', 'REQUIRED_FIELD_MISSING', MESSAGES.cannotBeBlank);
  } else if (phone !== '' && !isAdPhone(phone)) {
    fail('phone', 'INVALID_PHONE', MESSAGES.invalidMobile);
  }
  // Optional on an ad; when given, written as a profile's is.
  for (const message of pincodeFormatRule(input.pincode ?? undefined)) {
    fail('pincode', 'INVALID_PINCODE', message);
  }
  // "Post Ad needs the user's country, state, city and street filled in."
  for (const field of ['country', 'state', 'city', 'street'] as const) {
    if (isBlank(input[field])) fail(field, 'ADDRESS_REQUIRED', MESSAGES.addressRequired);
  }
  for (const field of AD_PLACE_FIELDS) {
    if (isPlaceTooLong(input[field] ?? '')) fail(field, 'PLACE_TOO_LONG', AD_MESSAGES.placeTooLong);
  }

  let type: SportsAdType | null = null;
  if (isSports(input.categoryname ?? '')) {
    type = oneOf(SPORTS_AD_TYPES, input.type);
    if (type === null) fail('type', 'SPORTS_TYPE_REQUIRED');
  }

  const vehicle = hasVehicleFields(input);
  let make: string | null = null;
  let model: string | null = null;
  let mileage: number | null = null;
  let yearOfManufacture: number | null = null;
  let ownerOrDealer: OwnerOrDealer | null = null;
  let newOrused: NewOrUsed | null = null;
  if (vehicle) {
    const missing = VEHICLE_AD_FIELDS.filter((field) => {
      const value = input[field];
      return value === null || value === undefined || (typeof value === 'string' && isBlank(value));
    });
    for (const field of missing) fail(field, 'VEHICLE_FIELDS_REQUIRED');
    make = isBlank(input.make) ? null : (input.make ?? '').trim();
    model = isBlank(input.model) ? null : (input.model ?? '').trim();
    if (input.mileage !== null && input.mileage !== undefined) {
      if (isMileage(input.mileage)) mileage = input.mileage;
      else fail('mileage', 'INVALID_MILEAGE');
    }
    const year = input.yearOfManufacture;
    if (year !== null && year !== undefined) {
      const valid =
        Number.isInteger(year) && year >= OLDEST_MANUFACTURING_YEAR && year <= indiaYearOf(now);
      if (valid) yearOfManufacture = year;
      else fail('yearOfManufacture', 'INVALID_YEAR_OF_MANUFACTURE');
    }
    ownerOrDealer = oneOf(OWNER_OR_DEALER, input.ownerOrDealer);
    if (ownerOrDealer === null && !isBlank(input.ownerOrDealer)) {
      fail('ownerOrDealer', 'INVALID_VEHICLE_FIELD');
    }
    newOrused = oneOf(NEW_OR_USED, input.newOrused);
    if (newOrused === null && !isBlank(input.newOrused)) fail('newOrused', 'INVALID_VEHICLE_FIELD');
  }

  const text = (value: string | null | undefined): string => (value ?? '').trim();
  const details: AdDetails = {
    itemName: text(input.itemName),
    categoryname: text(input.categoryname),
    subcategory: text(input.subcategory),
    type,
    price: input.price,
    currencycode,
    description: text(input.description),
    phone,
    displayPhone: input.displayPhone === true,
    houseno: text(input.houseno),
    street: text(input.street),
    city: text(input.city),
    neighbourHood: text(input.neighbourHood),
    district: text(input.district),
    pincode: text(input.pincode),
    state: text(input.state),
    country: text(input.country),
    make,
    model,
    mileage,
    yearOfManufacture,
    ownerOrDealer,
    newOrused,
  };
  return { details, errors };
};

export type MediaErrorCode = 'MEDIA_REQUIRED' | 'TOO_MANY_MEDIA' | 'INVALID_MEDIA';

export const isGalleryItem = (item: GalleryItem): boolean =>
  GALLERY_TYPES.includes(item.galleryType) && !isBlank(item.name);

/** The first rule a gallery breaks, if any: 1 to LIMITS.adMedia.maxFiles distinct files. */
export const galleryError = (media: readonly GalleryItem[]): MediaErrorCode | null => {
  if (media.length === 0) return 'MEDIA_REQUIRED';
  if (media.length > LIMITS.adMedia.maxFiles) return 'TOO_MANY_MEDIA';
  const names = new Set(media.map((item) => item.name));
  if (names.size !== media.length || !media.every(isGalleryItem)) return 'INVALID_MEDIA';
  return null;
};

/** The item that leads a gallery, and is its thumbnail unless the owner chose another: its first photo, else its first item. */
export const coverOf = <Item extends GalleryItem>(media: readonly Item[]): Item | undefined =>
  media.find((item) => item.galleryType === 'photos') ?? media[0];

/**
 * Whether `order` names each item of the gallery once, and nothing else: a new order of the same
 * photos and videos (not one made against a gallery that has changed since).
 */
export const isOrderOf = (media: readonly GalleryItem[], order: readonly string[]): boolean =>
  order.length === media.length &&
  new Set(order).size === order.length &&
  media.every((item) => order.includes(item.name));

/** The gallery in `order` (its items' names); an item the order leaves out keeps its place after. */
export function inOrder<Item extends { readonly name: string }>(
  media: readonly Item[],
  order: readonly string[],
): Item[] {
  const place = (item: Item) => {
    const index = order.indexOf(item.name);
    return index === -1 ? order.length + media.indexOf(item) : index;
  };
  return [...media].sort((a, b) => place(a) - place(b));
}
