import { describe, expect, it } from 'vitest';
import { LIMITS } from '../shared/limits.ts';
import { MESSAGES } from '../shared/messages.ts';
import { profile } from './account.fixtures.ts';
import { ACCOUNT_MESSAGES } from './account.messages.ts';
import {
  ageInYears,
  containsRunOfUsername,
  errorList,
  formSummary,
  phoneWithFirstThreeShown,
  phoneWithLastTwoShown,
  parseDob,
  phoneCodeOf,
  profileView,
  validateBidAlias,
  validateChangePassword,
  validateEditProfile,
  validateResetPassword,
  validateSignup,
  type FieldErrors,
  type SignupInput,
} from './account.rules.ts';

const NOW = '2026-03-01T10:00:00.000Z';

const signup = (changes: Partial<SignupInput> = {}): SignupInput => ({
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
  phoneCode: '+91',
  country: 'India',
  termsOfServicesCheckBox: true,
  ...changes,
});

const older = (changes: Partial<SignupInput> = {}): SignupInput =>
  signup({
    houseno: '12B',
    street: 'MG Road',
    city: 'Pune',
    state: 'Maharashtra',
    district: 'Pune',
    pincode: '411001',
    ...changes,
  });

describe('sign-up rules', () => {
  it("spells a dialling code one way, so one mobile number can't be written twice", () => {
    for (const code of ['+91', '91', ' + 91 ', '']) expect(phoneCodeOf(code)).toBe('+91');
    expect(phoneCodeOf('1')).toBe('+1');
    for (const code of ['91a', '++91', '+12345', 'India'])
      expect(phoneCodeOf(code)).toBeUndefined();
    expect(validateSignup(signup({ phoneCode: '9l' }), { now: NOW }).phone).toEqual([
      MESSAGES.invalidMobile,
    ]);
  });

  it('accepts a valid form in both variants', () => {
    expect(validateSignup(signup(), { now: NOW })).toEqual({});
    expect(validateSignup(older(), { now: NOW, variant: 'older' })).toEqual({});
    expect(formSummary({})).toBeUndefined();
  });

  it('reports every blank field as "cannot be blank", and the summary', () => {
    const errors = validateSignup(
      signup({
        firstname: ' ',
        lastname: '',
        email: '',
        username: '',
        bidAlias: '',
        password: '',
        confirmPassword: '',
        phone: '',
        country: '',
      }),
      { now: NOW },
    );
    for (const field of [
      'firstname',
      'lastname',
      'email',
      'username',
      'bidAlias',
      'password',
      'confirmPassword',
      'phone',
      'country',
    ] as const) {
      expect(errors[field]).toEqual([MESSAGES.cannotBeBlank]);
    }
    expect(formSummary(errors)).toBe(MESSAGES.invalidForm);
  });

  it('limits first and last name to 20 characters (the permissive reading)', () => {
    expect(validateSignup(signup({ firstname: 'A'.repeat(20) }), { now: NOW })).toEqual({});
    expect(validateSignup(signup({ lastname: 'K'.repeat(21) }), { now: NOW }).lastname).toEqual([
      MESSAGES.max20,
    ]);
  });

  it('checks the email', () => {
    for (const email of ['asha', 'asha@', 'asha@example', 'as ha@example.in', '@example.in']) {
      expect(validateSignup(signup({ email }), { now: NOW }).email).toEqual([
        MESSAGES.invalidEmail,
      ]);
    }
  });

  it('checks username length (4 to 15) and characters, reporting both at once', () => {
    expect(validateSignup(signup({ username: 'ab.c', bidAlias: 'xyz_q' }), { now: NOW })).toEqual(
      {},
    );
    expect(validateSignup(signup({ username: 'a'.repeat(15) }), { now: NOW })).toEqual({});
    expect(validateSignup(signup({ username: 'abc' }), { now: NOW }).username).toEqual([
      MESSAGES.usernameLength,
    ]);
    expect(validateSignup(signup({ username: 'a'.repeat(16) }), { now: NOW }).username).toEqual([
      MESSAGES.usernameLength,
    ]);
    expect(validateSignup(signup({ username: 'a b' }), { now: NOW }).username).toEqual([
      MESSAGES.usernameLength,
      MESSAGES.noSpecialCharacters,
    ]);
    expect(validateSignup(signup({ username: 'asha@home' }), { now: NOW }).username).toEqual([
      MESSAGES.noSpecialCharacters,
    ]);
  });

  it('gives the alias the username rules and keeps it clear of the username', () => {
    expect(validateSignup(signup({ bidAlias: 'xy!' }), { now: NOW }).bidAlias).toEqual([
      MESSAGES.usernameLength,
      MESSAGES.noSpecialCharacters,
    ]);
    expect(validateSignup(signup({ bidAlias: 'kita_k' }), { now: NOW }).bidAlias).toEqual([
      MESSAGES.bidAliasContainsUsername,
    ]);
    // Case-sensitive: "SHA" is not "sha".
    expect(validateSignup(signup({ bidAlias: 'ASHA_K' }), { now: NOW })).toEqual({});
  });

  it('takes an alias in any script’s letters and digits, as the bid forms do; a username stays Latin', () => {
    for (const bidAlias of ['कृष्ण_भक्त', 'তমাল.দাস', 'தமிழ்செல்வி', 'राम१२३', 'स्त्री‍शक्ति']) {
      expect(validateSignup(signup({ bidAlias }), { now: NOW }).bidAlias, bidAlias).toBeUndefined();
    }
    // Still the username's length (4 code points at least) and no symbol but '-', '_', '.'.
    expect(validateSignup(signup({ bidAlias: 'कमल' }), { now: NOW }).bidAlias).toEqual([
      MESSAGES.usernameLength,
    ]);
    expect(validateSignup(signup({ bidAlias: 'कमल कुमार' }), { now: NOW }).bidAlias).toEqual([
      MESSAGES.noSpecialCharacters,
    ]);
    expect(validateSignup(signup({ bidAlias: 'कमल😀कुमार' }), { now: NOW }).bidAlias).toEqual([
      MESSAGES.noSpecialCharacters,
    ]);
    expect(validateSignup(signup({ username: 'कृष्णभक्त' }), { now: NOW }).username).toEqual([
      MESSAGES.noSpecialCharacters,
    ]);
  });

  it('checks the password length (6 to 20) and its confirmation', () => {
    expect(
      validateSignup(signup({ password: 'a'.repeat(20), confirmPassword: 'a'.repeat(20) }), {
        now: NOW,
      }),
    ).toEqual({});
    expect(
      validateSignup(signup({ password: 'short', confirmPassword: 'short' }), { now: NOW })
        .password,
    ).toEqual([ACCOUNT_MESSAGES.passwordLength]);
    expect(
      validateSignup(signup({ password: 'a'.repeat(21), confirmPassword: 'a'.repeat(21) }), {
        now: NOW,
      }).password,
    ).toEqual([ACCOUNT_MESSAGES.passwordLength]);
    expect(
      validateSignup(signup({ confirmPassword: 'secret2' }), { now: NOW }).confirmPassword,
    ).toEqual([MESSAGES.confirmationMismatch]);
  });

  it('accepts only Male or Female', () => {
    expect(validateSignup(signup({ gender: 'Male' }), { now: NOW })).toEqual({});
    expect(validateSignup(signup({ gender: 'female' }), { now: NOW }).gender).toEqual([
      MESSAGES.invalidGender,
    ]);
    expect(validateSignup(signup({ gender: '' }), { now: NOW }).gender).toEqual([
      MESSAGES.invalidGender,
    ]);
  });

  it('checks the date of birth, and the 18+ age of the terms', () => {
    for (const dob of ['31-02-1995', '1995-13-01', '15/08/1995', 'yesterday', '']) {
      expect(validateSignup(signup({ dob }), { now: NOW }).dob).toEqual([MESSAGES.invalidDate]);
    }
    expect(validateSignup(signup({ dob: '29-02-1996' }), { now: NOW })).toEqual({});
    expect(validateSignup(signup({ dob: '2008-03-02' }), { now: NOW }).dob).toEqual([
      ACCOUNT_MESSAGES.underage,
    ]);
    expect(validateSignup(signup({ dob: '2008-03-01' }), { now: NOW })).toEqual({});
    expect(validateSignup(signup({ dob: '01-03-2030' }), { now: NOW }).dob).toEqual([
      ACCOUNT_MESSAGES.underage,
    ]);
  });

  it('checks the phone: digits only, exactly 10', () => {
    expect(validateSignup(signup({ phone: '98765 43210' }), { now: NOW }).phone).toEqual([
      MESSAGES.digitsOnly,
      MESSAGES.invalidMobile,
    ]);
    expect(validateSignup(signup({ phone: '987654321' }), { now: NOW }).phone).toEqual([
      MESSAGES.invalidMobile,
    ]);
    expect(validateSignup(signup({ phone: '98765432100' }), { now: NOW }).phone).toEqual([
      MESSAGES.invalidMobile,
    ]);
  });

  it('refuses an Indian mobile that does not begin with 6 to 9, and not another country’s', () => {
    for (const phone of ['0123456789', '1234567890', '5987654321']) {
      expect(validateSignup(signup({ phone, phoneCode: '+91' }), { now: NOW }).phone).toEqual([
        MESSAGES.invalidMobile,
      ]);
    }
    for (const phone of ['6000000000', '7012345678', '8123456789', '9876543210']) {
      expect(
        validateSignup(signup({ phone, phoneCode: '91' }), { now: NOW }).phone,
      ).toBeUndefined();
    }
    expect(
      validateSignup(signup({ phone: '1234567890', phoneCode: '+44' }), { now: NOW }).phone,
    ).toBeUndefined();
  });

  it('asks for the terms in each variant’s words', () => {
    expect(
      validateSignup(signup({ termsOfServicesCheckBox: false }), { now: NOW })
        .termsOfServicesCheckBox,
    ).toEqual([MESSAGES.agreeToTermsToMoveForward]);
    expect(
      validateSignup(older({ termsOfServicesCheckBox: false }), { now: NOW, variant: 'older' })
        .termsOfServicesCheckBox,
    ).toEqual([MESSAGES.agreeToTerms]);
  });

  it('checks the older variant’s address: 15 characters, pincode up to 6 digits, district only in India', () => {
    const errors = validateSignup(
      older({
        houseno: '',
        street: 'S'.repeat(16),
        city: 'C'.repeat(16),
        state: '',
        district: '',
        pincode: '4110012',
      }),
      { now: NOW, variant: 'older' },
    );
    expect(errors).toEqual({
      houseno: [MESSAGES.cannotBeBlank],
      street: [MESSAGES.max15],
      city: [MESSAGES.max15],
      state: [MESSAGES.cannotBeBlank],
      district: [MESSAGES.cannotBeBlank],
      pincode: [MESSAGES.pincodeMax],
    });
    expect(
      validateSignup(older({ country: 'Nepal', district: '' }), { now: NOW, variant: 'older' }),
    ).toEqual({});
    expect(
      validateSignup(older({ pincode: '4110a12' }), { now: NOW, variant: 'older' }).pincode,
    ).toEqual([MESSAGES.digitsOnly, MESSAGES.pincodeMax]);
  });

  it('answers the api a flat list with every error', () => {
    const errors: FieldErrors = {
      phone: [MESSAGES.digitsOnly, MESSAGES.invalidMobile],
      form: [MESSAGES.enterAllFields],
    };
    expect(errorList(errors)).toEqual([
      { field: 'phone', message: MESSAGES.digitsOnly },
      { field: 'phone', message: MESSAGES.invalidMobile },
      { field: 'form', message: MESSAGES.enterAllFields },
    ]);
  });
});

describe('edit profile rules', () => {
  const context = { username: 'asha_k', now: NOW };
  const form = (changes = {}) => ({
    ...profile(),
    dob: '15-08-1995',
    gender: 'Female',
    ...changes,
  });

  it('accepts a complete profile', () => {
    expect(validateEditProfile(form(), context)).toEqual({});
  });

  it('requires every field of section 5', () => {
    const blank = {
      firstname: '',
      lastname: '',
      dob: '',
      gender: '',
      houseno: '',
      street: '',
      city: '',
      country: '',
      state: '',
      district: '',
      neighbourHood: '',
      pincode: '',
    };
    expect(validateEditProfile(form(blank), context)).toEqual({
      firstname: [MESSAGES.cannotBeBlank],
      lastname: [MESSAGES.cannotBeBlank],
      dob: [MESSAGES.invalidDate],
      gender: [MESSAGES.invalidGender],
      houseno: [MESSAGES.cannotBeBlank],
      street: [MESSAGES.cannotBeBlank],
      city: [MESSAGES.cannotBeBlank],
      country: [MESSAGES.cannotBeBlank],
      state: [MESSAGES.cannotBeBlank],
      neighbourHood: [MESSAGES.cannotBeBlank],
      pincode: [MESSAGES.cannotBeBlank],
    });
  });

  it('asks the district only in India', () => {
    expect(validateEditProfile(form({ district: '' }), context).district).toEqual([
      MESSAGES.cannotBeBlank,
    ]);
    expect(validateEditProfile(form({ district: '' }), context).country).toBeUndefined();
    expect(validateEditProfile(form({ country: 'Sri Lanka', district: '' }), context)).toEqual({});
  });

  it('checks the alias against the login username, the manager mobile and the links', () => {
    expect(
      validateEditProfile(
        form({
          bidAlias: 'mysha_k',
          managerMobile: '12345',
          links: [
            { title: 'a', url: 'ftp://example.in' },
            { title: 'b', url: 'https://example.in/b' },
            { title: 'c', url: 'https://example.in/c' },
            { title: 'd', url: 'https://example.in/d' },
            { title: 'e', url: 'https://example.in/e' },
          ],
        }),
        context,
      ),
    ).toEqual({
      bidAlias: [MESSAGES.bidAliasContainsUsername],
      managerMobile: [MESSAGES.invalidMobile],
      links: [ACCOUNT_MESSAGES.tooManyLinks, ACCOUNT_MESSAGES.invalidUrl],
    });
  });
});

describe('change password rules', () => {
  it('accepts three filled, matching passwords of 6 or more', () => {
    expect(
      validateChangePassword({
        oldPassword: 'secret1',
        password: 'secret2',
        rePassword: 'secret2',
      }),
    ).toEqual({});
  });

  it('says "Please enter all fields." and "Cannot be empty" for empty fields', () => {
    expect(validateChangePassword({ oldPassword: '', password: '', rePassword: '' })).toEqual({
      form: [MESSAGES.enterAllFields],
      oldPassword: [MESSAGES.cannotBeEmpty],
      password: [MESSAGES.cannotBeEmpty],
      rePassword: [MESSAGES.cannotBeEmpty],
    });
  });

  it('wants each field longer than 5 characters, the new one at most 20, and a match', () => {
    expect(
      validateChangePassword({ oldPassword: 'abc', password: 'abcde', rePassword: 'abcdf' }),
    ).toEqual({
      oldPassword: [MESSAGES.changePasswordTooShort],
      password: [MESSAGES.changePasswordTooShort],
      rePassword: [MESSAGES.changePasswordTooShort, MESSAGES.passwordsDoNotMatch],
    });
    expect(
      validateChangePassword({
        oldPassword: 'secret1',
        password: 'x'.repeat(21),
        rePassword: 'x'.repeat(21),
      }).password,
    ).toEqual([MESSAGES.max20]);
  });

  it('wants the new password to differ from the old: the same one would only end every session', () => {
    expect(
      validateChangePassword({
        oldPassword: 'BoliDemo#2026',
        password: 'BoliDemo#2026',
        rePassword: 'BoliDemo#2026',
      }),
    ).toEqual({ password: [ACCOUNT_MESSAGES.samePassword] });
  });
});

describe('reset password rules', () => {
  it('accepts two matching passwords', () => {
    expect(validateResetPassword({ password: 'secret9', rePassword: 'secret9' })).toEqual({});
  });

  it('says the passwords do not match in the reset page’s words', () => {
    expect(validateResetPassword({ password: 'secret9', rePassword: 'secret8' })).toEqual({
      rePassword: [MESSAGES.resetPasswordMismatch],
    });
    expect(validateResetPassword({ password: '', rePassword: '' })).toEqual({
      password: [MESSAGES.cannotBeEmpty],
    });
  });
});

describe('bid alias in the bid forms', () => {
  it('wants 3 to 15 characters', () => {
    expect(validateBidAlias('ab', 'asha_k')).toEqual([MESSAGES.bidAliasTooShort]);
    expect(validateBidAlias('abc', 'asha_k')).toEqual([]);
    expect(validateBidAlias('bluekite_bombay', 'asha_k')).toEqual([]);
    expect(validateBidAlias('bluekite_bombay1', 'asha_k')).toEqual([MESSAGES.bidAliasTooLong]);
    expect(MESSAGES.bidAliasTooLong).toContain(String(LIMITS.bidAlias.max));
  });

  it('counts at most 15 letters as seen, and at least 3 code points: the more permissive of each', () => {
    // 6 letters seen, 12 code points.
    expect(validateBidAlias('श्रीमती राधा', 'asha_k')).toEqual([]);
    expect(validateBidAlias('👨\u200D👩\u200D👧'.repeat(15), 'asha_k')).toEqual([]);
    expect(validateBidAlias('👨\u200D👩\u200D👧'.repeat(16), 'asha_k')).toEqual([
      MESSAGES.bidAliasTooLong,
    ]);
    // One letter seen, four code points: enough for the minimum of 3.
    expect(validateBidAlias('श्री', 'asha_k')).toEqual([]);
  });

  it('refuses any 3 consecutive characters of the login username, case-sensitively', () => {
    expect(validateBidAlias('the_k', 'asha_k')).toEqual([]);
    expect(validateBidAlias('xha_kx', 'asha_k')).toEqual([MESSAGES.bidAliasContainsUsername]);
    expect(validateBidAlias('XHA_KX', 'asha_k')).toEqual([]);
    expect(validateBidAlias('as', 'as')).toEqual([MESSAGES.bidAliasTooShort]);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(containsRunOfUsername('a😀b', 'xa😀bx')).toBe(true);
    expect(containsRunOfUsername('😀', '\ud83d\ude00\ud83d')).toBe(false);
  });
});

describe('dates', () => {
  it('reads DD-MM-YYYY, YYYY-MM-DD and ISO date-times on the Indian calendar', () => {
    expect(parseDob('05-01-1990')).toBe('1990-01-05');
    expect(parseDob(' 1990-01-05 ')).toBe('1990-01-05');
    expect(parseDob('1990-01-04T18:30:00.000Z')).toBe('1990-01-05');
    expect(parseDob('1990-01-04T18:29:59Z')).toBe('1990-01-04');
    expect(parseDob('2023-02-29')).toBeUndefined();
    expect(parseDob('00-01-1990')).toBeUndefined();
  });

  it('counts whole years to the Indian day', () => {
    expect(ageInYears('2008-03-02', '2026-03-01T18:29:00Z')).toBe(17);
    expect(ageInYears('2008-03-02', '2026-03-01T18:30:00Z')).toBe(18);
  });
});

describe('profile visibility', () => {
  const asha = {
    userId: 'u-asha',
    username: 'asha_k',
    email: 'asha@example.in',
    phone: '9876543210',
    houseno: '12B',
    street: 'MG Road',
    city: 'Pune',
    neighbourHood: 'Camp',
    district: 'Pune',
    state: 'Maharashtra',
    country: 'India',
    pincode: '411001',
    showEmail: false,
    showAddress: false,
    showMobileNumber: false,
  };
  const other = { userId: 'u-ravi' };

  it('masks a phone after its first 3 digits', () => {
    expect(phoneWithFirstThreeShown('9876543210')).toBe('987*******');
    // To whoever types a username to sign in with a code: two digits, which with the first three
    // still leave five unknown.
    expect(phoneWithLastTwoShown('98765 43210')).toBe('••••••••10');
    expect(phoneWithFirstThreeShown('+91 98765')).toBe('+91 9****');
    expect(phoneWithFirstThreeShown('98')).toBe('98');
  });

  it('shows the owner everything', () => {
    expect(profileView(asha, { userId: 'u-asha' }, { approvedMobileRequest: false })).toEqual({
      ...asha,
      phoneMasked: false,
    });
  });

  it('hides email and address and masks the phone from others by default', () => {
    for (const viewer of [other, null]) {
      expect(profileView(asha, viewer, { approvedMobileRequest: false })).toEqual({
        userId: 'u-asha',
        username: 'asha_k',
        phone: '987*******',
        phoneMasked: true,
        showEmail: false,
        showAddress: false,
        showMobileNumber: false,
      });
    }
  });

  it('shows each part the owner chose to show', () => {
    const open = { ...asha, showEmail: true, showAddress: true, showMobileNumber: true };
    expect(profileView(open, other, { approvedMobileRequest: false })).toEqual({
      ...open,
      phoneMasked: false,
      phoneShownBecause: 'shared',
    });
  });

  it('shows the phone to a viewer whose request was approved', () => {
    const view = profileView(asha, other, { approvedMobileRequest: true });
    expect(view.phone).toBe('9876543210');
    expect(view.phoneShownBecause).toBe('approvedRequest');
    expect(view.email).toBeUndefined();
    expect(view.city).toBeUndefined();
  });

  it('shows the phone to the owner of an ad the member bid on, who has it beside their bids', () => {
    const view = profileView(asha, other, { approvedMobileRequest: false, bidOnViewersAd: true });
    expect(view).toMatchObject({
      phone: '9876543210',
      phoneMasked: false,
      phoneShownBecause: 'bidOnYourAd',
    });
    expect(view.email).toBeUndefined();
    expect(view.city).toBeUndefined();
  });
});
