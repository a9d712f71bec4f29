import type { Command } from '../shared/decider.ts';
import type { EditableProfile } from './account.events.ts';

/*
 * Crypto stays outside the domain. The api hashes passwords (salted, slow) and compares the old
 * one itself, so ChangePassword carries `oldPasswordMatches`. OTP codes and reset tokens are
 * hashed with a deterministic keyed hash (HMAC-SHA-256 with a server secret), so the command
 * carries the candidate's hash and the domain compares it with the stored one: the rule "this is
 * the code we sent, unused and in time" stays in the decider.
 *
 * Fields that arrive from outside as free strings (gender, role, setting) are checked by `decide`.
 */

export type RegisterAccount = Command<
  'RegisterAccount',
  {
    readonly userId: string;
    readonly username: string;
    readonly email: string;
    readonly phone: string;
    readonly phoneCode: string;
    readonly firstname: string;
    readonly lastname: string;
    readonly bidAlias: string;
    readonly gender: string;
    /** DD-MM-YYYY or YYYY-MM-DD; stored as YYYY-MM-DD. */
    readonly dob: string;
    readonly country: string;
    readonly passwordHash: string;
    readonly termsAccepted: boolean;
  }
>;

/** The api has checked the validation link's token; this records that the address works. */
export type VerifyEmail = Command<'VerifyEmail', Record<string, never>>;

export type IssueOtp = Command<
  'IssueOtp',
  {
    readonly purpose: string;
    readonly codeHash: string;
    /**
     * The page's automatic send (not Resend): a code of the purpose sent within
     * LIMITS.otp.sendAgainAfterSeconds, still valid and not yet guessed at, stands instead.
     */
    readonly unlessJustSent?: boolean;
  }
>;

export type VerifyOtp = Command<
  'VerifyOtp',
  { readonly purpose: string; readonly codeHash: string }
>;

/**
 * A mobile number mistyped at sign-up, changed before it is verified (a code can only reach the
 * right one). Checked as Register checks it; the api has claimed the new number for the account.
 */
export type ChangeUnverifiedPhone = Command<
  'ChangeUnverifiedPhone',
  { readonly phone: string; readonly phoneCode: string }
>;

export type BlockAccount = Command<'BlockAccount', { readonly reason: string }>;

/** Why the block is lifted, kept beside the block's own reason for a later dispute. */
export type UnblockAccount = Command<'UnblockAccount', { readonly reason: string }>;

export type ChangePassword = Command<
  'ChangePassword',
  { readonly oldPasswordMatches: boolean; readonly passwordHash: string }
>;

export type RequestPasswordReset = Command<'RequestPasswordReset', { readonly tokenHash: string }>;

export type ResetPassword = Command<
  'ResetPassword',
  { readonly tokenHash: string; readonly passwordHash: string }
>;

export type EditProfile = Command<'EditProfile', { readonly profile: EditableProfile }>;

export type ChangeProfilePicture = Command<
  'ChangeProfilePicture',
  {
    /** Storage key of the re-encoded picture, chosen by the media port. */
    readonly profilepic: string;
    /** Extension of the uploaded file, as its magic bytes say, without the dot. */
    readonly extension: string;
    readonly sizeBytes: number;
  }
>;

export type ChangePrivacySetting = Command<
  'ChangePrivacySetting',
  { readonly setting: string; readonly value: boolean }
>;

/** Mail the member the notices that go by email, or not (Settings). */
export type ChangeEmailNotices = Command<'ChangeEmailNotices', { readonly on: boolean }>;

export type GrantRole = Command<'GrantRole', { readonly role: string }>;

/** Logout everywhere. */
export type RevokeSessions = Command<'RevokeSessions', Record<string, never>>;

export type AccountCommand =
  | RegisterAccount
  | VerifyEmail
  | IssueOtp
  | VerifyOtp
  | ChangeUnverifiedPhone
  | BlockAccount
  | UnblockAccount
  | ChangePassword
  | RequestPasswordReset
  | ResetPassword
  | EditProfile
  | ChangeProfilePicture
  | ChangePrivacySetting
  | ChangeEmailNotices
  | GrantRole
  | RevokeSessions;

export type AccountCommandType = AccountCommand['type'];

export const ACCOUNT_COMMAND_TYPES = [
  'RegisterAccount',
  'VerifyEmail',
  'IssueOtp',
  'VerifyOtp',
  'ChangeUnverifiedPhone',
  'BlockAccount',
  'UnblockAccount',
  'ChangePassword',
  'RequestPasswordReset',
  'ResetPassword',
  'EditProfile',
  'ChangeProfilePicture',
  'ChangePrivacySetting',
  'ChangeEmailNotices',
  'GrantRole',
  'RevokeSessions',
] as const satisfies readonly AccountCommandType[];
