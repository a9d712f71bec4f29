import { assertNever, DomainError, type Decider } from '../shared/decider.ts';
import { MESSAGES } from '../shared/messages.ts';
import type { MobileRequestCommand, RequestMobileNumber } from './mobileRequest.commands.ts';
import type { MobileRequestEvent } from './mobileRequest.events.ts';
import {
  allowsMobileRequestCommand,
  initialMobileRequestSnapshot,
  mobileRequestStatus,
  nextMobileRequestSnapshot,
  type MobileRequestSnapshot,
  type MobileRequestStatus,
} from './mobileRequest.machine.ts';
import { askAgainAt, askAgainMessage } from './mobileRequest.rules.ts';

export type MobileRequestErrorCode =
  | 'MOBILE_REQUEST_TO_SELF'
  | 'MOBILE_REQUEST_TO_BLOCKED_MEMBER'
  | 'MOBILE_REQUEST_FROM_BLOCKED_MEMBER'
  | 'MOBILE_REQUEST_NOT_FOUND'
  | 'MOBILE_REQUEST_NOT_YOURS'
  | 'MOBILE_REQUEST_NOT_APPROVED'
  | 'MOBILE_REQUEST_TOO_SOON';

export type MobileRequestState = {
  readonly machine: MobileRequestSnapshot;
  readonly requestId: string | null;
  readonly requestedBy: string | null;
  readonly requestedTo: string | null;
  /** When the owner last said no (rejected or revoked); null since the last ask or approval. */
  readonly answeredNoAt: string | null;
};

const initialState = (): MobileRequestState => ({
  machine: initialMobileRequestSnapshot(),
  requestId: null,
  requestedBy: null,
  requestedTo: null,
  answeredNoAt: null,
});

const answeredNoAtAfter = (event: MobileRequestEvent): string | null => {
  switch (event.type) {
    case 'MobileRequestRejected':
      return event.data.rejectedAt;
    case 'MobileRequestRevoked':
      return event.data.revokedAt;
    default:
      return null;
  }
};

const evolve = (state: MobileRequestState, event: MobileRequestEvent): MobileRequestState => ({
  machine: nextMobileRequestSnapshot(state.machine, event),
  requestId: event.data.requestId,
  requestedBy: event.data.requestedBy,
  requestedTo: event.data.requestedTo,
  answeredNoAt: answeredNoAtAfter(event),
});

export const statusOf = (state: MobileRequestState): MobileRequestStatus =>
  mobileRequestStatus(state.machine);

const fail = (code: MobileRequestErrorCode, message: string): never => {
  throw new DomainError(code, {}, message);
};

const request = (
  { data, metadata }: RequestMobileNumber,
  state: MobileRequestState,
): MobileRequestEvent[] => {
  if (data.requestedBy === data.requestedTo)
    return fail('MOBILE_REQUEST_TO_SELF', MESSAGES.mobileRequestSelf);
  if (data.requestedToBlocked)
    return fail('MOBILE_REQUEST_TO_BLOCKED_MEMBER', MESSAGES.mobileRequestBlockedMember);
  const status = statusOf(state);
  // Already asked and waiting, or already allowed: asking again changes nothing.
  if (status === 'pending' || status === 'approved') return [];
  const waitTill = askAgainAt(status, state.answeredNoAt, metadata.now);
  if (waitTill !== null) {
    throw new DomainError(
      'MOBILE_REQUEST_TOO_SOON',
      { askAgainAt: waitTill },
      askAgainMessage(waitTill, status),
    );
  }
  return [
    {
      type: 'MobileNumberRequested',
      data: {
        requestId: state.requestId ?? data.requestId,
        requestedBy: data.requestedBy,
        requestedTo: data.requestedTo,
        requestedAt: metadata.now,
      },
    },
  ];
};

/** The owner's answer: approve, reject, or take back an approval (a rejection once approved). */
const answer = (command: MobileRequestCommand, state: MobileRequestState): MobileRequestEvent[] => {
  const { requestId, requestedBy, requestedTo } = state;
  if (requestId === null || requestedBy === null || requestedTo === null) {
    return fail('MOBILE_REQUEST_NOT_FOUND', MESSAGES.mobileRequestNotFound);
  }
  if (command.data.requestId !== requestId)
    return fail('MOBILE_REQUEST_NOT_FOUND', MESSAGES.mobileRequestNotFound);
  if (command.metadata.actor?.userId !== requestedTo)
    return fail('MOBILE_REQUEST_NOT_YOURS', MESSAGES.mobileRequestNotYours);
  const parties = { requestId, requestedBy, requestedTo };
  const now = command.metadata.now;
  const status = statusOf(state);
  switch (command.type) {
    case 'ApproveMobileRequest':
      if (command.data.requestedByBlocked)
        return fail('MOBILE_REQUEST_FROM_BLOCKED_MEMBER', MESSAGES.mobileRequestBlockedMember);
      return status === 'approved'
        ? []
        : [{ type: 'MobileRequestApproved', data: { ...parties, approvedAt: now } }];
    case 'RejectMobileRequest':
      if (status === 'pending')
        return [{ type: 'MobileRequestRejected', data: { ...parties, rejectedAt: now } }];
      return status === 'approved'
        ? [{ type: 'MobileRequestRevoked', data: { ...parties, revokedAt: now } }]
        : [];
    case 'RevokeMobileRequest':
      return status === 'approved'
        ? [{ type: 'MobileRequestRevoked', data: { ...parties, revokedAt: now } }]
        : [];
    case 'RequestMobileNumber':
      return request(command, state);
    default:
      return assertNever(command);
  }
};

const decide = (command: MobileRequestCommand, state: MobileRequestState): MobileRequestEvent[] => {
  if (!allowsMobileRequestCommand(state.machine, command.type)) {
    return statusOf(state) === 'none'
      ? fail('MOBILE_REQUEST_NOT_FOUND', MESSAGES.mobileRequestNotFound)
      : fail('MOBILE_REQUEST_NOT_APPROVED', MESSAGES.mobileRequestNotApproved);
  }
  return command.type === 'RequestMobileNumber' ? request(command, state) : answer(command, state);
};

export const mobileRequestDecider: Decider<
  MobileRequestState,
  MobileRequestCommand,
  MobileRequestEvent
> = { initialState, evolve, decide };
