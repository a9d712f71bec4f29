import { DEFAULT_PHONE_CODE } from '@boli/engine/accounts/account.rules';
import { asciiDigits, numberFieldRead } from '@boli/engine/shared/digits';
import { LIMITS } from '@boli/engine/shared/limits';

/*
 * What a number field keeps as the member types or pastes, so a price, an amount or a count
 * never holds text the server would refuse (section 5: bid amounts "only a positive number or
 * empty"; section 6: "Mileage and price are numeric").
 */

/**
 * The number in what was typed or pasted, without what people write around one: a leading ₹,
 * Rs. or INR, grouping commas, spaces, a trailing km. "₹7,50,000" is 750000; "42,000 km" 42000;
 * a Hindi keyboard's "५,०००" 5000.
 */
const numberText = (value: string): string =>
  asciiDigits(value)
    .replace(/^\s*(₹|rs\.?|inr)\s*/i, '')
    .replace(/\s*kms?\s*$/i, '')
    .replace(/[\s,]/g, '');

/**
 * Rupees: digits with at most one decimal point and two decimals (money is in paise inside), as
 * the field keeps them; undefined when it cannot be one, and the field stays as it was.
 * A lone '0' or '0.' is kept so that 0.50 can be typed; a bid of 0 is refused when sent, while a
 * price may be 0 (an item given away, or left to the bids: engine/src/ads/ad.rules.ts). A point
 * typed first is the point of 0.: '.5' is 0.5, not the 5 that leaving the point out would make.
 */
export function amountTyped(value: string): string | undefined {
  const number = numberText(value);
  const text = number.startsWith('.') ? `0${number}` : number;
  return /^(\d+(\.\d{0,2})?)?$/.test(text) ? text : undefined;
}

/** Said under an amount field while it refuses what was typed (amountTyped), which it leaves out. */
export const AMOUNT_TYPED_HINT =
  'Only digits and one decimal point (2 decimals at most) are taken.';

/** Said under a count's field while it refuses what was typed (digitsTyped). */
export const DIGITS_TYPED_HINT = 'Only digits are taken.';

/**
 * What a number field remembers of the last key or paste it refused: the value it kept then, or
 * null when it has nothing to say.
 */
export type TypedRefusal = string | null;

/**
 * A number field's refusal after something was typed into it while it held `before` (`kept`:
 * what the field keeps of it, undefined when refused). A refusal is said till the field is
 * emptied or typed over (its value selected and replaced), a new entry begins in one the form
 * emptied (a bid posted), or a value is pasted whole into the empty field, so that "1e3", which
 * leaves 13, and "-5", which leaves 5, stay explained when the member moves on to Bid. Not till
 * the member leaves the field: the hint going away as the pointer pressed the button below it
 * moved the button from under the press, and the tap was lost.
 */
export function refusalAfter(
  last: TypedRefusal,
  before: string,
  kept: string | undefined,
): TypedRefusal {
  if (kept === undefined) return before;
  if (kept === '') return null;
  // Typed on, or back (Backspace): the same entry, still explained. Neither, the value was
  // replaced (selected and typed over): a new entry, which the old refusal is not about.
  if (before !== '') return kept.startsWith(before) || before.startsWith(kept) ? last : null;
  // A new entry in the empty field goes on explaining a key refused just before it there ('-5'
  // kept as 5: `last` is ''), not a refusal from an entry the form emptied since, nor one before
  // a whole value pasted in.
  return last === '' && kept.length === 1 ? last : null;
}

/**
 * Whether a field holding `value` says its refusal: not once the form emptied the field itself
 * (a bid posted), unless what was refused was typed into the empty field.
 */
export const refusalShown = (last: TypedRefusal, value: string): boolean =>
  last !== null && (value !== '' || last === '');

/** A count: digits only, or nothing yet; undefined for anything else. */
export function digitsTyped(value: string): string | undefined {
  const text = numberText(value);
  return /^\d*$/.test(text) ? text : undefined;
}

/**
 * A number field: what it keeps of what is typed (undefined when it cannot be a number, and the
 * field stays as it was), and what it says while it refuses a key or paste.
 */
export type NumberField = { kept: (typed: string) => string | undefined; hint: string };

/** An amount in rupees: a price, a bid, a filter's price. */
export const AMOUNT_FIELD: NumberField = { kept: amountTyped, hint: AMOUNT_TYPED_HINT };

/** A count: a mileage, a filter's mileage. */
export const COUNT_FIELD: NumberField = { kept: digitsTyped, hint: DIGITS_TYPED_HINT };

/**
 * What a form field keeps of what was typed: a number field (`number`), the number or undefined
 * when it cannot be one; any other field, the text as it is.
 */
export const keptOf = (number: NumberField | undefined, typed: string): string | undefined =>
  number ? number.kept(typed) : typed;

/**
 * A mobile number as pasted or typed ("+91 98765 43210", "98765-43210", "(0) 98765 43210"): the
 * spaces, dashes, dots and brackets people group it with dropped, and a leading dial code
 * (`dialCode`, e.g. '+91') or trunk 0 before the number; digits of any script as 0–9. Anything
 * else is kept as typed, for the shared rules to name ('can only contains digits').
 */
export function phoneTyped(value: string, dialCode = ''): string {
  const text = asciiDigits(value).replace(/[\s\-.()]/g, '');
  const code = dialCode.replace(/[\s\-.()]/g, '');
  const local = code && text.startsWith(code) ? text.slice(code.length) : text;
  return /^0\d{10}$/.test(local) ? local.slice(1) : local;
}

/**
 * A pincode as pasted or typed ("400 601", "400-601"): the space or dash people group it with
 * dropped, digits of any script as 0–9, then at most its most digits, as a field's maxLength
 * would keep (which, cutting the paste before this, kept '400 60'). Anything else stays, for the
 * shared rules to name.
 */
export const pincodeTyped = (value: string): string =>
  asciiDigits(value).replace(/[\s-]/g, '').slice(0, LIMITS.pincodeMaxDigits);

/** A one-time code as pasted or typed ("014 121"): its digits, at most the code's. */
export const otpTyped = (value: string): string =>
  asciiDigits(value).replace(/\D/g, '').slice(0, LIMITS.otp.digits);

/**
 * What a form's text field keeps of what is typed or pasted, by its name (Post/Edit Ad, Edit
 * profile): a mobile number's and a pincode's digits however people group them (`phoneTyped`
 * with India's +91, `pincodeTyped`), any other number field's digits as 0–9 (`numberFieldRead`),
 * any other text as typed. Such fields have no maxLength, which would cut a paste first.
 */
export function fieldTyped(name: string, value: string): string {
  if (name === 'phone' || name === 'managerMobile') return phoneTyped(value, DEFAULT_PHONE_CODE);
  if (name === 'pincode') return pincodeTyped(value);
  return numberFieldRead(name, value);
}
