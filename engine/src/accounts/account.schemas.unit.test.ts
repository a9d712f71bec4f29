import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MESSAGES } from '../shared/messages.ts';
import { ACCOUNT_MESSAGES } from './account.messages.ts';
import {
  bidAliasSchema,
  changePasswordSchema,
  editProfileSchema,
  fieldErrorsFromZod,
  forgotPasswordSchema,
  otpVerifySchema,
  privacySettingSchema,
  resetPasswordSchema,
  signinSchema,
  signupSchema,
} from './account.schemas.ts';

const NOW = '2026-03-01T10:00:00.000Z';

/** A form-encoded sign-up body: every value a string, country as an object in JSON bodies. */
const signupBody = (changes: Record<string, unknown> = {}): Record<string, unknown> => ({
  firstname: 'Asha',
  lastname: 'Kulkarni',
  email: 'asha@example.in',
  username: 'asha_k',
  bidAlias: 'bluekite',
  password: 'secret1',
  confirmPassword: 'secret1',
  gender: 'Female',
  dob: '15-08-1995',
  phone: '9876543210',
  country: { name: 'India' },
  termsOfServicesCheckBox: 'on',
  ...changes,
});

const errorsOf = (schema: z.ZodType, body: unknown) => {
  const result = schema.safeParse(body);
  if (result.success) throw new Error(`expected errors, parsed ${JSON.stringify(result.data)}`);
  return fieldErrorsFromZod(result.error);
};

const editBody = (changes: Record<string, unknown> = {}) => ({
  bnr: '',
  username: 'asha_k',
  firstname: 'Asha',
  lastname: 'Kulkarni',
  bidAlias: 'bluekite',
  houseno: '12B',
  street: 'MG Road',
  city: 'Pune',
  neighbourHood: 'Camp',
  country: 'India',
  state: 'Maharashtra',
  district: { name: 'Pune' },
  pincode: 411001,
  dob: '15-08-1995',
  gender: 'Female',
  otherroles: 'Dancer,Singer',
  links: [{ title: 'Reel', url: 'https://example.in/reel' }, 'junk'],
  ...changes,
});

describe('sign-up request', () => {
  it('parses a valid body into normalized values', () => {
    const parsed = signupSchema({ now: NOW }).parse(signupBody());
    expect(parsed).toMatchObject({
      country: 'India',
      dob: '1995-08-15',
      phoneCode: '+91',
      termsOfServicesCheckBox: true,
    });
  });

  it('answers missing or mistyped fields with the spec’s words, never a type error', () => {
    const errors = errorsOf(signupSchema({ now: NOW }), { phone: 98765, gender: 3, country: [] });
    expect(errors.firstname).toEqual([MESSAGES.cannotBeBlank]);
    expect(errors.phone).toEqual([MESSAGES.invalidMobile]);
    expect(errors.gender).toEqual([MESSAGES.invalidGender]);
    expect(errors.country).toEqual([MESSAGES.cannotBeBlank]);
    expect(errors.termsOfServicesCheckBox).toEqual([MESSAGES.agreeToTermsToMoveForward]);
  });

  it('checks the older variant’s address', () => {
    const errors = errorsOf(signupSchema({ now: NOW, variant: 'older' }), signupBody());
    expect(errors).toMatchObject({
      houseno: [MESSAGES.cannotBeBlank],
      district: [MESSAGES.cannotBeBlank],
    });
  });
});

describe('edit profile request', () => {
  const schema = editProfileSchema({ username: 'asha_k', now: NOW });

  it('parses a valid body', () => {
    expect(schema.parse(editBody())).toMatchObject({
      district: 'Pune',
      pincode: '411001',
      dob: '1995-08-15',
      otherroles: ['Dancer', 'Singer'],
      links: [
        { title: 'Reel', url: 'https://example.in/reel' },
        { title: '', url: '' },
      ],
    });
  });

  it('reports the fields of section 5', () => {
    expect(errorsOf(schema, editBody({ neighbourHood: '', pincode: '1234567' }))).toEqual({
      neighbourHood: [MESSAGES.cannotBeBlank],
      pincode: [MESSAGES.pincodeMax],
    });
  });
});

describe('password requests', () => {
  it('change password: the form error and the field errors', () => {
    expect(errorsOf(changePasswordSchema, { oldPassword: 'secret1', password: 'abc' })).toEqual({
      form: [MESSAGES.enterAllFields],
      password: [MESSAGES.changePasswordTooShort],
      rePassword: [MESSAGES.cannotBeEmpty],
    });
    expect(
      changePasswordSchema.safeParse({
        oldPassword: 'secret1',
        password: 'secret2',
        rePassword: 'secret2',
      }).success,
    ).toBe(true);
  });

  it('reset password: mismatch, and a missing token', () => {
    expect(
      errorsOf(resetPasswordSchema, { password: 'secret9', rePassword: 'secret8', q: '' }),
    ).toEqual({
      rePassword: [MESSAGES.resetPasswordMismatch],
      q: [MESSAGES.generic],
    });
  });
});

describe('small requests', () => {
  it('sign-in and forgot password need their fields', () => {
    expect(errorsOf(signinSchema, { username: 'asha_k' })).toEqual({
      password: [MESSAGES.cannotBeBlank],
    });
    expect(errorsOf(forgotPasswordSchema, {})).toEqual({ email: [MESSAGES.cannotBeBlank] });
  });

  it('an OTP is exactly 6 digits', () => {
    expect(otpVerifySchema.safeParse({ username: 'asha_k', otp: '123456' }).success).toBe(true);
    for (const otp of ['12345', '1234567', '12345a', 123456]) {
      const expected = typeof otp === 'number' ? true : false;
      expect(otpVerifySchema.safeParse({ username: 'asha_k', otp }).success).toBe(expected);
    }
    expect(errorsOf(otpVerifySchema, { username: 'asha_k', otp: '12' })).toEqual({
      otp: [MESSAGES.incorrectOtp],
    });
  });

  it('a privacy setting is one of the three, its value a checkbox', () => {
    expect(privacySettingSchema.parse({ setting: 'showEmail', value: 'true' })).toEqual({
      setting: 'showEmail',
      value: true,
    });
    expect(privacySettingSchema.safeParse({ setting: 'showDob', value: true }).success).toBe(false);
  });

  it('the bid form alias', () => {
    expect(errorsOf(bidAliasSchema('asha_k'), 'a')).toEqual({ form: [MESSAGES.bidAliasTooShort] });
    expect(bidAliasSchema('asha_k').parse('kite')).toBe('kite');
  });
});

describe('every validation message of section 5', () => {
  it('is reachable through the request schemas', () => {
    const seen = new Set<string>();
    const collect = (schema: z.ZodType, body: unknown) => {
      for (const messages of Object.values(errorsOf(schema, body)))
        for (const m of messages ?? []) seen.add(m);
    };
    const signup = signupSchema({ now: NOW });
    const older = signupSchema({ now: NOW, variant: 'older' });
    collect(signup, {});
    collect(
      signup,
      signupBody({
        firstname: 'A'.repeat(21),
        email: 'x',
        username: 'a b',
        confirmPassword: 'x',
        dob: '31-02-2000',
        phone: '98x',
      }),
    );
    collect(
      signup,
      signupBody({
        bidAlias: 'sha_k1',
        password: 'short',
        confirmPassword: 'short',
        dob: '01-01-2020',
      }),
    );
    collect(
      older,
      signupBody({ street: 'S'.repeat(16), pincode: '1234567', termsOfServicesCheckBox: false }),
    );
    collect(
      editProfileSchema({ username: 'asha_k', now: NOW }),
      editBody({ links: [{ title: 'x', url: 'nope' }, {}, {}, {}, {}] }),
    );
    collect(changePasswordSchema, { oldPassword: '', password: 'abcdef', rePassword: 'abcdeg' });
    collect(changePasswordSchema, {
      oldPassword: 'abc',
      password: 'x'.repeat(21),
      rePassword: 'x'.repeat(21),
    });
    collect(resetPasswordSchema, { password: 'secret9', rePassword: 'x', q: 't' });
    collect(bidAliasSchema('asha_k'), 'ha_');
    collect(bidAliasSchema('asha_k'), 'a');
    expect(formSummaryOf(seen)).toEqual([]);
  });
});

const SECTION_5 = [
  MESSAGES.cannotBeBlank,
  MESSAGES.max15,
  MESSAGES.max20,
  MESSAGES.noSpecialCharacters,
  MESSAGES.confirmationMismatch,
  MESSAGES.invalidGender,
  MESSAGES.invalidDate,
  MESSAGES.digitsOnly,
  MESSAGES.invalidMobile,
  MESSAGES.pincodeMax,
  MESSAGES.agreeToTerms,
  MESSAGES.agreeToTermsToMoveForward,
  MESSAGES.resetPasswordMismatch,
  MESSAGES.changePasswordTooShort,
  MESSAGES.cannotBeEmpty,
  MESSAGES.passwordsDoNotMatch,
  MESSAGES.enterAllFields,
  MESSAGES.bidAliasTooShort,
  MESSAGES.bidAliasContainsUsername,
  MESSAGES.usernameLength,
  ACCOUNT_MESSAGES.passwordLength,
  MESSAGES.invalidEmail,
  ACCOUNT_MESSAGES.underage,
  ACCOUNT_MESSAGES.invalidUrl,
  ACCOUNT_MESSAGES.tooManyLinks,
];

/** The section-5 messages never produced (the summary itself is tested in the rules). */
const formSummaryOf = (seen: Set<string>): string[] => SECTION_5.filter((m) => !seen.has(m));
