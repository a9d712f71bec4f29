import { isIndia, pincodeFormatRule } from '@boli/engine/accounts/account.rules';
import { AD_MESSAGES } from '@boli/engine/ads/ad.messages';
import { LIMITS } from '@boli/engine/shared/limits';
import { characterCount } from '@boli/engine/shared/characters';
import {
  AD_PLACE_FIELDS,
  isAdPhone,
  isDescriptionTooLong,
  isItemNameTooLong,
  isMileage,
  isPlaceTooLong,
  isPrice,
  isSports,
} from '@boli/engine/ads/ad.rules';
import { needsVehicleFields } from '@boli/engine/ads/vehicleFields';
import { MESSAGES } from '@boli/engine/shared/messages';
import { AMOUNT_FIELD, COUNT_FIELD, keptOf, type NumberField } from '../../../lib/numberInput.ts';
import { withPlaceDependantsCleared } from '../../../lib/placeFields.ts';
import type { AdView, ProfileAddress } from '../ads.api.ts';
import { isBlank } from '@boli/engine/shared/characters';
import { isDecimalText, isTooLargeForPaise, rupeesToPaise } from '@boli/engine/shared/money';
import { isOneOf } from '@boli/engine/shared/oneOf';

/*
 * The Post New Ad / Edit Ad form (spec section 5) as plain data: the fields as typed, what a
 * change clears, the rules checked before sending, and the bodies of POST /api/posts/ and
 * POST /api/posts/edit. The server checks the same rules; these only spare a round trip.
 */

export const AD_FORM_FIELDS = [
  'itemName',
  'categoryname',
  'subcategory',
  'type',
  'price',
  'description',
  'phone',
  'houseno',
  'street',
  'city',
  'neighbourHood',
  'district',
  'pincode',
  'state',
  'country',
  'make',
  'model',
  'mileage',
  'yearOfManufacture',
  'ownerOrDealer',
  'newOrused',
] as const;
export type AdFormField = (typeof AD_FORM_FIELDS)[number];

export type AdForm = Record<AdFormField, string> & { displayPhone: boolean };
export type AdFormErrors = Partial<Record<AdFormField | 'form', string[]>>;

export const VEHICLE_AD_FIELDS = [
  'make',
  'model',
  'yearOfManufacture',
  'mileage',
  'ownerOrDealer',
  'newOrused',
] as const satisfies readonly AdFormField[];

const ADDRESS_FIELDS = [
  'houseno',
  'street',
  'city',
  'neighbourHood',
  'district',
  'pincode',
  'state',
  'country',
] as const satisfies readonly AdFormField[];

export const EMPTY_AD_FORM: AdForm = {
  ...(Object.fromEntries(AD_FORM_FIELDS.map((field) => [field, ''])) as Record<
    AdFormField,
    string
  >),
  displayPhone: false,
};

/** A new ad's form: the address comes from the member's profile. */
export function newAdForm(address: Partial<ProfileAddress> | null): AdForm {
  const form = { ...EMPTY_AD_FORM };
  for (const field of ADDRESS_FIELDS) form[field] = address?.[field] ?? '';
  return form;
}

/**
 * A Post Ad draft kept from before the member's profile had an address (Address Required, Edit
 * profile, back), over a new form from the profile now (`fresh`): an address left wholly empty
 * is taken from the profile, as a new form's is; one the member typed any of is theirs, kept.
 */
export function withProfileAddress(draft: AdForm, fresh: AdForm): AdForm {
  const typed = ADDRESS_FIELDS.some((field) => field !== 'country' && draft[field].trim() !== '');
  if (typed) return draft;
  const form = { ...draft };
  for (const field of ADDRESS_FIELDS) form[field] = fresh[field];
  return form;
}

const text = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

/** An existing ad's form, for Edit Ad. */
export function adFormOf(ad: AdView): AdForm {
  const form = { ...EMPTY_AD_FORM, displayPhone: ad.displayPhone };
  for (const field of AD_FORM_FIELDS) form[field] = text(ad[field]);
  return form;
}

export const hasVehicleFields = (form: Pick<AdForm, 'categoryname' | 'subcategory'>): boolean =>
  form.categoryname !== '' && needsVehicleFields(form.categoryname, form.subcategory || undefined);

export const hasSportsType = (form: Pick<AdForm, 'categoryname'>): boolean =>
  isSports(form.categoryname);

/** What a change of category empties (section 5): the lists that hung on the old value. */
const CLEARS: Partial<Record<AdFormField, readonly AdFormField[]>> = {
  categoryname: ['subcategory', 'type', 'make', 'model'],
  subcategory: ['make', 'model'],
  make: ['model'],
};

/**
 * What Price and Mileage let through as typed (section 5: "Mileage and price are numeric"), and
 * what each says while it refuses what was typed ('-', 'e', letters).
 */
const TYPED_AS: Partial<Record<AdFormField, NumberField>> = {
  price: AMOUNT_FIELD,
  mileage: COUNT_FIELD,
};

/** How Price or Mileage reads what is typed into it, and what it says when it refuses it. */
export const numberFieldOf = (field: AdFormField) => TYPED_AS[field];

/**
 * The form after the member changed one field: Price and Mileage keep only what can be a number,
 * and a changed choice or place clears what depended on it (lib/placeFields.ts for the places).
 */
export function changeAdField(form: AdForm, field: AdFormField, typed: string): AdForm {
  const value = keptOf(TYPED_AS[field], typed);
  if (value === undefined || form[field] === value) return form;
  const next = withPlaceDependantsCleared({ ...form, [field]: value }, field);
  for (const cleared of CLEARS[field] ?? []) next[cleared] = '';
  if (!hasVehicleFields(next)) for (const vehicle of VEHICLE_AD_FIELDS) next[vehicle] = '';
  if (!isIndia(next.country)) next.district = '';
  return next;
}

/** The fields the form stars: always asked, plus Sports' type and the vehicle fields. */
export function requiredAdFields(form: AdForm): ReadonlySet<AdFormField> {
  const required = new Set<AdFormField>([
    'itemName',
    'categoryname',
    'subcategory',
    'price',
    'description',
    'street',
    'city',
    'state',
    'country',
  ]);
  if (hasSportsType(form)) required.add('type');
  if (hasVehicleFields(form)) for (const field of VEHICLE_AD_FIELDS) required.add(field);
  return required;
}

/**
 * What the server refuses in a price typed in rupees: no amount, or not one in whole paise (the
 * engine's isPrice), or, in the server's own words, one too large for money to be.
 */
function priceProblem(rupees: string): string | undefined {
  if (!isDecimalText(rupees)) return AD_MESSAGES.invalidPrice;
  if (isTooLargeForPaise(Number(rupees))) return MESSAGES.amountTooLarge;
  const paise = rupeesToPaise(Number(rupees));
  return paise !== undefined && isPrice(paise) ? undefined : AD_MESSAGES.invalidPrice;
}

const isMileageText = (km: string) => isDecimalText(km) && isMileage(Number(km));

/**
 * Every rule the form breaks, by field: the server's own rules (engine/src/ads/ad.rules.ts), in
 * the words it answers with.
 */
export function validateAdForm(form: AdForm): AdFormErrors {
  const errors: AdFormErrors = {};
  const fail = (field: AdFormField, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  for (const field of requiredAdFields(form)) {
    if (isBlank(form[field])) fail(field, MESSAGES.cannotBeBlank);
  }
  if (isItemNameTooLong(form.itemName)) fail('itemName', AD_MESSAGES.itemNameTooLong);
  const priceError = form.price.trim() === '' ? undefined : priceProblem(form.price);
  if (priceError !== undefined) fail('price', priceError);
  if (form.mileage.trim() !== '' && !isMileageText(form.mileage))
    fail('mileage', AD_MESSAGES.invalidMileage);
  if (form.phone.trim() !== '' && !isAdPhone(form.phone.trim()))
    fail('phone', MESSAGES.invalidMobile);
  for (const message of pincodeFormatRule(form.pincode)) fail('pincode', message);
  for (const field of AD_PLACE_FIELDS)
    if (isPlaceTooLong(form[field])) fail(field, AD_MESSAGES.placeTooLong);
  if (isDescriptionTooLong(form.description)) fail('description', AD_MESSAGES.descriptionTooLong);
  return errors;
}

/** The ad's fields with a length rule, counted as the server counts them. */
const COUNTED_FIELDS = {
  // Without the spaces around it.
  itemName: {
    count: (text: string) => characterCount(text.trim()),
    most: LIMITS.itemNameMax,
    rule: `at most ${LIMITS.itemNameMax} characters`,
    tooLong: isItemNameTooLong,
    message: AD_MESSAGES.itemNameTooLong,
  },
  description: {
    count: characterCount,
    most: LIMITS.descriptionMaxExclusive,
    rule: `below ${LIMITS.descriptionMaxExclusive} characters`,
    tooLong: isDescriptionTooLong,
    message: AD_MESSAGES.descriptionTooLong,
  },
};

/**
 * What is said under the item name or the description, with its count: the errors a submit
 * found, else the rule's own message once the text breaks it (as it is typed, not only once
 * Post Ad! refuses it), else the rule.
 */
export function countedFieldHint(
  field: keyof typeof COUNTED_FIELDS,
  text: string,
  errors: readonly string[] | undefined,
): { error: boolean; hint: string } {
  const { count, most, rule, tooLong, message } = COUNTED_FIELDS[field];
  const counted = `${count(text)}/${most}`;
  if (errors?.length) return { error: true, hint: `${errors.join(' · ')} (${counted})` };
  if (tooLong(text)) return { error: true, hint: `${message} (${counted})` };
  return { error: false, hint: `${counted} — ${rule}` };
}

/** The fields that belong to this ad: no Sports type or vehicle fields where they do not apply. */
function applicableFields(form: AdForm): AdFormField[] {
  const vehicle = hasVehicleFields(form);
  const sports = hasSportsType(form);
  return AD_FORM_FIELDS.filter(
    (field) => (field !== 'type' || sports) && (!isOneOf(VEHICLE_AD_FIELDS, field) || vehicle),
  );
}

/**
 * The text fields of POST /api/posts/ (multipart): the ad's fields trimmed, price and mileage as
 * numeric strings, displayPhone 'true'/'false'. The media go beside them as stagedId values.
 */
export function postAdFields(form: AdForm): [string, string][] {
  const fields: [string, string][] = applicableFields(form).map((field) => [
    field,
    form[field].trim(),
  ]);
  fields.push(['displayPhone', String(form.displayPhone)]);
  return fields;
}

type EditValue = string | number | boolean | null;

const editValue = (field: AdFormField, value: string): EditValue => {
  const trimmed = value.trim();
  if (field === 'price' || field === 'mileage' || field === 'yearOfManufacture')
    return trimmed === '' ? null : Number(trimmed);
  return trimmed;
};

/**
 * The JSON of POST /api/posts/edit: the ad's id, the fields that differ from `before`, and `was`:
 * each of them as `before` had it, so the api refuses to undo unseen an edit made meanwhile.
 */
export function editAdBody(
  adId: string,
  before: AdForm,
  after: AdForm,
): Record<string, EditValue | Record<string, string>> {
  const body: Record<string, EditValue> = { ad_id: adId };
  const was: Record<string, string> = {};
  const fields = new Set(applicableFields(after));
  for (const field of AD_FORM_FIELDS) {
    const now = fields.has(field) ? after[field].trim() : '';
    if (now === before[field].trim()) continue;
    body[field] = editValue(field, now);
    was[field] = before[field].trim();
  }
  if (after.displayPhone !== before.displayPhone) {
    body.displayPhone = after.displayPhone;
    was.displayPhone = String(before.displayPhone);
  }
  return { ...body, was };
}

/** Two values of a field that read otherwise, spaces around them aside. */
const differs = (a: string, b: string): boolean => a.trim() !== b.trim();

/**
 * The fields the member changed from `before` that were changed elsewhere meanwhile too, to
 * another value (`now`): keeping the member's over them undoes the other change, so they are
 * named to the member first.
 */
export function changedOnBothSides(before: AdForm, typed: AdForm, now: AdForm): AdFormField[] {
  return AD_FORM_FIELDS.filter(
    (field) =>
      differs(typed[field], before[field]) &&
      differs(now[field], before[field]) &&
      differs(now[field], typed[field]),
  );
}

/**
 * The edit form once the ad was changed elsewhere meanwhile: the ad as it now reads (`now`), with
 * what the member changed from `before` kept over it.
 */
export function rebasedEdit(before: AdForm, typed: AdForm, now: AdForm): AdForm {
  const form = { ...now };
  for (const field of AD_FORM_FIELDS) {
    if (differs(typed[field], before[field])) form[field] = typed[field];
  }
  if (typed.displayPhone !== before.displayPhone) form.displayPhone = typed.displayPhone;
  return form;
}
