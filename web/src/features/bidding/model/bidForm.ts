import { bidDetailsProblem, type BidDetails } from '../../../components/bidDetails.ts';
import type { BidType } from '../api/bidViews.ts';

/** The ad's bid form: the member's alias for this bid, with the type and amount. */
export type BidFormInput = BidDetails & { bidAlias: string };

/** The first problem of the form, in the order the server checks it, or null. */
export const bidFormProblem = (input: BidFormInput, username: string): string | null =>
  bidDetailsProblem(input, input.bidAlias, username);

/** POST /api/bid/'s body (contracts.md) for a form without problems. */
export function bidRequestBody(
  input: BidFormInput & { type: BidType },
  bidder: { userId: string; username: string },
  itemId: string,
) {
  return {
    postedBy: bidder.userId,
    postedByUsername: bidder.username,
    bidAlias: input.bidAlias.trim(),
    bidamt: Number(input.amount),
    type: input.type,
    item_id: itemId,
  };
}
