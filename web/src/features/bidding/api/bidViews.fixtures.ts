import type { BidSummaryView } from './bidViews.ts';

/** A summary of an ad with no bids, open, as a test's starting point; `over` changes it. */
export const aSummary = (over: Partial<BidSummaryView> = {}): BidSummaryView => ({
  overallHighest: null,
  highestOpenBidBeforeFinalCall: null,
  highestHiddenBidBeforeFinalCall: null,
  highestOpenBidAfterFinalCall: null,
  highestHiddenBidAfterFinalCall: null,
  noOfBuyers: 0,
  allBeforeBidsCount: 0,
  allAfterBidsCount: 0,
  loginUserBeforeBidsCount: 0,
  loginUserAfterBidsCount: 0,
  loginUserBidAlias: null,
  pageCount: 0,
  beoreFinalCallBids: [],
  afterFinalCallBids: [],
  bidOpen: true,
  finalCallMade: false,
  finalCallDateTime: null,
  closedAt: null,
  closeReason: null,
  isOwner: false,
  bidResult: null,
  position: null,
  ...over,
});
