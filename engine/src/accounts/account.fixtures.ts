import type { Actor, NewEventMetadata } from '../eventStore/eventStore.ts';
import type { AccountCommand, RegisterAccount } from './account.commands.ts';
import type {
  AccountEvent,
  AccountRegistered,
  EditableProfile,
  OtpPurpose,
} from './account.events.ts';

/* Test data for the accounts tests: one member, Asha, and the facts of her account's life. */

export const USER_ID = 'u-asha';
export const T0 = '2026-03-01T10:00:00.000Z';

export const at = (base: string, minutes: number): string =>
  new Date(Date.parse(base) + minutes * 60_000).toISOString();

export const metadata = (now: string = T0, actor?: Actor): NewEventMetadata => ({
  eventId: `evt-${now}`,
  now,
  ...(actor === undefined ? {} : { actor }),
});

export const ADMIN: Actor = { userId: 'u-admin', role: 'admin' };
export const SUPPORT: Actor = { userId: 'u-support', role: 'support' };
export const MEMBER: Actor = { userId: USER_ID, role: 'member' };

export const registerAccount = (
  data: Partial<RegisterAccount['data']> = {},
  now: string = T0,
): RegisterAccount => ({
  type: 'RegisterAccount',
  data: {
    userId: USER_ID,
    username: 'asha_k',
    email: 'Asha@Example.in ',
    phone: '9876543210',
    phoneCode: '',
    firstname: ' Asha ',
    lastname: 'Kulkarni',
    bidAlias: 'bluekite',
    gender: 'Female',
    dob: '15-08-1995',
    country: 'India',
    passwordHash: 'hash:secret1',
    termsAccepted: true,
    ...data,
  },
  metadata: metadata(now),
});

export const accountRegistered: AccountRegistered = {
  type: 'AccountRegistered',
  data: {
    userId: USER_ID,
    username: 'asha_k',
    email: 'asha@example.in',
    phone: '9876543210',
    phoneCode: '+91',
    firstname: 'Asha',
    lastname: 'Kulkarni',
    bidAlias: 'bluekite',
    gender: 'Female',
    dob: '1995-08-15',
    country: 'India',
    passwordHash: 'hash:secret1',
    registeredAt: T0,
  },
};

/**
 * Another member's registration, for tests and benches that need several: Asha's details with
 * this member's id, username, email and first name, and whatever else `data` gives.
 */
export const memberRegistered = (
  userId: string,
  username: string,
  registeredAt: string,
  data: Partial<AccountRegistered['data']> = {},
): AccountRegistered => ({
  type: 'AccountRegistered',
  data: {
    ...accountRegistered.data,
    userId,
    username,
    email: `${username}@example.in`,
    firstname: username,
    registeredAt,
    ...data,
  },
});

export const emailVerified = (now = at(T0, 5)): AccountEvent => ({
  type: 'EmailVerified',
  data: { userId: USER_ID, verifiedAt: now },
});

export const otpIssued = (
  now: string,
  codeHash = 'otp:123456',
  purpose: OtpPurpose = 'mobileVerification',
): AccountEvent => ({
  type: 'OtpIssued',
  data: {
    userId: USER_ID,
    purpose,
    codeHash,
    issuedAt: now,
    expiresAt: at(now, 10),
  },
});

export const otpVerificationFailed = (now: string): AccountEvent => ({
  type: 'OtpVerificationFailed',
  data: { userId: USER_ID, purpose: 'mobileVerification', failedAt: now },
});

export const mobileVerified = (now = at(T0, 12)): AccountEvent => ({
  type: 'MobileVerified',
  data: { userId: USER_ID, phone: '9876543210', verifiedAt: now },
});

export const trialStarted = (now = at(T0, 12)): AccountEvent => ({
  type: 'TrialStarted',
  data: { userId: USER_ID, startsAt: now, endsAt: at(now, 7 * 24 * 60) },
});

export const accountBlocked = (now = at(T0, 60)): AccountEvent => ({
  type: 'AccountBlocked',
  data: { userId: USER_ID, reason: 'fake bids', blockedBy: SUPPORT.userId, blockedAt: now },
});

export const resetRequested = (now: string, tokenHash = 'reset:abc'): AccountEvent => ({
  type: 'PasswordResetRequested',
  data: { userId: USER_ID, tokenHash, requestedAt: now, expiresAt: at(now, 60) },
});

/** Histories that put the account in each lifecycle state. */
export const REGISTERED: AccountEvent[] = [accountRegistered];
export const EMAIL_VERIFIED: AccountEvent[] = [...REGISTERED, emailVerified()];
export const ACTIVE: AccountEvent[] = [
  ...EMAIL_VERIFIED,
  otpIssued(at(T0, 10)),
  mobileVerified(),
  trialStarted(),
];

export const profile = (changes: Partial<EditableProfile> = {}): EditableProfile => ({
  bnr: 'Kulkarni Motors',
  firstname: 'Asha',
  lastname: 'Kulkarni',
  bidAlias: 'bluekite',
  houseno: '12B',
  street: 'MG Road',
  city: 'Pune',
  neighbourHood: 'Camp',
  district: 'Pune',
  state: 'Maharashtra',
  country: 'India',
  pincode: '411001',
  education: 'B.Com',
  ...changes,
});

/** One command of every type, each valid in the state where it is allowed. */
export const oneOfEach = (now: string = at(T0, 30), actor: Actor = ADMIN): AccountCommand[] => {
  const meta = metadata(now, actor);
  return [
    { ...registerAccount({}, now), metadata: meta },
    { type: 'VerifyEmail', data: {}, metadata: meta },
    {
      type: 'IssueOtp',
      data: { purpose: 'mobileVerification', codeHash: 'otp:1' },
      metadata: meta,
    },
    {
      type: 'VerifyOtp',
      data: { purpose: 'mobileVerification', codeHash: 'otp:1' },
      metadata: meta,
    },
    {
      type: 'ChangeUnverifiedPhone',
      data: { phone: '9123456780', phoneCode: '+91' },
      metadata: meta,
    },
    { type: 'BlockAccount', data: { reason: 'spam' }, metadata: meta },
    { type: 'UnblockAccount', data: { reason: 'appeal upheld' }, metadata: meta },
    {
      type: 'ChangePassword',
      data: { oldPasswordMatches: true, passwordHash: 'hash:new' },
      metadata: meta,
    },
    { type: 'RequestPasswordReset', data: { tokenHash: 'reset:1' }, metadata: meta },
    {
      type: 'ResetPassword',
      data: { tokenHash: 'reset:1', passwordHash: 'hash:r' },
      metadata: meta,
    },
    { type: 'EditProfile', data: { profile: profile() }, metadata: meta },
    {
      type: 'ChangeProfilePicture',
      data: { profilepic: 'pics/u-asha.png', extension: 'png', sizeBytes: 2048 },
      metadata: meta,
    },
    { type: 'ChangePrivacySetting', data: { setting: 'showEmail', value: true }, metadata: meta },
    { type: 'ChangeEmailNotices', data: { on: false }, metadata: meta },
    { type: 'GrantRole', data: { role: 'support' }, metadata: meta },
    { type: 'RevokeSessions', data: {}, metadata: meta },
  ];
};
