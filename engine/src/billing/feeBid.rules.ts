import type { PurchaseSubject } from './purchase.events.ts';

const FEE_BID_PREFIX = 'fee-';

/** The bid a paid fee places has an id derived from the purchase: placing it twice places one. */
export const bidIdOfFee = (purchaseId: string): string => `${FEE_BID_PREFIX}${purchaseId}`;

/** The purchase whose fee placed (or tried to place) this bid; null for a bid placed directly. */
export const feePurchaseOfBid = (bidId: string): string | null =>
  bidId.startsWith(FEE_BID_PREFIX) ? bidId.slice(FEE_BID_PREFIX.length) : null;

/** A bid a bid fee pays for, as the member typed it: amount in paise (null: none typed). */
export type FeeBid = {
  readonly amount: number | null;
  readonly type: string | null;
  readonly bidAlias: string;
};

/**
 * What tells one fee's bid from another's: the ad, the amount, the type and the alias. Two fees
 * paid for the same bid (the one bid typed in two tabs, each paying its fee) place it once: the
 * second is refused as it is delivered (and refunded), and while it is unpaid it says it is not
 * needed and cannot be paid. The phase is not part of it: a final call made between the two
 * payments does not make the second a bid of its own.
 */
export const feeBidKey = (adId: string, bid: FeeBid): string =>
  JSON.stringify([adId, bid.amount, bid.type, bid.bidAlias]);

/** `feeBidKey` of the bid a bid fee's purchase pays for. */
export const feeBidKeyOfSubject = (subject: Extract<PurchaseSubject, { kind: 'bidFee' }>): string =>
  feeBidKey(subject.adId, {
    amount: subject.bidamt,
    type: subject.type,
    bidAlias: subject.bidAlias,
  });

/** Whether two bids on one ad are, by `feeBidKey`, the same fee's bid. */
export const sameFeeBid = (a: FeeBid, b: FeeBid): boolean => feeBidKey('', a) === feeBidKey('', b);
