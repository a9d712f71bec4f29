import { LIMITS } from '@boli/engine/shared/limits';
import { bidDetailsProblem, type BidDetails } from '../../../components/bidDetails.ts';
import { formatPrice } from '../../../lib/format.ts';
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
  /** What the asking price is called: 'the asking price' (an ad's), 'the base amount' (a slot's). */
  askingPriceName?: string;
  currencyCode: string;
  highestSeen: number | null;
  /** The highest bid seen is the bidder's own (a bid again, or one whose answer was lost). */
  highestSeenIsMine?: boolean;
};

/**
 * Why the member should look at `amount` again before it is placed — it is `LIMITS.bidConfirmTimes`
 * or more times the asking price, or the highest bid they see when that is higher — or null.
 */
export function outlierBidWarning(
  amount: number,
  { askingPrice, askingPriceName = 'the asking price', currencyCode, highestSeen }: BidYardstick,
): string | null {
  const asking = currencyCode.toUpperCase() === 'INR' ? askingPrice : 0;
  const [reference, what] =
    highestSeen !== null && highestSeen > asking
      ? [highestSeen, 'the highest bid you can see']
      : [asking, askingPriceName];
  if (!(reference > 0) || amount < reference * LIMITS.bidConfirmTimes) return null;
  // Whole times, said as "more than" when there is a part over: 12.5 times is not "12 times".
  const times = Math.floor(amount / reference);
  const over = amount > times * reference ? 'more than ' : '';
  const money = (value: number) => formatPrice(value, currencyCode);
  return `${money(amount)} is ${over}${times.toLocaleString('en-IN')} times ${what} of ${money(reference)}. A bid cannot be taken back.`;
}

/**
 * Why the member should look at `amount` again because it does not lead: it is not above the
 * highest bid they can see (an equal bid ranks after the earlier one), or below their own, or
 * null. (Far below the asking price is not asked about: an owner takes offers, and calls final.)
 */
export function lowBidWarning(
  amount: number,
  { highestSeen, highestSeenIsMine = false, currencyCode }: BidYardstick,
): string | null {
  if (highestSeen === null || amount > highestSeen) return null;
  const money = (value: number) => formatPrice(value, currencyCode);
  const equal = amount === highestSeen;
  if (highestSeenIsMine) {
    // The same as one's own lead: a bid pressed again after its answer was lost, the same bid.
    // A lower one ('-5' typed, kept as 5) leaves the bidder's lead as it is, and stays public.
    if (equal) return null;
    return `${money(amount)} is below your own highest bid, ${money(highestSeen)}: it does not raise your bid. A bid cannot be taken back.`;
  }
  return `${money(amount)} is ${equal ? 'the same as' : 'below'} the highest bid you can see, ${money(highestSeen)}: it will not lead${equal ? ', as the earlier bid ranks first' : ''}. A bid cannot be taken back.`;
}

/** What to ask before a bid is placed (far above what it is measured against, or not leading), or null. */
export const bidWarning = (amount: number, yardstick: BidYardstick): string | null =>
  outlierBidWarning(amount, yardstick) ?? lowBidWarning(amount, yardstick);

/**
 * Whether the form still holds the bid a refusal was about: a bid changed since (another amount,
 * type or alias) is another bid, to be sent again before its processing fee may be paid.
 */
export const isStillTheBid = (
  input: BidFormInput,
  bid: Pick<ReturnType<typeof bidRequestBody>, 'bidAlias' | 'bidamt' | 'type'>,
): boolean =>
  input.bidAlias.trim() === bid.bidAlias &&
  Number(input.amount) === bid.bidamt &&
  input.type === bid.type;
