import type { MobileRequestStatus } from '@boli/engine/social/mobileRequest.machine';
import type { RequestAnswer } from './api/socialApi.ts';

/*
 * The answers a member gives to a request for their mobile number, wherever it is answered: in
 * the bell, beside the request's notification, and on the asker's profile (IncomingRequest).
 */

export const ANSWER_LABEL: Record<RequestAnswer, string> = {
  approved: 'Approve',
  rejected: 'Reject',
  revoked: 'Revoke',
};

/**
 * Section 4: any request status other than approved offers Approve and Reject; an approved one
 * can be taken back (Revoke). No request, no answer.
 */
export function answersOfRequest(status: MobileRequestStatus | null): RequestAnswer[] {
  if (status === null) return [];
  return status === 'approved' ? ['revoked'] : ['approved', 'rejected'];
}

/**
 * Where a request stands once its member answered it, said above the buttons: Approve and Reject
 * stay after a Reject (section 4), and without this the member could not tell it from a request
 * not yet answered. Null while it waits.
 */
export function answeredRequestText(status: MobileRequestStatus | null): string | null {
  switch (status) {
    case 'approved':
      return 'You approved: they can see your number.';
    case 'rejected':
      return 'You rejected this request.';
    case 'revoked':
      return 'You took back your approval.';
    default:
      return null;
  }
}
