import { LIMITS } from '../shared/limits.ts';
import type {
  AccountEvent,
  EditableProfile,
  Gender,
  OtpPurpose,
  PrivacySetting,
  Role,
} from './account.events.ts';
import {
  accountStatus,
  initialAccountSnapshot,
  nextAccountSnapshot,
  type AccountSnapshot,
  type AccountStatus,
} from './account.machine.ts';

/** The OTP last sent; a new one replaces it. */
export type OtpChallenge = {
  readonly purpose: OtpPurpose;
  readonly codeHash: string;
  readonly expiresAt: string;
  readonly failedAttempts: number;
};

export type ResetChallenge = { readonly tokenHash: string; readonly expiresAt: string };

export type AccountState = {
  /** The lifecycle (section 4), as the machine sees it. */
  readonly machine: AccountSnapshot;
  readonly userId: string;
  readonly username: string;
  readonly email: string;
  readonly phone: string;
  readonly phoneCode: string;
  readonly gender: Gender | null;
  readonly dob: string;
  readonly passwordHash: string;
  readonly profile: EditableProfile;
  readonly profilepic: string | null;
  readonly privacy: Readonly<Record<PrivacySetting, boolean>>;
  /** Mailed the notices that go by email: on until the member turns it off. */
  readonly emailNotices: boolean;
  readonly roles: readonly Role[];
  readonly otp: OtpChallenge | null;
  /** When each OTP of the last day was sent: what the daily limit counts. */
  readonly otpSentAt: readonly string[];
  readonly resetToken: ResetChallenge | null;
  readonly trial: { readonly startsAt: string; readonly endsAt: string } | null;
  /** Tokens issued before this instant are no longer honoured. */
  readonly sessionsRevokedAt: string | null;
};

export const emptyProfile: EditableProfile = {
  bnr: '',
  firstname: '',
  lastname: '',
  bidAlias: '',
  houseno: '',
  street: '',
  city: '',
  neighbourHood: '',
  district: '',
  state: '',
  country: '',
  pincode: '',
  education: '',
};

export const initialState = (): AccountState => ({
  machine: initialAccountSnapshot(),
  userId: '',
  username: '',
  email: '',
  phone: '',
  phoneCode: '',
  gender: null,
  dob: '',
  passwordHash: '',
  profile: emptyProfile,
  profilepic: null,
  // Nothing personal is shown to others until the owner opts in.
  privacy: { showMobileNumber: false, showEmail: false, showAddress: false },
  emailNotices: true,
  roles: [],
  otp: null,
  otpSentAt: [],
  resetToken: null,
  trial: null,
  sessionsRevokedAt: null,
});

export const status = (state: AccountState): AccountStatus => accountStatus(state.machine);

/** A code guessed wrong too often (LIMITS.otp.failedAttemptsPerCode): it takes no more. */
export const otpIsVoid = (otp: OtpChallenge): boolean =>
  otp.failedAttempts >= LIMITS.otp.failedAttemptsPerCode;

/** The phone check was passed (a blocked account keeps it). */
export const mobileValidated = (state: AccountState): boolean =>
  state.machine.context.mobileVerified || status(state) === 'active';

const dayMs = LIMITS.otp.dailyWindowHours * 60 * 60 * 1000;

/** OTPs sent within the rolling day that ends at `now`. */
const otpSendsInDay = (sentAt: readonly string[], now: string): string[] => {
  const end = Date.parse(now);
  return sentAt.filter((at) => Date.parse(at) > end - dayMs);
};

/** How many more OTPs may be sent on `now`: the `triesLeft` of the OTP answers. */
export const otpTriesLeft = (state: AccountState, now: string): number =>
  Math.max(0, LIMITS.otp.dailyTries - otpSendsInDay(state.otpSentAt, now).length);

/** Folds one event into the state. Never throws, whatever order the events come in. */
export const evolve = (current: AccountState, event: AccountEvent): AccountState => {
  const state: AccountState = { ...current, machine: nextAccountSnapshot(current.machine, event) };
  switch (event.type) {
    case 'AccountRegistered': {
      const { data } = event;
      return {
        ...state,
        userId: data.userId,
        username: data.username,
        email: data.email,
        phone: data.phone,
        phoneCode: data.phoneCode,
        gender: data.gender,
        dob: data.dob,
        passwordHash: data.passwordHash,
        profile: {
          ...emptyProfile,
          firstname: data.firstname,
          lastname: data.lastname,
          bidAlias: data.bidAlias,
          country: data.country,
        },
        roles: ['member'],
      };
    }
    case 'EmailVerified':
      return state;
    case 'MobileVerified':
      return { ...state, otp: null };
    case 'PhoneChanged':
      // The code sent to the old number is void; the day's sends still count (SMS cost money).
      return { ...state, phone: event.data.phone, phoneCode: event.data.phoneCode, otp: null };
    case 'TrialStarted':
      return { ...state, trial: { startsAt: event.data.startsAt, endsAt: event.data.endsAt } };
    case 'AccountBlocked':
    case 'AccountUnblocked':
      return state;
    case 'PasswordChanged':
      // A pending reset link is moot once the owner has chosen a new password.
      return { ...state, passwordHash: event.data.passwordHash, resetToken: null };
    case 'PasswordResetRequested':
      return {
        ...state,
        resetToken: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt },
      };
    case 'PasswordReset':
      return { ...state, passwordHash: event.data.passwordHash, resetToken: null };
    case 'ProfileEdited':
      return { ...state, profile: event.data.profile };
    case 'ProfilePictureChanged':
      return { ...state, profilepic: event.data.profilepic };
    case 'PrivacySettingChanged':
      return { ...state, privacy: { ...state.privacy, [event.data.setting]: event.data.value } };
    case 'EmailNoticesChanged':
      return { ...state, emailNotices: event.data.on };
    case 'RoleGranted':
      return state.roles.includes(event.data.role)
        ? state
        : { ...state, roles: [...state.roles, event.data.role] };
    case 'OtpIssued': {
      const { data } = event;
      return {
        ...state,
        otp: {
          purpose: data.purpose,
          codeHash: data.codeHash,
          expiresAt: data.expiresAt,
          failedAttempts: 0,
        },
        otpSentAt: [...otpSendsInDay(state.otpSentAt, data.issuedAt), data.issuedAt],
      };
    }
    case 'SignedInWithOtp':
      // The code is spent: it signs in once.
      return { ...state, otp: null };
    case 'OtpVerificationFailed':
      return state.otp === null
        ? state
        : { ...state, otp: { ...state.otp, failedAttempts: state.otp.failedAttempts + 1 } };
    case 'SessionsRevoked':
      return { ...state, sessionsRevokedAt: event.data.revokedAt };
    default: {
      // A compile-time never check only: an unknown event from a newer writer is skipped.
      const _unknown: never = event;
      return state;
    }
  }
};
