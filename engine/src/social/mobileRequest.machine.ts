import { initialTransition, setup, transition, type SnapshotFrom } from 'xstate';
import {
  MOBILE_REQUEST_COMMAND_TYPES,
  type MobileRequestCommandType,
} from './mobileRequest.commands.ts';
import type { MobileRequestEvent } from './mobileRequest.events.ts';

/*
 * The consent lifecycle of one member's number towards one other member:
 *
 *   none ──requested──▶ pending ──approved──▶ approved ──revoked──▶ revoked
 *                          └──rejected──▶ rejected
 *   rejected / revoked ──requested──▶ pending (asked again, a day after the no at the soonest:
 *   mobileRequest.rules.ts), ──approved──▶ approved (a change of mind: section 4 shows Approve
 *   beside any request not yet approved).
 *
 * Driven by the stream's events in `evolve`; its tags say which commands each state takes.
 */

type AllowsTag = `allows:${MobileRequestCommandType}`;

const allows = (...commands: MobileRequestCommandType[]): AllowsTag[] =>
  commands.map((command) => `allows:${command}` as const);

export const mobileRequestMachine = setup({
  types: { events: {} as MobileRequestEvent, tags: {} as AllowsTag },
}).createMachine({
  id: 'mobileRequest',
  initial: 'none',
  states: {
    none: {
      tags: allows('RequestMobileNumber'),
      on: { MobileNumberRequested: 'pending' },
    },
    pending: {
      tags: allows('RequestMobileNumber', 'ApproveMobileRequest', 'RejectMobileRequest'),
      on: { MobileRequestApproved: 'approved', MobileRequestRejected: 'rejected' },
    },
    approved: {
      tags: allows(
        'RequestMobileNumber',
        'ApproveMobileRequest',
        'RejectMobileRequest',
        'RevokeMobileRequest',
      ),
      on: { MobileRequestRevoked: 'revoked' },
    },
    rejected: {
      tags: allows(
        'RequestMobileNumber',
        'ApproveMobileRequest',
        'RejectMobileRequest',
        'RevokeMobileRequest',
      ),
      on: { MobileNumberRequested: 'pending', MobileRequestApproved: 'approved' },
    },
    revoked: {
      tags: allows(
        'RequestMobileNumber',
        'ApproveMobileRequest',
        'RejectMobileRequest',
        'RevokeMobileRequest',
      ),
      on: { MobileNumberRequested: 'pending', MobileRequestApproved: 'approved' },
    },
  },
});

export type MobileRequestSnapshot = SnapshotFrom<typeof mobileRequestMachine>;

export const MOBILE_REQUEST_STATUSES = [
  'none',
  'pending',
  'approved',
  'rejected',
  'revoked',
] as const;
export type MobileRequestStatus = (typeof MOBILE_REQUEST_STATUSES)[number];

const [initialSnapshot] = initialTransition(mobileRequestMachine);

export const initialMobileRequestSnapshot = (): MobileRequestSnapshot => initialSnapshot;

export const nextMobileRequestSnapshot = (
  snapshot: MobileRequestSnapshot,
  event: MobileRequestEvent,
): MobileRequestSnapshot => transition(mobileRequestMachine, snapshot, event)[0];

export const mobileRequestStatus = (snapshot: MobileRequestSnapshot): MobileRequestStatus =>
  snapshot.value;

export const allowsMobileRequestCommand = (
  snapshot: MobileRequestSnapshot,
  command: MobileRequestCommandType,
): boolean => snapshot.hasTag(`allows:${command}`);

export const allowedMobileRequestCommands = (
  snapshot: MobileRequestSnapshot,
): MobileRequestCommandType[] =>
  MOBILE_REQUEST_COMMAND_TYPES.filter((command) => allowsMobileRequestCommand(snapshot, command));

/** The status each event leaves the request in, whatever came before (the machine's targets). */
export const STATUS_AFTER_EVENT = {
  MobileNumberRequested: 'pending',
  MobileRequestApproved: 'approved',
  MobileRequestRejected: 'rejected',
  MobileRequestRevoked: 'revoked',
} as const satisfies Record<MobileRequestEvent['type'], MobileRequestStatus>;

/**
 * Section 4's three states as the requester sees them: 1 = may ask (button Show), 2 = pending
 * (button Pending, polled), 3 = approved (the number is shown). A rejected or revoked request
 * may be asked again.
 */
export type RequesterState = 1 | 2 | 3;

export const requesterState = (status: MobileRequestStatus | undefined): RequesterState => {
  switch (status) {
    case 'pending':
      return 2;
    case 'approved':
      return 3;
    case undefined:
    case 'none':
    case 'rejected':
    case 'revoked':
      return 1;
    default: {
      const unknown: never = status;
      throw new Error(`Unknown request status ${String(unknown)}`);
    }
  }
};
