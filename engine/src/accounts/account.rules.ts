import { indiaDateOf } from '../shared/indiaTime.ts';
import { GENDERS, LIMITS } from '../shared/limits.ts';
import { MESSAGES } from '../shared/messages.ts';
import type { EditableProfile, ProfileLink } from './account.events.ts';
import { ACCOUNT_MESSAGES } from './account.messages.ts';
import {
  characterCount,
  codePointCount,
  hasHidingCharacters,
  isBlank,
  visibleText,
} from '../shared/characters.ts';
import { isHttpUrl } from '../shared/webAddress.ts';
import type { FieldError } from '../shared/decider.ts';
import { isOneOf } from '../shared/oneOf.ts';

/*
 * Section 5's validation rules, in one place for the decider, the api (which answers the whole
 * list) and the web (which shows each message next to its field). Every function returns ALL the
 * errors of every field, in the order the form shows them; an empty object means valid.
 */

/** Per field, every message that applies. `form` holds errors that belong to no single field. */
export type FieldErrors<Field extends string = string> = Partial<
  Record<Field | 'form', readonly string[]>
>;

export type { FieldError };

export const hasErrors = (errors: FieldErrors): boolean =>
  Object.values(errors).some((messages) => messages !== undefined && messages.length > 0);

/** The flat list the api answers with. */
export const errorList = (errors: FieldErrors): FieldError[] =>
  Object.entries(errors).flatMap(([field, messages]) =>
    (messages ?? []).map((message) => ({ field, message })),
  );

/** 'Please provide valid details in the form.' when anything is wrong. */
export const formSummary = (errors: FieldErrors): string | undefined =>
  hasErrors(errors) ? MESSAGES.invalidForm : undefined;

// ---------------------------------------------------------------------------------------------
// Single-value checks

const maxMessage = (max: 15 | 20): string => (max === 15 ? MESSAGES.max15 : MESSAGES.max20);

const collect = <Field extends string>(
  entries: ReadonlyArray<readonly [Field | 'form', readonly string[]]>,
): FieldErrors<Field> => {
  const errors: Partial<Record<Field | 'form', readonly string[]>> = {};
  for (const [field, messages] of entries) {
    if (messages.length > 0) errors[field] = [...(errors[field] ?? []), ...messages];
  }
  return errors;
};

export const requiredRule = (value: string | undefined): string[] =>
  isBlank(value) ? [MESSAGES.cannotBeBlank] : [];

/** firstname, lastname (max LIMITS.firstLastNameMax); houseno, street, city (max 15). */
export const nameRule = (value: string | undefined, max: 15 | 20): string[] => {
  if (isBlank(value)) return [MESSAGES.cannotBeBlank];
  return characterCount((value ?? '').trim()) > max ? [maxMessage(max)] : [];
};

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const isValidEmail = (value: string): boolean =>
  characterCount(value.trim()) <= LIMITS.emailMaxCharacters && EMAIL.test(value.trim());

export const emailRule = (value: string | undefined): string[] => {
  if (isBlank(value)) return [MESSAGES.cannotBeBlank];
  return isValidEmail(value ?? '') ? [] : [MESSAGES.invalidEmail];
};

/** A username's letters: Latin, as it is typed to sign in and makes a profile's address. */
const USERNAME_CHARACTERS = /^[A-Za-z0-9._-]*$/;

/**
 * A sign-up or profile alias's letters. Section 5 gives it the username's rules, "only letters,
 * digits, '-', '_' and '.'": letters and digits of every script, with their vowel signs and
 * joiners (the bid forms take 'शेर_सिंह' as well), so a Hindi speaker's alias is not refused as
 * "special characters".
 */
const ALIAS_CHARACTERS = /^(?:[\p{L}\p{M}\p{Nd}._-]|\u200C|\u200D)*$/u;

/** A name a member goes by: not blank; LIMITS.username's length; `characters` only. */
const handleRule = (value: string | undefined, characters: RegExp): string[] => {
  if (isBlank(value)) return [MESSAGES.cannotBeBlank];
  const v = value ?? '';
  const errors: string[] = [];
  if (codePointCount(v) < LIMITS.username.min || characterCount(v) > LIMITS.username.max) {
    errors.push(MESSAGES.usernameLength);
  }
  if (!characters.test(v)) errors.push(MESSAGES.noSpecialCharacters);
  return errors;
};

/** Username: not blank; LIMITS.username length; Latin letters, digits, '-', '_', '.' only. */
export const usernameRule = (value: string | undefined): string[] =>
  handleRule(value, USERNAME_CHARACTERS);

/** Whether `text` could be someone's username: it breaks none of the username's rules. */
export const couldBeUsername = (text: string): boolean => usernameRule(text).length === 0;

/**
 * True when `alias` contains any run of `run` consecutive characters of `username`, compared
 * case-sensitively, character by character (code points, so an emoji is one character), each as
 * it reads (`visibleText`: look-alikes and invisible characters aside).
 */
export const containsRunOfUsername = (
  alias: string,
  username: string,
  run: number = LIMITS.bidAlias.forbiddenRunOfUsername,
): boolean => {
  // Both as they read: 'ka\u200Bvya', a full-width 'ｋａｖｙａ' or a Cyrillic 'kаvyа' is 'kavya'.
  const chars = Array.from(visibleText(username));
  const aliasChars = Array.from(visibleText(alias));
  const aliasRuns = new Set<string>();
  for (let i = 0; i + run <= aliasChars.length; i += 1) {
    aliasRuns.add(JSON.stringify(aliasChars.slice(i, i + run)));
  }
  for (let i = 0; i + run <= chars.length; i += 1) {
    if (aliasRuns.has(JSON.stringify(chars.slice(i, i + run)))) return true;
  }
  return false;
};

/**
 * Sign-up and profile alias: the username's length, letters of any script (`ALIAS_CHARACTERS`),
 * and no 3 consecutive characters of the username.
 */
export const registrationAliasRule = (alias: string | undefined, username: string): string[] => {
  const errors = handleRule(alias, ALIAS_CHARACTERS);
  if (!isBlank(alias) && containsRunOfUsername(alias ?? '', username)) {
    errors.push(MESSAGES.bidAliasContainsUsername);
  }
  return errors;
};

/**
 * The alias typed into the item and share bid forms: 3 to 15 characters (section 9 relaxes only
 * the minimum there), nothing of the login name, no bracket (a page's mark, '(you)', is in them).
 */
export const validateBidAlias = (alias: string, username: string): string[] => {
  const errors: string[] = [];
  const typed = alias.trim();
  if (hasHidingCharacters(alias)) errors.push(MESSAGES.bidAliasHidingCharacters);
  if (/[()]/.test(visibleText(alias))) errors.push(MESSAGES.bidAliasBrackets);
  if (codePointCount(typed) < LIMITS.bidAlias.min) errors.push(MESSAGES.bidAliasTooShort);
  if (characterCount(typed) > LIMITS.bidAlias.max) errors.push(MESSAGES.bidAliasTooLong);
  if (containsRunOfUsername(alias, username)) errors.push(MESSAGES.bidAliasContainsUsername);
  return errors;
};

/** Why the bid forms refuse an alias, as a code for the api: `BidAliasProblem['code']`. */
export type BidAliasCode =
  | 'BID_ALIAS_HIDING_CHARACTERS'
  | 'BID_ALIAS_BRACKETS'
  | 'BID_ALIAS_TOO_SHORT'
  | 'BID_ALIAS_TOO_LONG'
  | 'ALIAS_TOO_CLOSE_TO_USERNAME';
export type BidAliasProblem = { readonly code: BidAliasCode; readonly message: string };

const BID_ALIAS_CODES: Record<string, BidAliasCode> = {
  [MESSAGES.bidAliasHidingCharacters]: 'BID_ALIAS_HIDING_CHARACTERS',
  [MESSAGES.bidAliasBrackets]: 'BID_ALIAS_BRACKETS',
  [MESSAGES.bidAliasTooShort]: 'BID_ALIAS_TOO_SHORT',
  [MESSAGES.bidAliasTooLong]: 'BID_ALIAS_TOO_LONG',
  [MESSAGES.bidAliasContainsUsername]: 'ALIAS_TOO_CLOSE_TO_USERNAME',
};

/** The first rule of `validateBidAlias` the alias breaks, with its code; null when none. */
export function bidAliasProblem(alias: string, username: string): BidAliasProblem | null {
  const [message] = validateBidAlias(alias, username);
  return message === undefined ? null : { code: BID_ALIAS_CODES[message]!, message };
}

export const passwordRule = (value: string | undefined): string[] => {
  if (isBlank(value)) return [MESSAGES.cannotBeBlank];
  const password = value ?? '';
  return codePointCount(password) < LIMITS.password.min ||
    characterCount(password) > LIMITS.password.max
    ? [ACCOUNT_MESSAGES.passwordLength]
    : [];
};

export const confirmPasswordRule = (confirm: string | undefined, password: string): string[] => {
  if (isBlank(confirm)) return [MESSAGES.cannotBeBlank];
  return confirm === password ? [] : [MESSAGES.confirmationMismatch];
};

export const isGender = (value: string): value is (typeof GENDERS)[number] =>
  isOneOf(GENDERS, value);

export const genderRule = (value: string | undefined): string[] =>
  isGender(value ?? '') ? [] : [MESSAGES.invalidGender];

const DD_MM_YYYY = /^(\d{2})-(\d{2})-(\d{4})$/;
const YYYY_MM_DD = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

const isCalendarDate = (year: number, month: number, day: number): boolean => {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth;
};

/**
 * A date of birth as typed (DD-MM-YYYY, as the profile form sends it) or as ISO (YYYY-MM-DD, or
 * a date-time, read on the Indian calendar) → YYYY-MM-DD, or undefined when it is no real date.
 */
export const parseDob = (value: string): string | undefined => {
  const v = value.trim();
  const dmy = DD_MM_YYYY.exec(v);
  const ymd = YYYY_MM_DD.exec(v);
  let parts: [number, number, number] | undefined;
  if (dmy) parts = [Number(dmy[3]), Number(dmy[2]), Number(dmy[1])];
  else if (ymd) parts = [Number(ymd[1]), Number(ymd[2]), Number(ymd[3])];
  else if (ISO_DATE_TIME.test(v) && !Number.isNaN(Date.parse(v))) return indiaDateOf(v);
  if (!parts || !isCalendarDate(...parts)) return undefined;
  return `${pad(parts[0], 4)}-${pad(parts[1])}-${pad(parts[2])}`;
};

/** Whole years between an ISO birth date and the Indian calendar day of `now`. */
export const ageInYears = (dobIso: string, now: Date | string): number => {
  const [by, bm, bd] = dobIso.split('-').map(Number) as [number, number, number];
  const today = indiaDateOf(new Date(now).toISOString());
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  const beforeBirthday = tm < bm || (tm === bm && td < bd);
  return ty - by - (beforeBirthday ? 1 : 0);
};

/** A real date, and (from the terms) at least LIMITS.minimumAgeYears old on `now`. */
export const dobRule = (value: string | undefined, now: Date | string): string[] => {
  const dob = parseDob(value ?? '');
  if (dob === undefined) return [MESSAGES.invalidDate];
  return ageInYears(dob, now) < LIMITS.minimumAgeYears ? [ACCOUNT_MESSAGES.underage] : [];
};

/** The dialling code a number without one is taken to have: India's. */
export const DEFAULT_PHONE_CODE = '+91';

/**
 * A phone number shown to whoever typed a username (OTP sign-in): its last two digits, enough for
 * its owner to know it, the rest hidden. A member's profile shows others its first three (the
 * spec's mask, phoneWithFirstThreeShown): together they leave five digits unknown, not three.
 */
export const phoneWithLastTwoShown = (phone: string): string => {
  const digits = phone.replace(/\D/g, '');
  return `${'•'.repeat(Math.max(0, digits.length - 2))}${digits.slice(-2)}`;
};

/**
 * A dialling code in its one spelling, '+' and 1–4 digits ('91', '+91' and ' + 91' are one
 * code; empty is India's); undefined for anything else. Two accounts may not share a mobile
 * number, so the code must not be a way to write the same number twice.
 */
export function phoneCodeOf(value: string | undefined): string | undefined {
  const code = (value ?? '').replace(/\s+/g, '');
  if (code === '') return DEFAULT_PHONE_CODE;
  const digits = /^\+?(\d{1,4})$/.exec(code)?.[1];
  return digits === undefined ? undefined : `+${digits}`;
}

/** Digits only, exactly LIMITS.phoneDigits of them. Both messages when both apply. */
export const mobileRule = (value: string | undefined): string[] => {
  if (isBlank(value)) return [MESSAGES.cannotBeBlank];
  const v = value ?? '';
  const errors: string[] = [];
  if (!/^\d*$/.test(v)) errors.push(MESSAGES.digitsOnly);
  if (!new RegExp(`^\\d{${LIMITS.phoneDigits}}$`).test(v)) errors.push(MESSAGES.invalidMobile);
  return errors;
};

/**
 * An Indian mobile number begins with 6, 7, 8 or 9 (the national numbering plan): '0123456789'
 * is a typing slip no SMS reaches, and an account registered with it could never verify.
 */
export const indianMobileRule = (value: string | undefined, phoneCode: string | undefined) =>
  phoneCodeOf(phoneCode) === DEFAULT_PHONE_CODE &&
  new RegExp(`^\\d{${LIMITS.phoneDigits}}$`).test(value ?? '') &&
  !/^[6-9]/.test(value ?? '')
    ? [MESSAGES.invalidMobile]
    : [];

/** What is wrong with a member's own mobile number and its dialling code (Register's rules). */
export const phoneErrors = (phone: string | undefined, phoneCode: string | undefined): string[] => [
  ...new Set([
    ...mobileRule(phone),
    ...indianMobileRule(phone, phoneCode),
    ...(phoneCodeOf(phoneCode) === undefined ? [MESSAGES.invalidMobile] : []),
  ]),
];

/** Optional mobile (the casting manager's): the mobile rules when given. */
const optionalMobileRule = (value: string | undefined): string[] =>
  isBlank(value) ? [] : mobileRule(value);

/** What is wrong with a pincode as written (digits, at most 6); a profile's and an ad's alike. */
export const pincodeFormatRule = (value: string | undefined): string[] => {
  const v = (value ?? '').trim();
  const errors: string[] = [];
  if (!/^\d*$/.test(v)) errors.push(MESSAGES.digitsOnly);
  if (characterCount(v) > LIMITS.pincodeMaxDigits) errors.push(MESSAGES.pincodeMax);
  return errors;
};

/** A profile's pincode: required, and as `pincodeFormatRule` says. */
export const pincodeRule = (value: string | undefined): string[] =>
  isBlank(value) ? [MESSAGES.cannotBeBlank] : pincodeFormatRule(value);

export const INDIA = 'India';
export const isIndia = (country: string | undefined): boolean =>
  (country ?? '').trim().toLowerCase() === INDIA.toLowerCase();

/** The district field exists only for India; elsewhere it is not asked and not kept. */
export const districtRule = (
  district: string | undefined,
  country: string | undefined,
): string[] => (isIndia(country) ? requiredRule(district) : []);

/** A profile link's URL is left blank or is an http(s) address. */
export const linkUrlAccepted = (url: string): boolean => isBlank(url) || isHttpUrl(url.trim());

export const linksRule = (links: readonly ProfileLink[] | undefined): string[] => {
  const list = links ?? [];
  const errors: string[] = [];
  if (list.length > LIMITS.profileLinks) errors.push(ACCOUNT_MESSAGES.tooManyLinks);
  if (list.some((link) => !linkUrlAccepted(link.url))) {
    errors.push(ACCOUNT_MESSAGES.invalidUrl);
  }
  return errors;
};

// ---------------------------------------------------------------------------------------------
// Forms

/** The registration payload of section 3 as the form (or form-encoded body) sends it. */
export type SignupInput = {
  readonly firstname: string;
  readonly lastname: string;
  readonly email: string;
  readonly username: string;
  readonly bidAlias: string;
  readonly password: string;
  readonly confirmPassword: string;
  readonly gender: string;
  readonly dob: string;
  readonly phone: string;
  readonly phoneCode?: string;
  readonly country: string;
  readonly termsOfServicesCheckBox: boolean;
  // The older variant's address fields.
  readonly houseno?: string;
  readonly street?: string;
  readonly city?: string;
  readonly state?: string;
  readonly district?: string;
  readonly pincode?: string;
};

export type SignupField = Exclude<keyof SignupInput, 'phoneCode'>;

/** What the domain itself checks at registration: the sign-up rules without the password. */
export type RegistrationDetails = Pick<
  SignupInput,
  | 'firstname'
  | 'lastname'
  | 'email'
  | 'username'
  | 'bidAlias'
  | 'gender'
  | 'dob'
  | 'phone'
  | 'phoneCode'
  | 'country'
  | 'termsOfServicesCheckBox'
>;

export type SignupOptions = {
  /** The command or request time; the age rule needs "today". */
  readonly now: Date | string;
  /** 'main': the current form; 'older': the variant that also asks the address. */
  readonly variant?: 'main' | 'older';
};

export const validateRegistrationDetails = (
  input: RegistrationDetails,
  { now, variant = 'main' }: SignupOptions,
): FieldErrors<keyof RegistrationDetails> =>
  collect<keyof RegistrationDetails>([
    ['firstname', nameRule(input.firstname, LIMITS.firstLastNameMax)],
    ['lastname', nameRule(input.lastname, LIMITS.firstLastNameMax)],
    ['email', emailRule(input.email)],
    ['username', usernameRule(input.username)],
    ['bidAlias', registrationAliasRule(input.bidAlias, input.username)],
    ['gender', genderRule(input.gender)],
    ['dob', dobRule(input.dob, now)],
    ['phone', phoneErrors(input.phone, input.phoneCode)],
    ['country', requiredRule(input.country)],
    [
      'termsOfServicesCheckBox',
      input.termsOfServicesCheckBox
        ? []
        : [variant === 'main' ? MESSAGES.agreeToTermsToMoveForward : MESSAGES.agreeToTerms],
    ],
  ]);

export const validateSignup = (
  input: SignupInput,
  options: SignupOptions,
): FieldErrors<SignupField> => {
  const details = validateRegistrationDetails(input, options);
  const older: ReadonlyArray<readonly [SignupField, readonly string[]]> =
    options.variant === 'older'
      ? [
          ['houseno', nameRule(input.houseno, LIMITS.houseStreetCityMax)],
          ['street', nameRule(input.street, LIMITS.houseStreetCityMax)],
          ['city', nameRule(input.city, LIMITS.houseStreetCityMax)],
          ['state', requiredRule(input.state)],
          ['district', districtRule(input.district, input.country)],
          ['pincode', pincodeRule(input.pincode)],
        ]
      : [];
  return collect<SignupField>([
    ...(Object.entries(details) as [SignupField, readonly string[]][]),
    ['password', passwordRule(input.password)],
    ['confirmPassword', confirmPasswordRule(input.confirmPassword, input.password)],
    ...older,
  ]);
};

export type ProfileField = keyof EditableProfile;

/** The rules the domain keeps for an edited profile (everything but dob and gender). */
export const validateEditableProfile = (
  profile: EditableProfile,
  username: string,
): FieldErrors<ProfileField> =>
  collect<ProfileField>([
    ['firstname', nameRule(profile.firstname, LIMITS.firstLastNameMax)],
    ['lastname', nameRule(profile.lastname, LIMITS.firstLastNameMax)],
    [
      'bidAlias',
      isBlank(profile.bidAlias) ? [] : registrationAliasRule(profile.bidAlias, username),
    ],
    ['houseno', nameRule(profile.houseno, LIMITS.houseStreetCityMax)],
    ['street', nameRule(profile.street, LIMITS.houseStreetCityMax)],
    ['city', nameRule(profile.city, LIMITS.houseStreetCityMax)],
    ['country', requiredRule(profile.country)],
    ['state', requiredRule(profile.state)],
    ['district', districtRule(profile.district, profile.country)],
    ['neighbourHood', requiredRule(profile.neighbourHood)],
    ['pincode', pincodeRule(profile.pincode)],
    ['managerMobile', optionalMobileRule(profile.managerMobile)],
    ['links', linksRule(profile.links)],
  ]);

/** The edit-profile form: the domain's rules plus its required DOB and gender. */
export type EditProfileInput = EditableProfile & { readonly dob: string; readonly gender: string };

export const validateEditProfile = (
  input: EditProfileInput,
  { username, now }: { readonly username: string; readonly now: Date | string },
): FieldErrors<ProfileField | 'dob' | 'gender'> => {
  return {
    ...validateEditableProfile(input, username),
    ...collect<'dob' | 'gender'>([
      ['dob', dobRule(input.dob, now)],
      ['gender', genderRule(input.gender)],
    ]),
  };
};

export type ChangePasswordInput = {
  readonly oldPassword: string;
  readonly password: string;
  readonly rePassword: string;
};

const changePasswordFieldRule = (value: string): string[] => {
  if (value === '') return [MESSAGES.cannotBeEmpty];
  if (codePointCount(value) < LIMITS.password.min) return [MESSAGES.changePasswordTooShort];
  return [];
};

const newPasswordMaxRule = (value: string): string[] =>
  characterCount(value) > LIMITS.password.max ? [MESSAGES.max20] : [];

export const validateChangePassword = (
  input: ChangePasswordInput,
): FieldErrors<keyof ChangePasswordInput> =>
  collect<keyof ChangePasswordInput>([
    [
      'form',
      [input.oldPassword, input.password, input.rePassword].some((value) => value === '')
        ? [MESSAGES.enterAllFields]
        : [],
    ],
    ['oldPassword', changePasswordFieldRule(input.oldPassword)],
    [
      'password',
      [
        ...changePasswordFieldRule(input.password),
        ...newPasswordMaxRule(input.password),
        ...(input.password !== '' && input.password === input.oldPassword
          ? [ACCOUNT_MESSAGES.samePassword]
          : []),
      ],
    ],
    [
      'rePassword',
      [
        ...changePasswordFieldRule(input.rePassword),
        ...(input.rePassword !== '' && input.rePassword !== input.password
          ? [MESSAGES.passwordsDoNotMatch]
          : []),
      ],
    ],
  ]);

export type ResetPasswordInput = { readonly password: string; readonly rePassword: string };

export const validateResetPassword = (
  input: ResetPasswordInput,
): FieldErrors<keyof ResetPasswordInput> =>
  collect<keyof ResetPasswordInput>([
    [
      'password',
      [...changePasswordFieldRule(input.password), ...newPasswordMaxRule(input.password)],
    ],
    ['rePassword', input.rePassword === input.password ? [] : [MESSAGES.resetPasswordMismatch]],
  ]);

// ---------------------------------------------------------------------------------------------
// What others see

/**
 * The spec's mask of a number others see: every digit after the first 3 replaced by '*'; other
 * characters kept.
 */
export const phoneWithFirstThreeShown = (phone: string): string => {
  let digits = 0;
  return Array.from(phone)
    .map((char) => {
      if (!/\d/.test(char)) return char;
      digits += 1;
      return digits > 3 ? '*' : char;
    })
    .join('');
};

export const ADDRESS_FIELDS = [
  'houseno',
  'street',
  'city',
  'neighbourHood',
  'district',
  'state',
  'country',
  'pincode',
] as const;
type AddressField = (typeof ADDRESS_FIELDS)[number];

/** The least a profile needs for the visibility rules; real rows carry more. */
export type VisibleProfile = {
  readonly userId: string;
  readonly email: string;
  readonly phone: string;
  readonly showEmail: boolean;
  readonly showAddress: boolean;
  readonly showMobileNumber: boolean;
} & Partial<Record<AddressField, string>>;

export type ProfileView<P extends VisibleProfile> = Omit<P, 'email' | AddressField> &
  Partial<Pick<P, 'email' | AddressField>> & {
    /** True when `phone` shows only its first 3 digits. */
    readonly phoneMasked: boolean;
    /** Why another member sees the whole number (`phoneShownReason`); absent when masked. */
    readonly phoneShownBecause?: PhoneShownReason;
  };

/**
 * Why a viewer sees a member's whole number: the member shows it to everyone, approved the
 * viewer's request, or bid on an ad of the viewer's. The profile says the last, which the member's
 * own switch (off) would otherwise seem to contradict.
 */
export type PhoneShownReason = 'shared' | 'approvedRequest' | 'bidOnYourAd';

/** Why a viewer may see a member's whole phone number although the member does not show it. */
export type PhoneShownBecause = {
  /** Section 6: the member approved the viewer's request for it. */
  readonly approvedMobileRequest: boolean;
  /**
   * The member bid on an ad of the viewer's, whose bid list gives its owner each bidder's phone
   * (section 4): their profile does not mask what the owner already has, nor ask them to request it.
   */
  readonly bidOnViewersAd?: boolean;
};

/**
 * Section 6: the owner sees everything; anyone else sees the email only if showEmail, the
 * address only if showAddress, and the phone masked after 3 digits unless showMobileNumber is set
 * or the viewer has it already (`PhoneShownBecause`). `viewer` is null for a guest.
 */
export const profileView = <P extends VisibleProfile>(
  profile: P,
  viewer: { readonly userId: string } | null,
  { approvedMobileRequest, bidOnViewersAd = false }: PhoneShownBecause,
): ProfileView<P> => {
  if (viewer !== null && viewer.userId === profile.userId)
    return { ...profile, phoneMasked: false };
  const view: Record<string, unknown> = { ...profile };
  if (!profile.showEmail) delete view.email;
  if (!profile.showAddress) for (const field of ADDRESS_FIELDS) delete view[field];
  const reason: PhoneShownReason | null = profile.showMobileNumber
    ? 'shared'
    : approvedMobileRequest
      ? 'approvedRequest'
      : bidOnViewersAd
        ? 'bidOnYourAd'
        : null;
  view.phone = reason ? profile.phone : phoneWithFirstThreeShown(profile.phone);
  view.phoneMasked = reason === null;
  if (reason) view.phoneShownBecause = reason;
  return view as ProfileView<P>;
};
