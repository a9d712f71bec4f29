import { assertNever, DomainError, type Decider } from '../shared/decider.ts';
import { LIMITS, ROLES } from '../shared/limits.ts';
import { MESSAGES } from '../shared/messages.ts';
import { blockRefusal, SUPPORT_ROLES } from './staffRoles.ts';
import type {
  AccountCommand,
  ChangePassword,
  ChangePrivacySetting,
  ChangeEmailNotices,
  ChangeProfilePicture,
  ChangeUnverifiedPhone,
  EditProfile,
  GrantRole,
  IssueOtp,
  RegisterAccount,
  ResetPassword,
  VerifyOtp,
} from './account.commands.ts';
import {
  OTP_PURPOSES,
  PRIVACY_SETTINGS,
  type AccountEvent,
  type EditableProfile,
  type OtpPurpose,
  type PrivacySetting,
  type Role,
} from './account.events.ts';
import { allowsCommand } from './account.machine.ts';
import { ACCOUNT_MESSAGES } from './account.messages.ts';
import {
  hasErrors,
  isGender,
  isIndia,
  parseDob,
  validateEditableProfile,
  phoneCodeOf,
  phoneErrors,
  validateRegistrationDetails,
  type FieldErrors,
} from './account.rules.ts';
import {
  evolve,
  initialState,
  mobileValidated,
  otpIsVoid,
  otpTriesLeft,
  status,
  type AccountState,
} from './account.state.ts';
import { isOneOf } from '../shared/oneOf.ts';

export type AccountErrorCode =
  | 'COMMAND_TIME_INVALID'
  | 'USER_ALREADY_EXISTS'
  | 'ACCOUNT_NOT_FOUND'
  | 'ACCOUNT_BLOCKED'
  | 'EMAIL_NOT_VERIFIED'
  | 'MOBILE_NOT_VERIFIED'
  | 'MOBILE_ALREADY_VERIFIED'
  | 'SIGNIN_MOBILE_NOT_VERIFIED'
  | 'COMMAND_NOT_ALLOWED'
  | 'FORBIDDEN'
  | 'VALIDATION_FAILED'
  | 'OTP_PURPOSE_UNKNOWN'
  | 'OTP_DAILY_LIMIT'
  | 'OTP_INVALID'
  | 'OTP_EXPIRED'
  | 'OTP_CODE_VOID'
  | 'WRONG_PASSWORD'
  | 'RESET_TOKEN_INVALID'
  | 'RESET_TOKEN_EXPIRED'
  | 'ROLE_UNKNOWN'
  | 'PRIVACY_SETTING_UNKNOWN'
  | 'PROFILE_PICTURE_INVALID'
  | 'BLOCK_SELF'
  | 'BLOCK_STAFF';

/** What staff are told when `blockRefusal` refuses them. */
const BLOCK_REFUSALS = {
  BLOCK_SELF: ACCOUNT_MESSAGES.cannotBlockSelf,
  BLOCK_STAFF: ACCOUNT_MESSAGES.onlyAdminBlocksStaff,
} as const;

const fail = (
  code: AccountErrorCode,
  message?: string,
  details: Record<string, unknown> = {},
): never => {
  throw new DomainError(code, details, message);
};

const plusMinutes = (iso: string, minutes: number): string =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString();

/** Compares two hashes without stopping at the first difference. */
const sameHash = (a: string, b: string): boolean => {
  let difference = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    difference |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  }
  return difference === 0;
};

/** Who may block and unblock (SUPPORT_ROLES); granting roles is for admins alone. */
const requireActorRole = (command: AccountCommand, roles: readonly string[]): string => {
  const actor = command.metadata.actor;
  if (actor === undefined || !roles.includes(actor.role)) {
    return fail('FORBIDDEN', undefined, { command: command.type });
  }
  return actor.userId;
};

/** Why the lifecycle refuses a command here, in the most useful words the state allows. */
const refuse = (command: AccountCommand, state: AccountState): never => {
  const current = status(state);
  const details = { command: command.type, status: current };
  if (command.type === 'RegisterAccount')
    return fail('USER_ALREADY_EXISTS', MESSAGES.alreadySignedUp, details);
  switch (current) {
    case 'unregistered':
      return fail('ACCOUNT_NOT_FOUND', MESSAGES.noAccountSignupFirst, details);
    case 'blocked':
      return fail('ACCOUNT_BLOCKED', ACCOUNT_MESSAGES.accountBlocked, details);
    case 'registered':
      return fail('EMAIL_NOT_VERIFIED', MESSAGES.emailNotValidated, details);
    case 'emailVerified':
      return fail('MOBILE_NOT_VERIFIED', ACCOUNT_MESSAGES.mobileNotVerified, details);
    case 'active':
      return command.type === 'ChangeUnverifiedPhone'
        ? fail('MOBILE_ALREADY_VERIFIED', ACCOUNT_MESSAGES.mobileAlreadyVerified, details)
        : fail('COMMAND_NOT_ALLOWED', undefined, details);
    default:
      return assertNever(current);
  }
};

const invalid = (errors: FieldErrors): never =>
  fail('VALIDATION_FAILED', MESSAGES.invalidForm, { errors });

/** A mistyped number, changed before it is verified: Register's phone rules; the same, nothing. */
const changeUnverifiedPhone = (
  { data, metadata }: ChangeUnverifiedPhone,
  state: AccountState,
): AccountEvent[] => {
  const phone = data.phone.trim();
  const errors = phoneErrors(phone, data.phoneCode);
  if (errors.length > 0) return invalid({ phone: errors });
  const phoneCode = phoneCodeOf(data.phoneCode)!;
  if (phone === state.phone && phoneCode === phoneCodeOf(state.phoneCode)) return [];
  return [
    {
      type: 'PhoneChanged',
      data: { userId: state.userId, phone, phoneCode, changedAt: metadata.now },
    },
  ];
};

const register = ({ data, metadata }: RegisterAccount): AccountEvent[] => {
  const errors = validateRegistrationDetails(
    { ...data, termsOfServicesCheckBox: data.termsAccepted },
    { now: metadata.now, variant: 'main' },
  );
  const dob = parseDob(data.dob);
  if (hasErrors(errors) || dob === undefined || !isGender(data.gender)) return invalid(errors);
  return [
    {
      type: 'AccountRegistered',
      data: {
        userId: data.userId,
        username: data.username,
        email: data.email.trim().toLowerCase(),
        phone: data.phone,
        phoneCode: phoneCodeOf(data.phoneCode) ?? data.phoneCode,
        firstname: data.firstname.trim(),
        lastname: data.lastname.trim(),
        bidAlias: data.bidAlias,
        gender: data.gender,
        dob,
        country: data.country.trim(),
        passwordHash: data.passwordHash,
        registeredAt: metadata.now,
      },
    },
  ];
};

/**
 * The purpose of a code, as the account's state allows it: the phone check before the phone is
 * verified; signing in with a code, after (to the phone verified, never to one that is not).
 */
const otpPurpose = (purpose: string, state: AccountState): OtpPurpose => {
  const known =
    OTP_PURPOSES.find((p) => p === purpose) ?? fail('OTP_PURPOSE_UNKNOWN', undefined, { purpose });
  const verified = mobileValidated(state);
  if (known === 'mobileVerification' && verified)
    return fail('MOBILE_ALREADY_VERIFIED', ACCOUNT_MESSAGES.mobileAlreadyVerified, { purpose });
  if (known === 'signIn' && !verified)
    return fail('SIGNIN_MOBILE_NOT_VERIFIED', ACCOUNT_MESSAGES.otpSignInNeedsVerifiedMobile);
  return known;
};

/** A code of `purpose` sent moments ago, still valid, no wrong guess at it yet. */
const justSent = (state: AccountState, purpose: OtpPurpose, now: string): boolean => {
  const { otp } = state;
  const last = state.otpSentAt.at(-1);
  return (
    otp !== null &&
    otp.purpose === purpose &&
    otp.failedAttempts === 0 &&
    last !== undefined &&
    Date.parse(now) - Date.parse(last) < LIMITS.otp.sendAgainAfterSeconds * 1000 &&
    Date.parse(now) < Date.parse(otp.expiresAt)
  );
};

const issueOtp = ({ data, metadata }: IssueOtp, state: AccountState): AccountEvent[] => {
  const purpose = otpPurpose(data.purpose, state);
  if (data.unlessJustSent && justSent(state, purpose, metadata.now)) return [];
  if (otpTriesLeft(state, metadata.now) === 0) {
    return fail('OTP_DAILY_LIMIT', MESSAGES.dailyLimitServer, { triesLeft: 0 });
  }
  return [
    {
      type: 'OtpIssued',
      data: {
        userId: state.userId,
        purpose,
        codeHash: data.codeHash,
        issuedAt: metadata.now,
        expiresAt: plusMinutes(metadata.now, LIMITS.otp.validMinutes),
      },
    },
  ];
};

/**
 * A wrong code is not an error but a fact (`OtpVerificationFailed`): it must be stored, because
 * it counts against the code's attempts. The api answers it with 'Incorrect OTP.'.
 */
const verifyOtp = ({ data, metadata }: VerifyOtp, state: AccountState): AccountEvent[] => {
  const purpose = otpPurpose(data.purpose, state);
  const { otp } = state;
  const triesLeft = otpTriesLeft(state, metadata.now);
  if (otp === null || otp.purpose !== purpose) {
    return fail('OTP_INVALID', MESSAGES.incorrectOtp, { reason: 'notIssued', triesLeft });
  }
  if (Date.parse(metadata.now) >= Date.parse(otp.expiresAt)) {
    return fail('OTP_EXPIRED', ACCOUNT_MESSAGES.otpExpired, { triesLeft });
  }
  if (otpIsVoid(otp)) return fail('OTP_CODE_VOID', ACCOUNT_MESSAGES.otpCodeVoid, { triesLeft });
  if (!sameHash(data.codeHash, otp.codeHash)) {
    return [
      {
        type: 'OtpVerificationFailed',
        data: { userId: state.userId, purpose, failedAt: metadata.now },
      },
    ];
  }
  if (purpose === 'signIn') {
    return [{ type: 'SignedInWithOtp', data: { userId: state.userId, signedInAt: metadata.now } }];
  }
  const trialEndsAt = plusMinutes(metadata.now, LIMITS.freeTrialDays * 24 * 60);
  return [
    {
      type: 'MobileVerified',
      data: { userId: state.userId, phone: state.phone, verifiedAt: metadata.now },
    },
    {
      type: 'TrialStarted',
      data: { userId: state.userId, startsAt: metadata.now, endsAt: trialEndsAt },
    },
  ];
};

const changePassword = (
  { data, metadata }: ChangePassword,
  state: AccountState,
): AccountEvent[] => {
  if (!data.oldPasswordMatches) return fail('WRONG_PASSWORD', ACCOUNT_MESSAGES.wrongOldPassword);
  return [
    {
      type: 'PasswordChanged',
      data: { userId: state.userId, passwordHash: data.passwordHash, changedAt: metadata.now },
    },
    {
      type: 'SessionsRevoked',
      data: { userId: state.userId, reason: 'passwordChanged', revokedAt: metadata.now },
    },
  ];
};

/**
 * Refuses a reset link that cannot set a password at `now`: unknown or used
 * (`RESET_TOKEN_INVALID`), or past its hour (`RESET_TOKEN_EXPIRED`). The hash is checked first,
 * so a wrong token learns nothing about expiry. The reset asks it, and so does the Set password
 * page when it opens (GET /api/resetPassword/check), so a dead link is said before anything is
 * typed.
 */
export function assertResetLinkUsable(state: AccountState, tokenHash: string, now: string): void {
  const token = state.resetToken;
  if (token === null || !sameHash(tokenHash, token.tokenHash)) {
    fail('RESET_TOKEN_INVALID', ACCOUNT_MESSAGES.resetLinkInvalid);
  } else if (Date.parse(now) >= Date.parse(token.expiresAt)) {
    fail('RESET_TOKEN_EXPIRED', ACCOUNT_MESSAGES.resetLinkExpired);
  }
}

const resetPassword = ({ data, metadata }: ResetPassword, state: AccountState): AccountEvent[] => {
  assertResetLinkUsable(state, data.tokenHash, metadata.now);
  return [
    {
      type: 'PasswordReset',
      data: { userId: state.userId, passwordHash: data.passwordHash, resetAt: metadata.now },
    },
    {
      type: 'SessionsRevoked',
      data: { userId: state.userId, reason: 'passwordReset', revokedAt: metadata.now },
    },
  ];
};

const trimmedOrOmitted = (value: string | undefined): string | undefined => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? undefined : trimmed;
};

/** One spelling per profile, so an unchanged form is recognised as unchanged. */
const normalizeProfile = (profile: EditableProfile, current: EditableProfile): EditableProfile => {
  const otherroles = (profile.otherroles ?? []).map((r) => r.trim()).filter((r) => r !== '');
  const links = (profile.links ?? [])
    .map((link) => ({ title: link.title.trim(), url: link.url.trim() }))
    .filter((link) => link.title !== '' || link.url !== '');
  const optional = {
    industry: trimmedOrOmitted(profile.industry),
    managerName: trimmedOrOmitted(profile.managerName),
    managerMobile: trimmedOrOmitted(profile.managerMobile),
    mainrole: trimmedOrOmitted(profile.mainrole),
    otherroles: otherroles.length > 0 ? otherroles : undefined,
    weight: trimmedOrOmitted(profile.weight),
    height: trimmedOrOmitted(profile.height),
    passport: trimmedOrOmitted(profile.passport),
    waist: trimmedOrOmitted(profile.waist),
    hips: trimmedOrOmitted(profile.hips),
    chest: trimmedOrOmitted(profile.chest),
    links: links.length > 0 ? links : undefined,
  };
  return {
    bnr: profile.bnr.trim(),
    firstname: profile.firstname.trim(),
    lastname: profile.lastname.trim(),
    bidAlias: profile.bidAlias.trim() === '' ? current.bidAlias : profile.bidAlias,
    houseno: profile.houseno.trim(),
    street: profile.street.trim(),
    city: profile.city.trim(),
    neighbourHood: profile.neighbourHood.trim(),
    district: isIndia(profile.country) ? profile.district.trim() : '',
    state: profile.state.trim(),
    country: profile.country.trim(),
    pincode: profile.pincode.trim(),
    education: profile.education.trim(),
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
  };
};

const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

const editProfile = ({ data, metadata }: EditProfile, state: AccountState): AccountEvent[] => {
  const errors = validateEditableProfile(data.profile, state.username);
  if (hasErrors(errors)) return invalid(errors);
  const profile = normalizeProfile(data.profile, state.profile);
  if (canonical(profile) === canonical(state.profile)) return [];
  return [
    { type: 'ProfileEdited', data: { userId: state.userId, profile, editedAt: metadata.now } },
  ];
};

const changeProfilePicture = (
  { data, metadata }: ChangeProfilePicture,
  state: AccountState,
): AccountEvent[] => {
  const { extensions, maxBytes } = LIMITS.profilePicture;
  const extension = data.extension.toLowerCase().replace(/^\./, '');
  const accepted =
    isOneOf(extensions, extension) &&
    data.sizeBytes > 0 &&
    data.sizeBytes <= maxBytes &&
    data.profilepic.trim() !== '';
  if (!accepted) {
    return fail('PROFILE_PICTURE_INVALID', ACCOUNT_MESSAGES.profilePictureInvalid, {
      extension: data.extension,
      sizeBytes: data.sizeBytes,
    });
  }
  return [
    {
      type: 'ProfilePictureChanged',
      data: {
        userId: state.userId,
        profilepic: data.profilepic,
        replaced: state.profilepic,
        changedAt: metadata.now,
      },
    },
  ];
};

const changePrivacySetting = (
  { data, metadata }: ChangePrivacySetting,
  state: AccountState,
): AccountEvent[] => {
  const setting: PrivacySetting =
    PRIVACY_SETTINGS.find((s) => s === data.setting) ??
    fail('PRIVACY_SETTING_UNKNOWN', undefined, { setting: data.setting });
  if (state.privacy[setting] === data.value) return [];
  return [
    {
      type: 'PrivacySettingChanged',
      data: { userId: state.userId, setting, value: data.value, changedAt: metadata.now },
    },
  ];
};

const changeEmailNotices = (
  { data, metadata }: ChangeEmailNotices,
  state: AccountState,
): AccountEvent[] =>
  state.emailNotices === data.on
    ? []
    : [
        {
          type: 'EmailNoticesChanged',
          data: { userId: state.userId, on: data.on, changedAt: metadata.now },
        },
      ];

const grantRole = (command: GrantRole, state: AccountState): AccountEvent[] => {
  const grantedBy = requireActorRole(command, ['admin']);
  const role: Role =
    ROLES.find((r) => r === command.data.role) ??
    fail('ROLE_UNKNOWN', undefined, { role: command.data.role });
  if (state.roles.includes(role)) return [];
  return [
    {
      type: 'RoleGranted',
      data: { userId: state.userId, role, grantedBy, grantedAt: command.metadata.now },
    },
  ];
};

export const decide = (command: AccountCommand, state: AccountState): AccountEvent[] => {
  const { now } = command.metadata;
  if (Number.isNaN(Date.parse(now))) return fail('COMMAND_TIME_INVALID', undefined, { now });
  if (!allowsCommand(state.machine, command.type)) return refuse(command, state);
  const { userId } = state;
  switch (command.type) {
    case 'RegisterAccount':
      return register(command);
    case 'VerifyEmail':
      return status(state) === 'registered'
        ? [{ type: 'EmailVerified', data: { userId, verifiedAt: now } }]
        : [];
    case 'IssueOtp':
      return issueOtp(command, state);
    case 'VerifyOtp':
      return verifyOtp(command, state);
    case 'ChangeUnverifiedPhone':
      return changeUnverifiedPhone(command, state);
    case 'BlockAccount': {
      const blockedBy = requireActorRole(command, SUPPORT_ROLES);
      if (status(state) === 'blocked') return [];
      const refusal = blockRefusal(command.metadata.actor!, { userId, roles: state.roles });
      if (refusal !== undefined) return fail(refusal, BLOCK_REFUSALS[refusal]);
      return [
        {
          type: 'AccountBlocked',
          data: { userId, reason: command.data.reason, blockedBy, blockedAt: now },
        },
        { type: 'SessionsRevoked', data: { userId, reason: 'accountBlocked', revokedAt: now } },
      ];
    }
    case 'UnblockAccount': {
      const unblockedBy = requireActorRole(command, SUPPORT_ROLES);
      if (status(state) !== 'blocked') return [];
      const { reason } = command.data;
      return [
        { type: 'AccountUnblocked', data: { userId, unblockedBy, unblockedAt: now, reason } },
      ];
    }
    case 'ChangePassword':
      return changePassword(command, state);
    case 'RequestPasswordReset':
      return [
        {
          type: 'PasswordResetRequested',
          data: {
            userId,
            tokenHash: command.data.tokenHash,
            requestedAt: now,
            expiresAt: plusMinutes(now, LIMITS.passwordResetValidMinutes),
          },
        },
      ];
    case 'ResetPassword':
      return resetPassword(command, state);
    case 'EditProfile':
      return editProfile(command, state);
    case 'ChangeProfilePicture':
      return changeProfilePicture(command, state);
    case 'ChangePrivacySetting':
      return changePrivacySetting(command, state);
    case 'ChangeEmailNotices':
      return changeEmailNotices(command, state);
    case 'GrantRole':
      return grantRole(command, state);
    case 'RevokeSessions':
      return [
        { type: 'SessionsRevoked', data: { userId, reason: 'logoutEverywhere', revokedAt: now } },
      ];
    default:
      return assertNever(command);
  }
};

export const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  initialState,
  evolve,
  decide,
};

export { otpTriesLeft, type AccountState };
