import { bidDetailsProblem, type BidDetails } from '../../../components/bidDetails.ts';
import type { ShareBidBody, ShareBidType } from '../api/sharesApi.ts';

/*
 * The Post A Bid form: company name (the member's alias for share bids), type and amount in
 * rupees, judged as the server judges it (engine/src/shares/shareBid.rules.ts).
 */

export type ShareBidFormInput = BidDetails & { company: string };

/** The first problem of the form, in the server's order, or null. */
export const shareBidFormProblem = (input: ShareBidFormInput, username: string): string | null =>
  bidDetailsProblem(input, input.company, username);

/** The request body for a form without problems. */
export function shareBidBody(
  input: ShareBidFormInput & { type: ShareBidType },
  member: { userId: string; username: string },
): ShareBidBody {
  return {
    user_id: member.userId,
    username: member.username,
    company: input.company.trim(),
    bidamt: Number(input.amount),
    type: input.type,
  };
}
