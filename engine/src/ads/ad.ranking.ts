/*
 * How an ad's bids rank, and so who wins: the larger amount, Hidden bids included; at equal
 * amounts the bid placed first (placed at the same instant, the one logged first). The bid ranked
 * first when bidding closes is the winning bid. The read model orders the same way
 * (`HIGHEST_FIRST` in projections/src/bids/bids.queries.ts), as does the api's packed bid book
 * (`outranks` in ad.bidBook.ts).
 */

/** What the ranking reads of a bid. */
export type RankedBid = {
  /** Integer paise. */
  readonly amount: number;
  /** ISO-8601. */
  readonly placedAt: string;
};

/** Whether `a` ranks above `b`; neither does when both amount and instant are the same. */
export const ranksAbove = (a: RankedBid, b: RankedBid): boolean =>
  a.amount > b.amount || (a.amount === b.amount && Date.parse(a.placedAt) < Date.parse(b.placedAt));

/** The top-ranked of `bids`, given in log order (so the first logged of a full tie); null if none. */
export function topBidOf<T extends RankedBid>(bids: readonly T[]): T | null {
  let top: T | null = null;
  for (const bid of bids) if (top === null || ranksAbove(bid, top)) top = bid;
  return top;
}
