import { assign, initialTransition, setup, transition, type SnapshotFrom } from 'xstate';
import { ACCOUNT_COMMAND_TYPES, type AccountCommandType } from './account.commands.ts';
import type { AccountEvent } from './account.events.ts';

/*
 * The account lifecycle of section 4: register → email verified → active (phone verified), and
 * blocked from any of them. The machine is driven by the stream's events (in `evolve`) and says,
 * through its tags, which commands each state allows (in `decide`). No actors, no timers.
 */

type AllowsTag = `allows:${AccountCommandType}`;

const allows = (...commands: AccountCommandType[]): AllowsTag[] =>
  commands.map((command) => `allows:${command}` as const);

/** Commands an account accepts in every state it can log in from. */
const anyRegisteredState = [
  'BlockAccount',
  'UnblockAccount',
  'GrantRole',
  'RequestPasswordReset',
  'ResetPassword',
  'RevokeSessions',
  'VerifyEmail',
] as const satisfies readonly AccountCommandType[];

export const accountMachine = setup({
  types: {
    context: {} as { readonly emailVerified: boolean; readonly mobileVerified: boolean },
    events: {} as AccountEvent,
    tags: {} as AllowsTag,
  },
  guards: {
    mobileVerified: ({ context }) => context.mobileVerified,
    emailVerified: ({ context }) => context.emailVerified,
  },
  actions: {
    recordEmailVerified: assign({ emailVerified: true }),
    recordMobileVerified: assign({ mobileVerified: true }),
  },
}).createMachine({
  id: 'account',
  context: { emailVerified: false, mobileVerified: false },
  initial: 'unregistered',
  states: {
    unregistered: {
      tags: allows('RegisterAccount'),
      on: { AccountRegistered: 'registered' },
    },
    registered: {
      tags: allows(...anyRegisteredState, 'ChangeUnverifiedPhone'),
      on: {
        EmailVerified: { target: 'emailVerified', actions: 'recordEmailVerified' },
        AccountBlocked: 'blocked',
      },
    },
    /** Logged in, but only the OTP screen until the phone is verified. */
    emailVerified: {
      tags: allows(
        ...anyRegisteredState,
        'IssueOtp',
        'VerifyOtp',
        'ChangePassword',
        'ChangeUnverifiedPhone',
      ),
      on: {
        MobileVerified: { target: 'active', actions: 'recordMobileVerified' },
        AccountBlocked: 'blocked',
      },
    },
    active: {
      tags: allows(
        ...anyRegisteredState,
        // A sign-in code, to the verified phone (the decider checks the purpose).
        'IssueOtp',
        'VerifyOtp',
        'ChangePassword',
        'EditProfile',
        'ChangeProfilePicture',
        'ChangePrivacySetting',
        'ChangeEmailNotices',
      ),
      on: { AccountBlocked: 'blocked' },
    },
    blocked: {
      tags: allows('BlockAccount', 'UnblockAccount', 'GrantRole', 'RevokeSessions'),
      on: {
        AccountUnblocked: [
          { target: 'active', guard: 'mobileVerified' },
          { target: 'emailVerified', guard: 'emailVerified' },
          { target: 'registered' },
        ],
      },
    },
  },
});

export type AccountSnapshot = SnapshotFrom<typeof accountMachine>;

export const ACCOUNT_STATUSES = [
  'unregistered',
  'registered',
  'emailVerified',
  'active',
  'blocked',
] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

const [initialSnapshot] = initialTransition(accountMachine);

export const initialAccountSnapshot = (): AccountSnapshot => initialSnapshot;

/** Pure: the snapshot after one event. Events the current state does not handle change nothing. */
export const nextAccountSnapshot = (
  snapshot: AccountSnapshot,
  event: AccountEvent,
): AccountSnapshot => transition(accountMachine, snapshot, event)[0];

export const accountStatus = (snapshot: AccountSnapshot): AccountStatus => {
  const value = snapshot.value;
  return value;
};

export const allowsCommand = (snapshot: AccountSnapshot, command: AccountCommandType): boolean =>
  snapshot.hasTag(`allows:${command}`);

export const allowedCommands = (snapshot: AccountSnapshot): AccountCommandType[] =>
  ACCOUNT_COMMAND_TYPES.filter((command) => allowsCommand(snapshot, command));
