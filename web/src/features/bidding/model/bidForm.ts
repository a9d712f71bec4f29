import { LIMITS } from '@boli/engine/shared/limits';
import { bidDetailsProblem, type BidDetails } from '../../../components/bidDetails.ts';
import { formatRupees } from '../../../lib/format.ts';
import type { BidType } from '../api/bidViews.ts';

/** The ad's bid form: the member's alias for this bid, with the type and amount. */
export type BidFormInput = BidDetails & { bidAlias: string };

/** The form's problems, said together in the order the server checks them, or null. */
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

/**
 * What a bid is measured against: the ad's asking price (in rupees only when its currency is the
 * rupee, as bids are), and the highest bid the bidder sees (rupees).
 */
export type BidYardstick = {
  askingPrice: number;
  currencyCode: string;
  highestSeen: number | null;
};

/**
 * Why the member should look at `amount` again before it is placed — it is `LIMITS.bidConfirmTimes`
 * or more times the asking price, or the highest bid they see when that is higher — or null.
 */
export function outlierBidWarning(
  amount: number,
  { askingPrice, currencyCode, highestSeen }: BidYardstick,
): string | null {
  const asking = currencyCode.toUpperCase() === 'INR' ? askingPrice : 0;
  const [reference, what] =
    highestSeen !== null && highestSeen > asking
      ? [highestSeen, 'the highest bid you can see']
      : [asking, 'the asking price'];
  if (!(reference > 0) || amount < reference * LIMITS.bidConfirmTimes) return null;
  const times = Math.floor(amount / reference);
  return `${formatRupees(amount)} is ${times.toLocaleString('en-IN')} times ${what} of ${formatRupees(reference)}. A bid cannot be taken back.`;
}
