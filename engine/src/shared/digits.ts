/*
 * Digits as Indian keyboards type them. A Hindi, Bengali, Tamil or Urdu layout types its own
 * digits (५००० for 5000); so do full-width ones (５０００). Where a number is asked for (an amount,
 * a phone number, a pincode, an OTP), every decimal digit of every script is read as its 0–9
 * (`asciiDigits`): in the web app's number fields as the member types, and by the api at its door
 * (api/src/http/numberFields.ts). Text that is not a number keeps the digits it was written with.
 */

const DECIMAL_DIGIT = /\p{Nd}/u;
const DECIMAL_DIGITS = /\p{Nd}/gu;
const BEYOND_ASCII = /[\u0080-\u{10FFFF}]/u;

/**
 * The value of one decimal digit. Unicode encodes each script's digits 0 to 9 as ten code points
 * in a row, and keeps it so: the digits before this one in its run, counted, are its value.
 */
function digitValue(digit: string): number {
  const point = digit.codePointAt(0)!;
  let before = 0;
  while (before < point && DECIMAL_DIGIT.test(String.fromCodePoint(point - before - 1))) before++;
  return before % 10;
}

/** `text` with every decimal digit of any script written 0–9; anything else as it was. */
export const asciiDigits = (text: string): string =>
  BEYOND_ASCII.test(text) ? text.replace(DECIMAL_DIGITS, (d) => String(digitValue(d))) : text;

/** The fields, in any form or request, that hold a number a member types. */
export const NUMBER_FIELDS: ReadonlySet<string> = new Set([
  'bidamt',
  'amount',
  'price',
  'priceFrom',
  'priceTo',
  'mileage',
  'mileageFrom',
  'mileageTo',
  'yearOfManufacture',
  'yearOfManufactureFrom',
  'yearOfManufactureTo',
  'phone',
  'mobile',
  'managerMobile',
  'pincode',
  'otp',
  // The sign-up captcha's answer is a sum.
  'captchaAnswer',
]);

/** A field's value as read: a number field's digits 0–9, any other field's as typed. */
export const numberFieldRead = (name: string, value: string): string =>
  NUMBER_FIELDS.has(name) ? asciiDigits(value) : value;
