import { createHash } from 'node:crypto';
import type { AccountCommand } from '@boli/engine/accounts/account.commands';
import type { Role } from '@boli/engine/accounts/account.events';
import { status, type AccountState } from '@boli/engine/accounts/account.state';
import { demoId, type DemoMember } from './members.ts';

/*
 * How a demo member becomes a full member, as a real one does: sign up, click the email link,
 * receive and type the OTP (which starts the free trial), fill in the address. Each step is the
 * command the api would send; the seed runs the next one until none is left.
 */

/** The seed plays both sides of the OTP: it "sends" this code's hash and types it back. */
const DEMO_OTP_HASH = createHash('sha256').update('boli-demo-otp').digest('hex');

const minutesAfter = (iso: string, minutes: number): string =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString();

/**
 * The member's next step given the account's state, or undefined once registered, verified and
 * with the address filled in. `verifiedAt`: when the phone check completes (the trial starts).
 * `version`: the stream's version, so a new OTP after an interrupted seed gets a new id.
 */
export function nextMemberCommand(
  member: DemoMember,
  state: AccountState,
  version: number,
  verifiedAt: string,
  passwordHash: string,
): AccountCommand | undefined {
  const metadata = (step: string, minutes: number) => ({
    eventId: demoId(`member/${member.username}/${step}`),
    now: minutesAfter(verifiedAt, minutes),
    actor: { userId: member.userId, role: 'member' },
  });
  const current = status(state);
  switch (current) {
    case 'unregistered':
      return {
        type: 'RegisterAccount',
        data: {
          userId: member.userId,
          username: member.username,
          email: member.email,
          phone: member.phone,
          phoneCode: '+91',
          firstname: member.firstname,
          lastname: member.lastname,
          bidAlias: member.bidAlias,
          gender: member.gender,
          dob: member.dob,
          country: 'India',
          passwordHash,
          termsAccepted: true,
        },
        metadata: metadata('register', -10),
      };
    case 'registered':
      return { type: 'VerifyEmail', data: {}, metadata: metadata('verify-email', -6) };
    case 'emailVerified':
      // A code from an interrupted earlier seed may have run out: send a fresh one.
      return state.otp === null || Date.parse(state.otp.expiresAt) <= Date.parse(verifiedAt)
        ? {
            type: 'IssueOtp',
            data: { purpose: 'mobileVerification', codeHash: DEMO_OTP_HASH },
            metadata: metadata(`otp/${version}`, -1),
          }
        : {
            type: 'VerifyOtp',
            data: { purpose: 'mobileVerification', codeHash: DEMO_OTP_HASH },
            metadata: metadata(`verify-otp/${version}`, 0),
          };
    case 'active':
      return undefined;
    case 'blocked':
      return undefined;
    default: {
      const never: never = current;
      throw new Error(`Unknown account status ${String(never)}`);
    }
  }
}

/** A demo member's staff role (`DEMO_STAFF`), granted by an admin; a second seed finds it held. */
export const grantStaffRole = (
  member: DemoMember,
  role: Role,
  verifiedAt: string,
): AccountCommand => ({
  type: 'GrantRole',
  data: { role },
  metadata: {
    eventId: demoId(`member/${member.username}/role/${role}`),
    now: minutesAfter(verifiedAt, 3),
    actor: { userId: 'ops:demo-seed', role: 'admin' },
  },
});

/** The address and profile, once the account is active; a second seed finds it applied. */
export const fillProfile = (member: DemoMember, verifiedAt: string): AccountCommand => ({
  type: 'EditProfile',
  data: { profile: member.profile },
  metadata: {
    eventId: demoId(`member/${member.username}/profile`),
    now: minutesAfter(verifiedAt, 2),
    actor: { userId: member.userId, role: 'member' },
  },
});
