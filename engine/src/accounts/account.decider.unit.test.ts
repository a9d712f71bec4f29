import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../shared/messages.ts';
import { DeciderSpecification } from '../shared/testing/deciderSpecification.ts';
import type { AccountCommand, AccountCommandType } from './account.commands.ts';
import { accountDecider, otpTriesLeft } from './account.decider.ts';
import type { AccountEvent } from './account.events.ts';
import {
  ACTIVE,
  ADMIN,
  EMAIL_VERIFIED,
  MEMBER,
  REGISTERED,
  SUPPORT,
  T0,
  USER_ID,
  accountBlocked,
  accountRegistered,
  at,
  emailVerified,
  metadata,
  oneOfEach,
  otpIssued,
  otpVerificationFailed,
  profile,
  registerAccount,
  resetRequested,
} from './account.fixtures.ts';
import { accountStatus, allowedCommands } from './account.machine.ts';
import { ACCOUNT_MESSAGES } from './account.messages.ts';

const given = DeciderSpecification.for(accountDecider);
const command = (type: AccountCommandType, now?: string): AccountCommand => {
  const found = oneOfEach(now).find((c) => c.type === type);
  if (found === undefined) throw new Error(type);
  return found;
};
const except = (...types: AccountCommandType[]): AccountCommandType[] =>
  oneOfEach()
    .map((c) => c.type)
    .filter((t) => !types.includes(t));

const OTP = 'mobileVerification';
const SIGN_IN = 'signIn' as const;
const issueOtp = (now: string, codeHash = 'otp:123456', purpose = OTP): AccountCommand => ({
  type: 'IssueOtp',
  data: { purpose, codeHash },
  metadata: metadata(now),
});
const verifyOtp = (now: string, codeHash = 'otp:123456', purpose = OTP): AccountCommand => ({
  type: 'VerifyOtp',
  data: { purpose, codeHash },
  metadata: metadata(now),
});
const resetPassword = (now: string, tokenHash = 'reset:abc'): AccountCommand => ({
  type: 'ResetPassword',
  data: { tokenHash, passwordHash: 'hash:reset' },
  metadata: metadata(now),
});

describe('the account lifecycle machine', () => {
  it('allows each state exactly its commands', () => {
    const allowedAfter = (events: AccountEvent[]) =>
      allowedCommands(events.reduce(accountDecider.evolve, accountDecider.initialState()).machine);
    const always = ['BlockAccount', 'UnblockAccount', 'GrantRole', 'RevokeSessions'];
    const loggedOut = ['RequestPasswordReset', 'ResetPassword', 'VerifyEmail'];
    expect(allowedAfter([])).toEqual(['RegisterAccount']);
    expect(allowedAfter(REGISTERED).sort()).toEqual(
      [...always, ...loggedOut, 'ChangeUnverifiedPhone'].sort(),
    );
    expect(allowedAfter(EMAIL_VERIFIED).sort()).toEqual(
      [
        ...always,
        ...loggedOut,
        'IssueOtp',
        'VerifyOtp',
        'ChangePassword',
        'ChangeUnverifiedPhone',
      ].sort(),
    );
    expect(allowedAfter(ACTIVE).sort()).toEqual(
      [
        ...always,
        ...loggedOut,
        'IssueOtp',
        'VerifyOtp',
        'ChangePassword',
        'EditProfile',
        'ChangeProfilePicture',
        'ChangePrivacySetting',
        'ChangeEmailNotices',
      ].sort(),
    );
    expect(allowedAfter([...ACTIVE, accountBlocked()]).sort()).toEqual([...always].sort());
  });
});

describe('a mobile number mistyped at sign-up', () => {
  const NOW = at(T0, 20);
  const change = (phone: string, phoneCode = '+91'): AccountCommand => ({
    type: 'ChangeUnverifiedPhone',
    data: { phone, phoneCode },
    metadata: metadata(NOW),
  });

  it('is changed before it is verified, and the code sent to the old one is void', () => {
    given([...EMAIL_VERIFIED, otpIssued(at(T0, 10))])
      .when(change(' 9123456780 ', '91'))
      .then({
        type: 'PhoneChanged',
        data: { userId: USER_ID, phone: '9123456780', phoneCode: '+91', changedAt: NOW },
      });
    given([...EMAIL_VERIFIED, otpIssued(at(T0, 10))])
      .when(change('9123456780'))
      .thenState((state) =>
        expect(state).toMatchObject({ phone: '9123456780', phoneCode: '+91', otp: null }),
      );
  });

  it('is checked as Register checks it, and the same number again changes nothing', () => {
    given(EMAIL_VERIFIED)
      .when(change('0123456789'))
      .thenThrows('VALIDATION_FAILED', {
        details: { errors: { phone: [MESSAGES.invalidMobile] } },
      });
    given(EMAIL_VERIFIED)
      .when(change(accountRegistered.data.phone, accountRegistered.data.phoneCode))
      .thenNothingHappened();
  });

  it('cannot be changed once verified', () => {
    given(ACTIVE)
      .when(change('9123456780'))
      .thenThrows('MOBILE_ALREADY_VERIFIED', { message: ACCOUNT_MESSAGES.mobileAlreadyVerified });
  });
});

describe('before sign-up', () => {
  it('registers an account, normalizing what the form sent', () => {
    given([]).when(registerAccount()).then(accountRegistered);
  });

  it('accepts an ISO date of birth and keeps a given phone code', () => {
    given([])
      .when(registerAccount({ dob: '1995-08-15', phoneCode: '+91 ' }))
      .then(accountRegistered);
  });

  it('refuses a registration that breaks the sign-up rules, listing every error', () => {
    given([])
      .when(registerAccount({ bidAlias: 'asha_kite', gender: 'Other', termsAccepted: false }))
      .thenThrows('VALIDATION_FAILED', {
        message: MESSAGES.invalidForm,
        details: {
          errors: {
            bidAlias: [MESSAGES.bidAliasContainsUsername],
            gender: [MESSAGES.invalidGender],
            termsOfServicesCheckBox: [MESSAGES.agreeToTermsToMoveForward],
          },
        },
      });
  });

  it('refuses anyone younger than 18 on the Indian calendar day of the command', () => {
    // 18th birthday is 2026-03-02 in India; at 2026-03-01T18:29Z it is still 1 March in India.
    given([])
      .when(registerAccount({ dob: '02-03-2008' }, '2026-03-01T18:29:00.000Z'))
      .thenThrows('VALIDATION_FAILED', {
        details: { errors: { dob: [ACCOUNT_MESSAGES.underage] } },
      });
    given([])
      .when(registerAccount({ dob: '02-03-2008' }, '2026-03-01T18:30:00.000Z'))
      .thenState((state) => expect(accountStatus(state.machine)).toBe('registered'));
  });

  it('refuses a command whose time is not a date', () => {
    given([])
      .when(registerAccount({}, 'yesterday'))
      .thenThrows('COMMAND_TIME_INVALID', { details: { now: 'yesterday' } });
  });

  it.each(except('RegisterAccount'))('answers %s with "no account, sign up first"', (type) => {
    given([])
      .when(command(type))
      .thenThrows('ACCOUNT_NOT_FOUND', { message: MESSAGES.noAccountSignupFirst });
  });
});

describe('registered, email not verified', () => {
  it('refuses a second sign-up', () => {
    given(REGISTERED)
      .when(registerAccount())
      .thenThrows('USER_ALREADY_EXISTS', { message: MESSAGES.alreadySignedUp });
  });

  it('verifies the email', () => {
    given(REGISTERED)
      .when({ type: 'VerifyEmail', data: {}, metadata: metadata(at(T0, 5)) })
      .then(emailVerified());
  });

  it.each([
    'IssueOtp',
    'VerifyOtp',
    'ChangePassword',
    'EditProfile',
    'ChangeProfilePicture',
    'ChangePrivacySetting',
    'ChangeEmailNotices',
  ] as const)('answers %s with "your email is not validated"', (type) => {
    given(REGISTERED)
      .when(command(type))
      .thenThrows('EMAIL_NOT_VERIFIED', { message: MESSAGES.emailNotValidated });
  });

  it('sends a reset link valid for one hour', () => {
    given(REGISTERED)
      .when({
        type: 'RequestPasswordReset',
        data: { tokenHash: 'reset:abc' },
        metadata: metadata(T0),
      })
      .then(resetRequested(T0));
  });

  it('logs out everywhere on request', () => {
    given(REGISTERED)
      .when(command('RevokeSessions'))
      .then({
        type: 'SessionsRevoked',
        data: { userId: USER_ID, reason: 'logoutEverywhere', revokedAt: at(T0, 30) },
      });
  });
});

describe('email verified, phone not yet verified', () => {
  it('treats a repeated email verification as done', () => {
    given(EMAIL_VERIFIED).when(command('VerifyEmail')).thenNothingHappened();
  });

  it('sends a 6-digit OTP valid for 10 minutes', () => {
    given(EMAIL_VERIFIED)
      .when(issueOtp(at(T0, 10)))
      .then(otpIssued(at(T0, 10)));
  });

  it('lets the code sent a moment ago stand when the page sends on load, but Resend sends anew', () => {
    const sent = [...EMAIL_VERIFIED, otpIssued(at(T0, 10))];
    const onLoad = (now: string): AccountCommand => {
      const command = issueOtp(now, 'otp:654321') as Extract<AccountCommand, { type: 'IssueOtp' }>;
      return { ...command, data: { ...command.data, unlessJustSent: true } };
    };
    // A second tab's load 30 s on: no second text, no try spent.
    given(sent)
      .when(onLoad(at(T0, 10.5)))
      .thenNothingHappened();
    // A minute on, or after a wrong guess, or on Resend: a new code.
    given(sent)
      .when(onLoad(at(T0, 11)))
      .then(otpIssued(at(T0, 11), 'otp:654321'));
    given([...sent, otpVerificationFailed(at(T0, 10.2))])
      .when(onLoad(at(T0, 10.5)))
      .then(otpIssued(at(T0, 10.5), 'otp:654321'));
    given(sent)
      .when(issueOtp(at(T0, 10.5), 'otp:654321'))
      .then(otpIssued(at(T0, 10.5), 'otp:654321'));
  });

  it('counts 5 OTPs a day and then answers "You reached daily limit"', () => {
    const sends = [0, 1, 2, 3, 4].map((i) => otpIssued(at(T0, 10 + i)));
    given([...EMAIL_VERIFIED, ...sends.slice(0, 4)])
      .when(issueOtp(at(T0, 20)))
      .thenState((state) => expect(otpTriesLeft(state, at(T0, 20))).toBe(0));
    given([...EMAIL_VERIFIED, ...sends])
      .when(issueOtp(at(T0, 20)))
      .thenThrows('OTP_DAILY_LIMIT', {
        message: MESSAGES.dailyLimitServer,
        details: { triesLeft: 0 },
      });
  });

  it('gives a try back 24 hours after it was used', () => {
    const sends = [0, 1, 2, 3, 4].map((i) => otpIssued(at(T0, 10 + i)));
    const dayLater = at(T0, 10 + 24 * 60);
    given([...EMAIL_VERIFIED, ...sends])
      .when(issueOtp(dayLater))
      .thenState((state) => expect(otpTriesLeft(state, dayLater)).toBe(0));
    given([...EMAIL_VERIFIED, ...sends])
      .when(issueOtp(at(dayLater, -1)))
      .thenThrows('OTP_DAILY_LIMIT');
  });

  it('reports tries left from the state', () => {
    const state = [...EMAIL_VERIFIED, otpIssued(at(T0, 10)), otpIssued(at(T0, 11))].reduce(
      accountDecider.evolve,
      accountDecider.initialState(),
    );
    expect(otpTriesLeft(state, at(T0, 12))).toBe(3);
    expect(otpTriesLeft(state, at(T0, 10 + 24 * 60))).toBe(4);
    expect(otpTriesLeft(state, at(T0, 11 + 24 * 60))).toBe(5);
  });

  it('verifies the phone with the right code and starts the 7-day free trial', () => {
    const now = at(T0, 15);
    given([...EMAIL_VERIFIED, otpIssued(at(T0, 10))])
      .when(verifyOtp(now))
      .then([
        {
          type: 'MobileVerified',
          data: { userId: USER_ID, phone: '9876543210', verifiedAt: now },
        },
        {
          type: 'TrialStarted',
          data: { userId: USER_ID, startsAt: now, endsAt: '2026-03-08T10:15:00.000Z' },
        },
      ]);
  });

  it('records a wrong code as a failed attempt (the api answers "Incorrect OTP.")', () => {
    given([...EMAIL_VERIFIED, otpIssued(at(T0, 10))])
      .when(verifyOtp(at(T0, 15), 'otp:000000'))
      .then(otpVerificationFailed(at(T0, 15)));
  });

  it('voids a code after 3 wrong attempts, and says so: a new one is needed', () => {
    const failures = [11, 12, 13].map((m) => otpVerificationFailed(at(T0, m)));
    given([...EMAIL_VERIFIED, otpIssued(at(T0, 10)), ...failures.slice(0, 2)])
      .when(verifyOtp(at(T0, 14)))
      .thenState((state) => expect(accountStatus(state.machine)).toBe('active'));
    given([...EMAIL_VERIFIED, otpIssued(at(T0, 10)), ...failures])
      .when(verifyOtp(at(T0, 14)))
      .thenThrows('OTP_CODE_VOID', {
        message: ACCOUNT_MESSAGES.otpCodeVoid,
        details: { triesLeft: 4 },
      });
  });

  it('accepts a code until its 10 minutes are over, not after', () => {
    given([...EMAIL_VERIFIED, otpIssued(at(T0, 10))])
      .when(verifyOtp('2026-03-01T10:19:59.999Z'))
      .thenState((state) => expect(accountStatus(state.machine)).toBe('active'));
    given([...EMAIL_VERIFIED, otpIssued(at(T0, 10))])
      .when(verifyOtp(at(T0, 20)))
      .thenThrows('OTP_EXPIRED', { message: ACCOUNT_MESSAGES.otpExpired });
  });

  it('accepts only the latest code sent', () => {
    given([...EMAIL_VERIFIED, otpIssued(at(T0, 10)), otpIssued(at(T0, 11), 'otp:654321')])
      .when(verifyOtp(at(T0, 12), 'otp:123456'))
      .then(otpVerificationFailed(at(T0, 12)));
  });

  it('refuses a verification when no code was sent', () => {
    given(EMAIL_VERIFIED)
      .when(verifyOtp(at(T0, 12)))
      .thenThrows('OTP_INVALID', { details: { reason: 'notIssued', triesLeft: 5 } });
  });

  it('refuses an OTP purpose it does not know', () => {
    given(EMAIL_VERIFIED)
      .when({
        type: 'IssueOtp',
        data: { purpose: 'login', codeHash: 'x' },
        metadata: metadata(at(T0, 10)),
      })
      .thenThrows('OTP_PURPOSE_UNKNOWN', { details: { purpose: 'login' } });
    given([...EMAIL_VERIFIED, otpIssued(at(T0, 10))])
      .when(verifyOtp(at(T0, 11), 'otp:123456', 'login'))
      .thenThrows('OTP_PURPOSE_UNKNOWN');
  });

  it.each(['EditProfile', 'ChangeProfilePicture', 'ChangePrivacySetting'] as const)(
    'keeps %s behind the OTP screen',
    (type) => {
      given(EMAIL_VERIFIED)
        .when(command(type))
        .thenThrows('MOBILE_NOT_VERIFIED', { message: ACCOUNT_MESSAGES.mobileNotVerified });
    },
  );
});

describe('active (phone verified)', () => {
  it.each(['IssueOtp', 'VerifyOtp'] as const)(
    'refuses %s of the phone check: the phone code was single use',
    (type) => {
      given(ACTIVE).when(command(type)).thenThrows('MOBILE_ALREADY_VERIFIED', {
        message: ACCOUNT_MESSAGES.mobileAlreadyVerified,
      });
    },
  );

  describe('signing in with a code to the verified phone', () => {
    const signInSent = (now: string) => otpIssued(now, 'otp:123456', SIGN_IN);

    it('sends a sign-in code, counted against the day’s sends as every code is', () => {
      given(ACTIVE)
        .when(issueOtp(at(T0, 40), 'otp:123456', SIGN_IN))
        .then(signInSent(at(T0, 40)));
    });

    it('signs in once with the right code: the code is spent', () => {
      const sent = [...ACTIVE, signInSent(at(T0, 40))];
      const signedIn: AccountEvent = {
        type: 'SignedInWithOtp',
        data: { userId: USER_ID, signedInAt: at(T0, 41) },
      };
      given(sent)
        .when(verifyOtp(at(T0, 41), 'otp:123456', SIGN_IN))
        .then(signedIn);
      given([...sent, signedIn])
        .when(verifyOtp(at(T0, 42), 'otp:123456', SIGN_IN))
        .thenThrows('OTP_INVALID', { message: MESSAGES.incorrectOtp });
    });

    it('counts a wrong code, refuses an expired one, and never takes a phone-check code', () => {
      const sent = [...ACTIVE, signInSent(at(T0, 40))];
      given(sent)
        .when(verifyOtp(at(T0, 41), 'otp:000000', SIGN_IN))
        .then({
          type: 'OtpVerificationFailed',
          data: { userId: USER_ID, purpose: SIGN_IN, failedAt: at(T0, 41) },
        });
      given(sent)
        .when(verifyOtp(at(T0, 50), 'otp:123456', SIGN_IN))
        .thenThrows('OTP_EXPIRED');
      // Sent to sign in, it checks no phone: that one is verified already.
      given(sent)
        .when(verifyOtp(at(T0, 41), 'otp:123456', OTP))
        .thenThrows('MOBILE_ALREADY_VERIFIED');
    });

    it('sends none to a phone not verified yet: the password signs in to verify it', () => {
      given(EMAIL_VERIFIED)
        .when(issueOtp(at(T0, 10), 'otp:123456', SIGN_IN))
        .thenThrows('SIGNIN_MOBILE_NOT_VERIFIED', {
          message: ACCOUNT_MESSAGES.otpSignInNeedsVerifiedMobile,
        });
      given([...ACTIVE, accountBlocked()])
        .when(issueOtp(at(T0, 40), 'otp:123456', SIGN_IN))
        .thenThrows('ACCOUNT_BLOCKED');
    });
  });

  it('refuses a second sign-up', () => {
    given(ACTIVE).when(registerAccount()).thenThrows('USER_ALREADY_EXISTS');
  });

  describe('passwords', () => {
    it('changes the password and logs out everywhere', () => {
      const now = at(T0, 30);
      given(ACTIVE)
        .when(command('ChangePassword'))
        .then([
          {
            type: 'PasswordChanged',
            data: { userId: USER_ID, passwordHash: 'hash:new', changedAt: now },
          },
          {
            type: 'SessionsRevoked',
            data: { userId: USER_ID, reason: 'passwordChanged', revokedAt: now },
          },
        ]);
    });

    it('refuses a change when the old password is wrong', () => {
      given(ACTIVE)
        .when({
          type: 'ChangePassword',
          data: { oldPasswordMatches: false, passwordHash: 'hash:new' },
          metadata: metadata(at(T0, 30)),
        })
        .thenThrows('WRONG_PASSWORD', { message: ACCOUNT_MESSAGES.wrongOldPassword });
    });

    it('resets the password with the mailed token and logs out everywhere', () => {
      const now = at(T0, 100);
      given([...ACTIVE, resetRequested(at(T0, 50))])
        .when(resetPassword(now))
        .then([
          {
            type: 'PasswordReset',
            data: { userId: USER_ID, passwordHash: 'hash:reset', resetAt: now },
          },
          {
            type: 'SessionsRevoked',
            data: { userId: USER_ID, reason: 'passwordReset', revokedAt: now },
          },
        ]);
    });

    it('refuses a reset token after its hour', () => {
      given([...ACTIVE, resetRequested(at(T0, 50))])
        .when(resetPassword(at(T0, 110)))
        .thenThrows('RESET_TOKEN_EXPIRED', { message: ACCOUNT_MESSAGES.resetLinkExpired });
    });

    it('refuses a wrong token, a missing one, a used one and a replaced one', () => {
      const invalid = { message: ACCOUNT_MESSAGES.resetLinkInvalid };
      given([...ACTIVE, resetRequested(at(T0, 50))])
        .when(resetPassword(at(T0, 60), 'reset:zzz'))
        .thenThrows('RESET_TOKEN_INVALID', invalid);
      given(ACTIVE)
        .when(resetPassword(at(T0, 60)))
        .thenThrows('RESET_TOKEN_INVALID', invalid);
      const used: AccountEvent = {
        type: 'PasswordReset',
        data: { userId: USER_ID, passwordHash: 'hash:reset', resetAt: at(T0, 55) },
      };
      given([...ACTIVE, resetRequested(at(T0, 50)), used])
        .when(resetPassword(at(T0, 60)))
        .thenThrows('RESET_TOKEN_INVALID', invalid);
      given([...ACTIVE, resetRequested(at(T0, 50)), resetRequested(at(T0, 52), 'reset:new')])
        .when(resetPassword(at(T0, 60)))
        .thenThrows('RESET_TOKEN_INVALID', invalid);
    });

    it('voids a pending reset link once the password is changed', () => {
      const changed: AccountEvent = {
        type: 'PasswordChanged',
        data: { userId: USER_ID, passwordHash: 'hash:new', changedAt: at(T0, 55) },
      };
      given([...ACTIVE, resetRequested(at(T0, 50)), changed])
        .when(resetPassword(at(T0, 60)))
        .thenThrows('RESET_TOKEN_INVALID');
    });
  });

  describe('profile', () => {
    const edit = (p = profile()): AccountCommand => ({
      type: 'EditProfile',
      data: { profile: p },
      metadata: metadata(at(T0, 30)),
    });
    const edited = (p = profile()): AccountEvent => ({
      type: 'ProfileEdited',
      data: { userId: USER_ID, profile: p, editedAt: at(T0, 30) },
    });

    it('edits the profile', () => {
      given(ACTIVE).when(edit()).then(edited());
    });

    it('keeps the district only in India, trims, keeps the alias when left blank, drops empty extras', () => {
      given(ACTIVE)
        .when(
          edit(
            profile({
              country: 'Nepal',
              district: 'Kathmandu',
              city: ' Pokhara ',
              bidAlias: '',
              managerMobile: ' ',
              otherroles: ['Dancer', ' '],
              links: [
                { title: 'Reel', url: 'https://example.in/reel' },
                { title: '', url: '' },
              ],
            }),
          ),
        )
        .then(
          edited(
            profile({
              country: 'Nepal',
              district: '',
              city: 'Pokhara',
              otherroles: ['Dancer'],
              links: [{ title: 'Reel', url: 'https://example.in/reel' }],
            }),
          ),
        );
    });

    it('treats an unchanged profile as nothing to record', () => {
      given([...ACTIVE, edited()])
        .when(edit())
        .thenNothingHappened();
    });

    it('refuses a profile that breaks the rules, listing every error', () => {
      given(ACTIVE)
        .when(
          edit(profile({ district: ' ', bidAlias: 'sha_k1', pincode: '41100A', firstname: '' })),
        )
        .thenThrows('VALIDATION_FAILED', {
          message: MESSAGES.invalidForm,
          details: {
            errors: {
              firstname: [MESSAGES.cannotBeBlank],
              bidAlias: [MESSAGES.bidAliasContainsUsername],
              district: [MESSAGES.cannotBeBlank],
              pincode: [MESSAGES.digitsOnly],
            },
          },
        });
    });

    const picture = (extension: string, sizeBytes: number): AccountCommand => ({
      type: 'ChangeProfilePicture',
      data: { profilepic: 'pics/u-asha.jpg', extension, sizeBytes },
      metadata: metadata(at(T0, 30)),
    });

    it('changes the picture: jpeg, jpg or png up to 10485760 bytes', () => {
      given(ACTIVE)
        .when(picture('.JPG', 10_485_760))
        .then({
          type: 'ProfilePictureChanged',
          data: {
            userId: USER_ID,
            profilepic: 'pics/u-asha.jpg',
            replaced: null,
            changedAt: at(T0, 30),
          },
        });
    });

    it('names the picture it replaced, as the stream knows it when deciding', () => {
      const second: AccountCommand = {
        type: 'ChangeProfilePicture',
        data: { profilepic: 'pics/u-asha-2.jpg', extension: 'jpg', sizeBytes: 2048 },
        metadata: metadata(at(T0, 31)),
      };
      given([
        ...ACTIVE,
        {
          type: 'ProfilePictureChanged',
          data: { userId: USER_ID, profilepic: 'pics/u-asha.jpg', changedAt: at(T0, 30) },
        },
      ])
        .when(second)
        .then({
          type: 'ProfilePictureChanged',
          data: {
            userId: USER_ID,
            profilepic: 'pics/u-asha-2.jpg',
            replaced: 'pics/u-asha.jpg',
            changedAt: at(T0, 31),
          },
        });
    });

    it.each([
      ['gif', 100],
      ['png', 10_485_761],
      ['jpeg', 0],
    ])('refuses a %s picture of %i bytes', (extension, size) => {
      given(ACTIVE)
        .when(picture(extension, size))
        .thenThrows('PROFILE_PICTURE_INVALID', { message: ACCOUNT_MESSAGES.profilePictureInvalid });
    });

    it('changes a privacy setting, and ignores setting it to what it is', () => {
      given(ACTIVE)
        .when(command('ChangePrivacySetting'))
        .then({
          type: 'PrivacySettingChanged',
          data: { userId: USER_ID, setting: 'showEmail', value: true, changedAt: at(T0, 30) },
        });
      given(ACTIVE)
        .when({
          type: 'ChangePrivacySetting',
          data: { setting: 'showAddress', value: false },
          metadata: metadata(at(T0, 30)),
        })
        .thenNothingHappened();
    });

    it('turns the notices’ emails off and on, and ignores setting them to what they are', () => {
      const notices = (on: boolean): AccountCommand => ({
        type: 'ChangeEmailNotices',
        data: { on },
        metadata: metadata(at(T0, 30)),
      });
      // On from sign-up.
      given(ACTIVE).when(notices(true)).thenNothingHappened();
      given(ACTIVE)
        .when(notices(false))
        .then({
          type: 'EmailNoticesChanged',
          data: { userId: USER_ID, on: false, changedAt: at(T0, 30) },
        });
    });

    it('refuses a privacy setting it does not know', () => {
      given(ACTIVE)
        .when({
          type: 'ChangePrivacySetting',
          data: { setting: 'showDob', value: true },
          metadata: metadata(at(T0, 30)),
        })
        .thenThrows('PRIVACY_SETTING_UNKNOWN', { details: { setting: 'showDob' } });
    });
  });

  describe('roles and blocking (the console)', () => {
    const grant = (role: string, actor = ADMIN): AccountCommand => ({
      type: 'GrantRole',
      data: { role },
      metadata: metadata(at(T0, 30), actor),
    });

    it('lets an admin grant a role, once', () => {
      const granted: AccountEvent = {
        type: 'RoleGranted',
        data: { userId: USER_ID, role: 'auditor', grantedBy: ADMIN.userId, grantedAt: at(T0, 30) },
      };
      given(ACTIVE).when(grant('auditor')).then(granted);
      given([...ACTIVE, granted])
        .when(grant('auditor'))
        .thenNothingHappened();
      given(ACTIVE).when(grant('member')).thenNothingHappened();
    });

    it('refuses an unknown role', () => {
      given(ACTIVE)
        .when(grant('superuser'))
        .thenThrows('ROLE_UNKNOWN', { details: { role: 'superuser' } });
    });

    it('refuses role grants from anyone but an admin', () => {
      given(ACTIVE).when(grant('admin', SUPPORT)).thenThrows('FORBIDDEN');
      given(ACTIVE).when(grant('admin', MEMBER)).thenThrows('FORBIDDEN');
      given(ACTIVE)
        .when({ type: 'GrantRole', data: { role: 'admin' }, metadata: metadata(at(T0, 30)) })
        .thenThrows('FORBIDDEN');
    });

    it('lets support block an account, which logs it out everywhere', () => {
      const now = at(T0, 60);
      given(ACTIVE)
        .when({
          type: 'BlockAccount',
          data: { reason: 'fake bids' },
          metadata: metadata(now, SUPPORT),
        })
        .then([
          accountBlocked(now),
          {
            type: 'SessionsRevoked',
            data: { userId: USER_ID, reason: 'accountBlocked', revokedAt: now },
          },
        ]);
    });

    it('refuses a staff member blocking their own account', () => {
      given(ACTIVE)
        .when({
          type: 'BlockAccount',
          data: { reason: 'test' },
          metadata: metadata(T0, { userId: USER_ID, role: 'admin' }),
        })
        .thenThrows('BLOCK_SELF', { message: ACCOUNT_MESSAGES.cannotBlockSelf });
    });

    it('leaves blocking staff to an admin', () => {
      const staff: AccountEvent[] = [
        ...ACTIVE,
        {
          type: 'RoleGranted',
          data: { userId: USER_ID, role: 'auditor', grantedBy: ADMIN.userId, grantedAt: T0 },
        },
      ];
      given(staff)
        .when({ type: 'BlockAccount', data: { reason: 'test' }, metadata: metadata(T0, SUPPORT) })
        .thenThrows('BLOCK_STAFF', { message: ACCOUNT_MESSAGES.onlyAdminBlocksStaff });
      given(staff)
        .when({ type: 'BlockAccount', data: { reason: 'left' }, metadata: metadata(T0, ADMIN) })
        .then([
          {
            type: 'AccountBlocked',
            data: { userId: USER_ID, reason: 'left', blockedBy: ADMIN.userId, blockedAt: T0 },
          },
          {
            type: 'SessionsRevoked',
            data: { userId: USER_ID, reason: 'accountBlocked', revokedAt: T0 },
          },
        ]);
    });

    it('refuses blocking and unblocking from a member', () => {
      given(ACTIVE)
        .when({ type: 'BlockAccount', data: { reason: '' }, metadata: metadata(T0, MEMBER) })
        .thenThrows('FORBIDDEN');
      given([...ACTIVE, accountBlocked()])
        .when({ type: 'UnblockAccount', data: { reason: '' }, metadata: metadata(T0, MEMBER) })
        .thenThrows('FORBIDDEN');
    });

    it('treats unblocking an account that is not blocked as done', () => {
      given(ACTIVE).when(command('UnblockAccount')).thenNothingHappened();
    });
  });
});

describe('blocked', () => {
  const BLOCKED = [...ACTIVE, accountBlocked()];

  it.each(
    except('RegisterAccount', 'BlockAccount', 'UnblockAccount', 'GrantRole', 'RevokeSessions'),
  )('refuses %s', (type) => {
    given(BLOCKED)
      .when(command(type))
      .thenThrows('ACCOUNT_BLOCKED', { message: ACCOUNT_MESSAGES.accountBlocked });
  });

  it('refuses a second sign-up as already signed up', () => {
    given(BLOCKED).when(registerAccount()).thenThrows('USER_ALREADY_EXISTS');
  });

  it('treats blocking again as done, and still grants roles', () => {
    given(BLOCKED).when(command('BlockAccount')).thenNothingHappened();
    given(BLOCKED)
      .when(command('GrantRole'))
      .thenState((state) => expect(state.roles).toEqual(['member', 'support']));
  });

  it.each([
    ['registered', REGISTERED],
    ['emailVerified', EMAIL_VERIFIED],
    ['active', ACTIVE],
  ] as const)('unblocks back to %s', (expected, history) => {
    given([...history, accountBlocked()])
      .when({
        type: 'UnblockAccount',
        data: { reason: 'appeal upheld' },
        metadata: metadata(at(T0, 90), ADMIN),
      })
      .thenState((state, events) => {
        expect(events).toEqual([
          {
            type: 'AccountUnblocked',
            data: {
              userId: USER_ID,
              unblockedBy: ADMIN.userId,
              unblockedAt: at(T0, 90),
              reason: 'appeal upheld',
            },
          },
        ]);
        expect(accountStatus(state.machine)).toBe(expected);
      });
  });
});
