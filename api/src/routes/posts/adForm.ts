import { createHash, randomBytes } from 'node:crypto';
import type { AdInput } from '@boli/engine/ads/ad.commands';
import type { GalleryItem } from '@boli/engine/ads/ad.events';
import { AD_MESSAGES } from '@boli/engine/ads/ad.messages';
import { galleryError, normalizeAd, type AdFieldError } from '@boli/engine/ads/ad.rules';
import { DomainError } from '@boli/engine/shared/decider';
import { indicInLatin } from '@boli/engine/shared/indicInLatin';
import { uuidOfHash } from '@boli/engine/shared/uuid';
import type { UserRow } from '@boli/projections/users/users.queries';
import type { FieldError } from '../../http/envelope.ts';
import { statusOfDomainError } from '../../http/domainErrors.ts';
import { ApiError, ValidationError } from '../../http/errors.ts';
import { removeStored, storeAdMedia, type AdMediaOptions } from '../../media/adMedia.ts';
import type { ReceivedMedia } from '../../media/adMediaUpload.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { AD_ADDRESS_FIELDS, type PostAdFields } from './schema.ts';

/*
 * The pieces of posting an ad that are neither the route nor the domain: the form's defaults
 * from the poster's profile, the domain's field errors as the envelope's `errors`, the public
 * uid, and storing a form's files all-or-nothing.
 */

/** Section 5: posting needs the profile's country, state, city and street. */
export const hasFullAddress = (row: UserRow): boolean =>
  [row.country, row.state, row.city, row.street].every((part) => part.trim() !== '');

const PROFILE_ADDRESS: Record<(typeof AD_ADDRESS_FIELDS)[number], keyof UserRow> = {
  houseno: 'houseno',
  street: 'street',
  city: 'city',
  neighbourHood: 'neighbourhood',
  district: 'district',
  pincode: 'pincode',
  state: 'state',
  country: 'country',
};

/**
 * An ad's phone: the number typed, or, left empty, the one on the poster's profile, as the ad
 * forms' hint says. Posting and editing both take it from here.
 */
export const adPhone = (typed: string | undefined, poster: Pick<UserRow, 'phone'>) =>
  typed === undefined || typed.trim() === '' ? poster.phone : typed;

/**
 * The ad's address: the poster's when the form gives none of one, else the form's as given. A
 * field the member emptied stays empty, and none is filled from the profile beside a place of
 * the form's own: a Bengaluru ad took its poster's Lucknow locality and pincode, and a Nepal one
 * their Indian district.
 */
function adAddressFrom(
  fields: PostAdFields,
  poster: UserRow,
): Pick<AdInput, (typeof AD_ADDRESS_FIELDS)[number]> {
  const own = AD_ADDRESS_FIELDS.some((field) => fields[field] !== undefined);
  return Object.fromEntries(
    AD_ADDRESS_FIELDS.map((field) => [
      field,
      own ? (fields[field] ?? '') : String(poster[PROFILE_ADDRESS[field]] ?? ''),
    ]),
  ) as Pick<AdInput, (typeof AD_ADDRESS_FIELDS)[number]>;
}

/**
 * The form as the PostAd command takes it: its address (`adAddressFrom`), its phone or the
 * poster's, and no phone shown unless asked to.
 */
export function adInputFrom(fields: PostAdFields, poster: UserRow): AdInput {
  const address = adAddressFrom(fields, poster);
  return {
    itemName: fields.itemName ?? '',
    categoryname: fields.categoryname ?? '',
    subcategory: fields.subcategory ?? '',
    type: fields.type ?? null,
    price: fields.price,
    currencycode: fields.currencycode ?? null,
    description: fields.description ?? '',
    phone: adPhone(fields.phone, poster),
    displayPhone: fields.displayPhone ?? false,
    ...address,
    make: fields.make ?? null,
    model: fields.model ?? null,
    mileage: fields.mileage ?? null,
    yearOfManufacture: fields.yearOfManufacture ?? null,
    ownerOrDealer: fields.ownerOrDealer ?? null,
    newOrused: fields.newOrused ?? null,
  };
}

/** The domain's field errors as the envelope's: one entry per field, the first one summing up. */
export function adFormError(errors: readonly AdFieldError[]): ValidationError {
  const fieldErrors: FieldError[] = errors.map((error) => ({
    field: error.field,
    message: error.message ?? statusOfDomainError(error.code).message ?? error.code,
  }));
  const first = errors[0];
  const summary = first === undefined ? undefined : statusOfDomainError(first.code).message;
  return new ValidationError(fieldErrors, summary);
}

/** A DomainError carrying the post-ad rules' list becomes the envelope's field errors. */
export function asFormError(error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  const errors = error.details.errors;
  return Array.isArray(errors) && errors.length > 0 ? adFormError(errors as AdFieldError[]) : error;
}

/**
 * The form judged by the post-ad rules before any file is processed, so a wrong form costs no
 * media work (the PostAd decider judges it again, the one authority).
 */
export function judgeForm(input: AdInput, now: Date): void {
  const { errors } = normalizeAd(input, now.toISOString());
  if (errors.length > 0) throw adFormError(errors);
}

/** 1 to 6 media in all, or the domain's refusal. */
export function judgeMediaCount(count: number): void {
  const placeholder: GalleryItem[] = Array.from({ length: count }, (_, i) => ({
    galleryType: 'photos',
    name: `m${i}`,
    thumbnail: `t${i}`,
  }));
  const problem = galleryError(placeholder);
  if (problem === null) return;
  const { status, message } = statusOfDomainError(problem);
  throw new ApiError(status, message ?? problem, problem);
}

/**
 * The public id of share links: the item's name, readable (in Latin letters, a Hindi or Tamil
 * name too: `indicInLatin`), and a random tail; has a hyphen.
 */
export function adUid(itemName: string): string {
  const slug = indicInLatin(itemName.normalize('NFC'))
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  const tail = randomBytes(5).toString('hex');
  return `${slug === '' ? 'ad' : slug}-${tail}`;
}

/**
 * The ad id a post with this (caller-scoped) Idempotency-Key gets: a uuid (version 5 layout)
 * derived from the key, so a retry reaches the same ad stream and cannot post a second ad.
 */
export function adIdForKey(scopedKey: string): string {
  return uuidOfHash(createHash('sha256').update(`ad:${scopedKey}`).digest('hex'), '5');
}

/** Every received file stored in its gallery form, or none (each file written is removed). */
export async function storeAll(
  storage: MediaStorage,
  files: readonly ReceivedMedia[],
  options: AdMediaOptions,
): Promise<{ items: GalleryItem[]; written: string[] }> {
  const written: string[] = [];
  const items: GalleryItem[] = [];
  try {
    // One at a time: a sharp or ffmpeg run per file already keeps a core busy.
    for (const file of files) {
      const stored = await storeAdMedia(storage, file, options);
      written.push(...stored.written);
      items.push({
        galleryType: stored.galleryType,
        name: stored.name,
        thumbnail: stored.thumbnail,
      });
    }
    return { items, written };
  } catch (error) {
    await removeStored(storage, written);
    throw error;
  }
}

export { AD_MESSAGES };
