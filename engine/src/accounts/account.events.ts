import type { DomainEvent } from '../shared/decider.ts';
import type { GENDERS, ROLES } from '../shared/limits.ts';

/** One stream per user: every fact about an account lives in `account-<userId>`. */
export const accountStream = (userId: string): string => `account-${userId}`;

export type Gender = (typeof GENDERS)[number];
export type Role = (typeof ROLES)[number];

export const PRIVACY_SETTINGS = ['showMobileNumber', 'showEmail', 'showAddress'] as const;
export type PrivacySetting = (typeof PRIVACY_SETTINGS)[number];

/**
 * What an OTP is for: the phone check of the account flow (section 4), and signing in with a
 * code to the verified phone instead of the password (section 1: "Sign-in is by email and
 * password or by phone OTP").
 */
export const OTP_PURPOSES = ['mobileVerification', 'signIn'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

export type SessionsRevokedReason =
  'passwordChanged' | 'passwordReset' | 'accountBlocked' | 'logoutEverywhere';

export type ProfileLink = { readonly title: string; readonly url: string };

/**
 * Everything the owner may change after sign-up: section 7's editProfile payload without
 * username (the login name), gender and dob (the sign-up dialog warns these can never change),
 * plus the optional casting fields of section 3. Every `ProfileEdited` carries the whole set.
 */
export type EditableProfile = {
  readonly bnr: string;
  readonly firstname: string;
  readonly lastname: string;
  readonly bidAlias: string;
  readonly houseno: string;
  readonly street: string;
  readonly city: string;
  readonly neighbourHood: string;
  /** Only when the country is India; empty otherwise. */
  readonly district: string;
  readonly state: string;
  readonly country: string;
  readonly pincode: string;
  readonly education: string;
  readonly industry?: string;
  readonly managerName?: string;
  readonly managerMobile?: string;
  readonly mainrole?: string;
  readonly otherroles?: readonly string[];
  readonly weight?: string;
  readonly height?: string;
  readonly passport?: string;
  readonly waist?: string;
  readonly hips?: string;
  readonly chest?: string;
  /** At most four title/url pairs. */
  readonly links?: readonly ProfileLink[];
};

export type AccountRegistered = DomainEvent<
  'AccountRegistered',
  {
    readonly userId: string;
    readonly username: string;
    readonly email: string;
    readonly phone: string;
    readonly phoneCode: string;
    readonly firstname: string;
    readonly lastname: string;
    readonly bidAlias: string;
    readonly gender: Gender;
    /** ISO calendar date, YYYY-MM-DD. */
    readonly dob: string;
    readonly country: string;
    /** Computed outside the domain (the api hashes); the domain only stores it. */
    readonly passwordHash: string;
    readonly registeredAt: string;
  }
>;

export type EmailVerified = DomainEvent<
  'EmailVerified',
  { readonly userId: string; readonly verifiedAt: string }
>;

export type MobileVerified = DomainEvent<
  'MobileVerified',
  { readonly userId: string; readonly phone: string; readonly verifiedAt: string }
>;

/** The mobile number, changed before it was verified (ChangeUnverifiedPhone). */
export type PhoneChanged = DomainEvent<
  'PhoneChanged',
  {
    readonly userId: string;
    readonly phone: string;
    /** In its one spelling ('+91'). */
    readonly phoneCode: string;
    readonly changedAt: string;
  }
>;

/** The free trial the terms promise, started when the phone check completes. */
export type TrialStarted = DomainEvent<
  'TrialStarted',
  { readonly userId: string; readonly startsAt: string; readonly endsAt: string }
>;

export type AccountBlocked = DomainEvent<
  'AccountBlocked',
  {
    readonly userId: string;
    readonly reason: string;
    readonly blockedBy: string;
    readonly blockedAt: string;
  }
>;

export type AccountUnblocked = DomainEvent<
  'AccountUnblocked',
  {
    readonly userId: string;
    readonly unblockedBy: string;
    readonly unblockedAt: string;
    /** Why; absent from unblocks recorded before a reason was asked for. */
    readonly reason?: string;
  }
>;

export type PasswordChanged = DomainEvent<
  'PasswordChanged',
  { readonly userId: string; readonly passwordHash: string; readonly changedAt: string }
>;

export type PasswordResetRequested = DomainEvent<
  'PasswordResetRequested',
  {
    readonly userId: string;
    /** Hash of the token mailed in the reset link; the token itself never enters the log. */
    readonly tokenHash: string;
    readonly requestedAt: string;
    readonly expiresAt: string;
  }
>;

export type PasswordReset = DomainEvent<
  'PasswordReset',
  { readonly userId: string; readonly passwordHash: string; readonly resetAt: string }
>;

export type ProfileEdited = DomainEvent<
  'ProfileEdited',
  { readonly userId: string; readonly profile: EditableProfile; readonly editedAt: string }
>;

export type ProfilePictureChanged = DomainEvent<
  'ProfilePictureChanged',
  {
    readonly userId: string;
    readonly profilepic: string;
    /**
     * The picture this one replaced, as the stream knew it when the change was decided: the one
     * to stop serving. Absent from events stored before it was recorded.
     */
    readonly replaced?: string | null;
    readonly changedAt: string;
  }
>;

export type PrivacySettingChanged = DomainEvent<
  'PrivacySettingChanged',
  {
    readonly userId: string;
    readonly setting: PrivacySetting;
    readonly value: boolean;
    readonly changedAt: string;
  }
>;

/** Whether the member is mailed the notices that go by email (on from sign-up; ours). */
export type EmailNoticesChanged = DomainEvent<
  'EmailNoticesChanged',
  { readonly userId: string; readonly on: boolean; readonly changedAt: string }
>;

export type RoleGranted = DomainEvent<
  'RoleGranted',
  {
    readonly userId: string;
    readonly role: Role;
    readonly grantedBy: string;
    readonly grantedAt: string;
  }
>;

export type OtpIssued = DomainEvent<
  'OtpIssued',
  {
    readonly userId: string;
    readonly purpose: OtpPurpose;
    /** Keyed hash of the 6-digit code, computed by the api; the code never enters the log. */
    readonly codeHash: string;
    readonly issuedAt: string;
    readonly expiresAt: string;
  }
>;

export type OtpVerificationFailed = DomainEvent<
  'OtpVerificationFailed',
  { readonly userId: string; readonly purpose: OtpPurpose; readonly failedAt: string }
>;

/** A sign-in code was right: it is spent, and the api opens a session. */
export type SignedInWithOtp = DomainEvent<
  'SignedInWithOtp',
  { readonly userId: string; readonly signedInAt: string }
>;

/** Tokens issued before `revokedAt` stop working (logout everywhere). */
export type SessionsRevoked = DomainEvent<
  'SessionsRevoked',
  {
    readonly userId: string;
    readonly reason: SessionsRevokedReason;
    readonly revokedAt: string;
  }
>;

export type AccountEvent =
  | AccountRegistered
  | EmailVerified
  | MobileVerified
  | PhoneChanged
  | TrialStarted
  | AccountBlocked
  | AccountUnblocked
  | PasswordChanged
  | PasswordResetRequested
  | PasswordReset
  | ProfileEdited
  | ProfilePictureChanged
  | PrivacySettingChanged
  | EmailNoticesChanged
  | RoleGranted
  | OtpIssued
  | OtpVerificationFailed
  | SignedInWithOtp
  | SessionsRevoked;

export type AccountEventType = AccountEvent['type'];
