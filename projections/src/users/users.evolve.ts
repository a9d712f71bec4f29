import type {
  AccountEvent,
  EditableProfile,
  PrivacySetting,
} from '@boli/engine/accounts/account.events';
import type { PurchaseFulfilled } from '@boli/engine/billing/purchase.events';

/*
 * The users read model's row math: one row per account, folded from its events. Pure, so the
 * knex writer, the unit tests and a replay all agree. Every value comes from the events (times
 * included), so applying a history twice gives the same row.
 */

/** The optional casting fields of section 3, kept together (jsonb). */
export type CastingFields = Partial<
  Pick<
    EditableProfile,
    | 'industry'
    | 'managerName'
    | 'managerMobile'
    | 'mainrole'
    | 'otherroles'
    | 'weight'
    | 'height'
    | 'passport'
    | 'waist'
    | 'hips'
    | 'chest'
    | 'links'
  >
>;

export type UserRow = {
  readonly user_id: string;
  readonly username: string;
  readonly username_lower: string;
  /** Lower-cased. */
  readonly email: string;
  readonly phone: string;
  readonly phone_code: string;
  readonly firstname: string;
  readonly lastname: string;
  readonly gender: string;
  /** YYYY-MM-DD. */
  readonly dob: string;
  readonly bnr: string;
  readonly bid_alias: string;
  readonly houseno: string;
  readonly street: string;
  readonly city: string;
  readonly neighbourhood: string;
  readonly district: string;
  readonly state: string;
  readonly country: string;
  readonly pincode: string;
  /** Storage key of the picture (the media port resolves it to a URL); null until one is set. */
  readonly profilepic: string | null;
  readonly education: string;
  readonly casting: CastingFields;
  readonly email_validated: boolean;
  readonly mobile_validated: boolean;
  readonly show_email: boolean;
  readonly show_mobile_number: boolean;
  readonly show_address: boolean;
  /** Mailed the notices that go by email (projections/src/social/noteEmails.ts). */
  readonly email_notices: boolean;
  readonly is_blocked: boolean;
  /** Section 3's hasPaidToBuyShare: a buy-share bid fee purchase was fulfilled. */
  readonly has_paid_to_buy_share: boolean;
  readonly roles: readonly string[];
  readonly password_hash: string;
  /** ISO-8601, or null before the phone check starts the trial. */
  readonly trial_ends_at: string | null;
  /** ISO-8601. */
  readonly registered_at: string;
  /** ISO-8601: the time of the last event that changed the row. */
  readonly updated_at: string;
};

/** The account events this read model reads; OTP, reset-request and session events are not. */
export const USER_EVENT_TYPES = [
  'AccountRegistered',
  'EmailVerified',
  'MobileVerified',
  'PhoneChanged',
  'TrialStarted',
  'AccountBlocked',
  'AccountUnblocked',
  'PasswordChanged',
  'PasswordReset',
  'ProfileEdited',
  'ProfilePictureChanged',
  'PrivacySettingChanged',
  'EmailNoticesChanged',
  'RoleGranted',
] as const satisfies readonly AccountEvent['type'][];

const PRIVACY_COLUMN = {
  showEmail: 'show_email',
  showMobileNumber: 'show_mobile_number',
  showAddress: 'show_address',
} as const satisfies Record<PrivacySetting, keyof UserRow>;

const castingOf = (profile: EditableProfile): CastingFields => {
  const {
    bnr: _bnr,
    firstname: _firstname,
    lastname: _lastname,
    bidAlias: _bidAlias,
    houseno: _houseno,
    street: _street,
    city: _city,
    neighbourHood: _neighbourHood,
    district: _district,
    state: _state,
    country: _country,
    pincode: _pincode,
    education: _education,
    ...casting
  } = profile;
  return Object.fromEntries(
    Object.entries(casting).filter(([, value]) => value !== undefined),
  ) as CastingFields;
};

/**
 * The billing fact this read model reads: a fulfilled buy-share bid fee sets hasPaidToBuyShare.
 * It lives in the purchase's stream, not the account's, so the writer applies it outside the
 * account's stream-version check; being a flag that only turns on, applying it again changes
 * nothing.
 */
export const SHARE_FEE_EVENT_TYPES = ['PurchaseFulfilled'] as const;

export function evolveShareFee(
  row: UserRow | undefined,
  event: PurchaseFulfilled,
): UserRow | undefined {
  if (row === undefined || event.data.outcome.type !== 'shareFeePaid') return row;
  if (row.has_paid_to_buy_share) return row;
  return { ...row, has_paid_to_buy_share: true, updated_at: event.data.fulfilledAt };
}

/**
 * Folds one account event into the user's row. `row` is undefined before AccountRegistered;
 * any other event for an unknown user leaves it undefined (nothing to show yet).
 */
export function evolveUserRow(row: UserRow | undefined, event: AccountEvent): UserRow | undefined {
  if (event.type === 'AccountRegistered') {
    const { data } = event;
    return {
      user_id: data.userId,
      username: data.username,
      username_lower: data.username.toLowerCase(),
      email: data.email.trim().toLowerCase(),
      phone: data.phone,
      phone_code: data.phoneCode,
      firstname: data.firstname,
      lastname: data.lastname,
      gender: data.gender,
      dob: data.dob,
      bnr: '',
      bid_alias: data.bidAlias,
      houseno: '',
      street: '',
      city: '',
      neighbourhood: '',
      district: '',
      state: '',
      country: data.country,
      pincode: '',
      profilepic: null,
      education: '',
      casting: {},
      email_validated: false,
      mobile_validated: false,
      // Nothing personal is shown to others until the owner opts in (as the decider's state).
      show_email: false,
      show_mobile_number: false,
      show_address: false,
      email_notices: true,
      is_blocked: false,
      has_paid_to_buy_share: false,
      roles: ['member'],
      password_hash: data.passwordHash,
      trial_ends_at: null,
      registered_at: data.registeredAt,
      updated_at: data.registeredAt,
    };
  }
  if (row === undefined) return undefined;
  switch (event.type) {
    case 'EmailVerified':
      return { ...row, email_validated: true, updated_at: event.data.verifiedAt };
    case 'MobileVerified':
      return {
        ...row,
        mobile_validated: true,
        phone: event.data.phone,
        updated_at: event.data.verifiedAt,
      };
    case 'PhoneChanged':
      return {
        ...row,
        phone: event.data.phone,
        phone_code: event.data.phoneCode,
        updated_at: event.data.changedAt,
      };
    case 'TrialStarted':
      return { ...row, trial_ends_at: event.data.endsAt, updated_at: event.data.startsAt };
    case 'AccountBlocked':
      return { ...row, is_blocked: true, updated_at: event.data.blockedAt };
    case 'AccountUnblocked':
      return { ...row, is_blocked: false, updated_at: event.data.unblockedAt };
    case 'PasswordChanged':
      return { ...row, password_hash: event.data.passwordHash, updated_at: event.data.changedAt };
    case 'PasswordReset':
      return { ...row, password_hash: event.data.passwordHash, updated_at: event.data.resetAt };
    case 'ProfileEdited': {
      const { profile, editedAt } = event.data;
      return {
        ...row,
        bnr: profile.bnr,
        firstname: profile.firstname,
        lastname: profile.lastname,
        bid_alias: profile.bidAlias,
        houseno: profile.houseno,
        street: profile.street,
        city: profile.city,
        neighbourhood: profile.neighbourHood,
        district: profile.district,
        state: profile.state,
        country: profile.country,
        pincode: profile.pincode,
        education: profile.education,
        casting: castingOf(profile),
        updated_at: editedAt,
      };
    }
    case 'ProfilePictureChanged':
      return { ...row, profilepic: event.data.profilepic, updated_at: event.data.changedAt };
    case 'PrivacySettingChanged':
      return {
        ...row,
        [PRIVACY_COLUMN[event.data.setting]]: event.data.value,
        updated_at: event.data.changedAt,
      };
    case 'EmailNoticesChanged':
      return { ...row, email_notices: event.data.on, updated_at: event.data.changedAt };
    case 'RoleGranted':
      return row.roles.includes(event.data.role)
        ? row
        : { ...row, roles: [...row.roles, event.data.role], updated_at: event.data.grantedAt };
    case 'PasswordResetRequested':
    case 'OtpIssued':
    case 'OtpVerificationFailed':
    case 'SignedInWithOtp':
    case 'SessionsRevoked':
      return row;
    default: {
      // A compile-time never check only: an event from a newer writer leaves the row as it is.
      const _unknown: never = event;
      return row;
    }
  }
}
