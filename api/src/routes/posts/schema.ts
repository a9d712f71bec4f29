import { z } from 'zod';
import { POSITION_TEXT } from '@boli/engine/eventStore/eventStore';
import { AD_MESSAGES } from '@boli/engine/ads/ad.messages';
import type { AdInput } from '@boli/engine/ads/ad.commands';
import { MESSAGES } from '@boli/engine/shared/messages';
import { LIMITS } from '@boli/engine/shared/limits';
import { isDecimalText, isTooLargeForPaise, rupeesToPaise } from '@boli/engine/shared/money';
import { blankAsAbsent } from '../../http/blankInput.ts';
import { itemCount, itemOffset, pageNumber } from '../../http/pageNumbers.ts';

/*
 * The ads api's inputs (docs/api/ads.md). Query strings and multipart fields arrive as strings;
 * the JSON edit body may carry numbers and booleans. Whether a value breaks a rule of section 5
 * (required fields, description length, vehicle fields …) is the domain's call (ad.rules.ts):
 * here only the shapes are checked.
 */

/** A filter's text: trimmed, empty means no filter. */
const filterText = z.preprocess(blankAsAbsent, z.string().trim().max(200).optional());

/**
 * A decimal text as its number. 309 digits and more read as Infinity, which no number check takes:
 * the largest number instead, so that a price that long is refused as too large, not as no number.
 */
const decimalNumber = (value: unknown): unknown => {
  if (typeof value !== 'string' || !isDecimalText(value)) return value;
  const number = Number(value);
  return number === Infinity ? Number.MAX_VALUE : number;
};

/** A non-negative number, given as a number or a numeric string. */
const amount = (message: string) =>
  z.preprocess(decimalNumber, z.number({ error: message }).nonnegative({ error: message }));

const optionalAmount = (message: string) => z.preprocess(blankAsAbsent, amount(message).optional());

const page = z.preprocess(blankAsAbsent, pageNumber(1).optional());
const offset = z.preprocess(blankAsAbsent, itemOffset(LIMITS.adPageSize).optional());
/** How many ads: a page's (absent), or up to a page and the cards Load More reads again. */
const limit = z.preprocess(
  blankAsAbsent,
  itemCount(LIMITS.adPageSize + LIMITS.adListReadAgain).optional(),
);

export const adListQuery = z.object({
  category: filterText,
  subcategory: filterText,
  country: filterText,
  state: filterText,
  district: filterText,
  neighbourHood: filterText,
  priceFrom: optionalAmount(AD_MESSAGES.invalidPrice),
  priceTo: optionalAmount(AD_MESSAGES.invalidPrice),
  make: filterText,
  model: filterText,
  yearOfManufactureFrom: optionalAmount(AD_MESSAGES.invalidYear),
  yearOfManufactureTo: optionalAmount(AD_MESSAGES.invalidYear),
  mileageFrom: optionalAmount(AD_MESSAGES.invalidMileage),
  mileageTo: optionalAmount(AD_MESSAGES.invalidMileage),
  ownerOrDealer: filterText,
  type: filterText,
  page,
  offset,
  limit,
});

/** The ad search: its text, and the ad list's filters, which narrow what it finds. */
export const searchQuery = adListQuery.extend({
  search: z.preprocess((value) => value ?? '', z.string().max(LIMITS.adSearchMax)),
});

export const pageQuery = z.object({ page, offset, limit });

/**
 * My Ads and My Bids: which page, and optionally `after`, the position of an event the member was
 * told of (a notification's): the answer waits until the ads and bids read models have it.
 */
export const ownListQuery = pageQuery.extend({
  after: z.string().regex(POSITION_TEXT).optional(),
});

/** A seller's ads: whose, and which page. An id no member can have lists nothing. */
export const userPostsQuery = pageQuery.extend({
  userId: z
    .string({ error: MESSAGES.noUsersFound })
    .trim()
    .min(1, { error: MESSAGES.noUsersFound })
    .max(200, { error: MESSAGES.noUsersFound }),
});

/** An ad's id or uid; one longer than any can be is an ad not found, as an empty one is. */
export const adKey = z
  .string()
  .trim()
  .min(1, { error: AD_MESSAGES.adNotFound })
  .max(200, { error: AD_MESSAGES.adNotFound });
export const itemIdQuery = z.object({ item_id: adKey });
export const itemUidQuery = z.object({ item_uid: adKey });
const mediaName = z.string().trim().min(1).max(200);
export const galleryItemBody = z.object({ item_id: adKey, name: mediaName });
/** The gallery arranged: every item's name, first to last. */
export const galleryOrderBody = z.object({
  item_id: adKey,
  order: z.array(mediaName).max(LIMITS.adMedia.maxFiles),
});

/** 'true'/'false' (a form) or a boolean (JSON). */
const flag = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean(),
);

const text = z.string().max(2000);
/**
 * The fields the ad list filters on sit in its btree indexes (ads.table.ts), whose entries
 * PostgreSQL caps at about 2.7 kB: each is kept short (real names are well under this).
 */
const name = z.string().max(60, { error: 'maximum 60 characters allowed' });
const paise = amount(AD_MESSAGES.invalidPrice).transform((rupees, ctx) => {
  const value = rupeesToPaise(rupees);
  if (value === undefined) {
    const message = isTooLargeForPaise(rupees) ? MESSAGES.amountTooLarge : AD_MESSAGES.invalidPrice;
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }
  return value;
});
/** Empty means "not given" on a form; null clears the value in an edit. */
const nullableAmount = (message: string) =>
  z.preprocess((value) => (value === '' ? null : value), amount(message).nullable());

/** The ad's fields as a form or an edit sends them, each optional. */
const adFields = {
  // Far too long to be judged by the ad's rule (LIMITS.itemNameMax) is refused in its words.
  itemName: z.string().max(2000, { error: AD_MESSAGES.itemNameTooLong }),
  categoryname: name,
  subcategory: name,
  type: text.nullable(),
  price: paise,
  currencycode: text.nullable(),
  description: text,
  phone: text,
  displayPhone: flag,
  houseno: text,
  street: text,
  city: text,
  neighbourHood: name,
  district: name,
  pincode: text,
  state: name,
  country: name,
  make: name.nullable(),
  model: name.nullable(),
  mileage: nullableAmount(AD_MESSAGES.invalidMileage),
  yearOfManufacture: nullableAmount(AD_MESSAGES.invalidYear),
  ownerOrDealer: name.nullable(),
  newOrused: text.nullable(),
};

/** The post-ad form's text fields. Price is required; the rest the domain judges. */
export const postAdFields = z.object(adFields).partial().required({ price: true });
export type PostAdFields = z.infer<typeof postAdFields>;

/**
 * `POST /api/posts/edit`: the ad's id and only the fields that changed; `was`, optional, each
 * changed field as the form showed it when opened (its text), so an edit made meanwhile elsewhere
 * is not undone unseen (`changedSinceOpened`).
 */
export const editAdBody = z
  .object({
    ad_id: adKey,
    ...adFields,
    was: z.record(z.string().max(40), z.string().max(20_000)).optional(),
  })
  .partial()
  .required({ ad_id: true });

const textOf = (value: unknown): string =>
  value === null || value === undefined ? '' : String(value);

/**
 * The fields of an edit that read otherwise now than when its form was opened (`was`): changed
 * by another edit meanwhile, which saving would undo. Compared as the form shows them, trimmed.
 */
export function changedSinceOpened(
  ad: Readonly<Record<string, unknown>>,
  was: Readonly<Record<string, string>> | undefined,
): string[] {
  return Object.entries(was ?? {})
    .filter(([field, shown]) => field in ad && textOf(ad[field]).trim() !== shown.trim())
    .map(([field]) => field);
}

/** The address fields an ad takes from its poster's profile when the form gives none of them. */
export const AD_ADDRESS_FIELDS = [
  'houseno',
  'street',
  'city',
  'neighbourHood',
  'district',
  'pincode',
  'state',
  'country',
] as const;

/** An edit's changes: the fields given, nothing else. */
export function editChanges(body: z.infer<typeof editAdBody>): Partial<AdInput> {
  const { ad_id: _adId, was: _was, ...fields } = body;
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  ) as Partial<AdInput>;
}
