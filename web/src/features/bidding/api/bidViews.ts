import { CLOSE_REASONS, type CloseReason } from '@boli/engine/ads/ad.events';
import { BID_TYPES } from '@boli/engine/shared/limits';
import { readPosition, type Position } from '../model/position.ts';
import { isRecord } from '../../../lib/records.ts';

/*
 * The bids api's answers as the web reads them (contracts.md, "Bids";
 * projections/src/bids/bids.views.ts): money in rupees, instants as ISO strings, `position` the
 * event position the answer reflects. Read defensively — a
 * field of the wrong shape becomes null/0 rather than breaking the ad page.
 */

export type BidType = (typeof BID_TYPES)[number];

/** One bid as this viewer may see it; the bidder's identity only for the owner and own bids. */
export type BidView = {
  _id: string;
  postedBy?: string;
  postedByUsername?: string;
  bidAlias: string;
  /** Rupees; null when the amount is hidden from this viewer. */
  bidamt: number | null;
  type: BidType;
  item_id: string;
  createdAt: string;
  profilepic?: string;
  phone?: string;
  isAfterFinalCall: boolean;
  /** The BidPlaced event's position; null when the api did not say. */
  position: Position | null;
};

/** A "highest bid" of the summary: amount (rupees), and who, where this viewer may know. */
export type HighestBidView = {
  amount: number;
  username: string | null;
  userId: string | null;
  bidAlias: string | null;
};

/** After the close, to a member who bid: whether theirs is the winning bid (docs/api/bids.md). */
export type BidResult = 'highest' | 'notHighest';

/** Section 3's Bid summary for this viewer, with the ad's bidding state. */
export type BidSummaryView = {
  overallHighest: HighestBidView | null;
  highestOpenBidBeforeFinalCall: HighestBidView | null;
  highestHiddenBidBeforeFinalCall: HighestBidView | null;
  highestOpenBidAfterFinalCall: HighestBidView | null;
  highestHiddenBidAfterFinalCall: HighestBidView | null;
  noOfBuyers: number;
  allBeforeBidsCount: number;
  allAfterBidsCount: number;
  loginUserBeforeBidsCount: number;
  loginUserAfterBidsCount: number;
  /** The alias the viewer bid under on this ad: the bid form starts with it. */
  loginUserBidAlias: string | null;
  pageCount: number;
  /** Spelled so: the spec's field name. */
  beoreFinalCallBids: BidView[];
  afterFinalCallBids: BidView[];
  bidOpen: boolean;
  finalCallMade: boolean;
  finalCallDateTime: string | null;
  closedAt: string | null;
  closeReason: CloseReason | null;
  isOwner: boolean;
  /** Null while bidding is open, and for the owner, guests and members who did not bid. */
  bidResult: BidResult | null;
  /** The position this summary reflects. */
  position: Position | null;
};

type Json = Record<string, unknown>;

const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

const amountOf = (value: unknown): number | null => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
};

const count = (value: unknown): number => {
  const n = amountOf(value);
  return n !== null && n >= 0 ? Math.trunc(n) : 0;
};

const optional = (value: unknown): string | undefined => text(value) || undefined;

const instant = (value: unknown): string | null => {
  const t = text(value);
  return t && !Number.isNaN(Date.parse(t)) ? t : null;
};

const isBidType = (value: unknown): value is BidType => BID_TYPES.some((known) => known === value);

/** A bid from the api or a socket message; null when it is not one. */
export function parseBid(raw: unknown): BidView | null {
  if (!isRecord(raw)) return null;
  const id = text(raw._id) ?? text(raw.bidId);
  if (!id || !isBidType(raw.type)) return null;
  const bid: BidView = {
    _id: id,
    bidAlias: text(raw.bidAlias) ?? '',
    bidamt: amountOf(raw.bidamt),
    type: raw.type,
    item_id: text(raw.item_id) ?? '',
    createdAt: text(raw.createdAt) ?? '',
    isAfterFinalCall: raw.isAfterFinalCall === true || raw.phase === 'afterFinalCall',
    position: readPosition(raw.position),
  };
  const postedBy = optional(raw.postedBy);
  const postedByUsername = optional(raw.postedByUsername);
  const profilepic = optional(raw.profilepic);
  const phone = optional(raw.phone);
  return {
    ...bid,
    ...(postedBy ? { postedBy } : {}),
    ...(postedByUsername ? { postedByUsername } : {}),
    ...(profilepic ? { profilepic } : {}),
    ...(phone ? { phone } : {}),
  };
}

export function parseBids(raw: unknown): BidView[] {
  return Array.isArray(raw) ? raw.map(parseBid).filter((bid) => bid !== null) : [];
}

/**
 * A highest bid, written either as an object (`{ amount | bidamt, username, userId, bidAlias }`)
 * or flat beside its siblings (`<key>Amount`/`<key>`, `<key>Username`, `<key>UserId`).
 */
function highestOf(raw: Json, key: string): HighestBidView | null {
  const value = raw[key];
  if (isRecord(value)) {
    const amount = amountOf(value.amount ?? value.bidamt);
    if (amount === null) return null;
    return {
      amount,
      username: text(value.username ?? value.postedByUsername),
      userId: text(value.userId ?? value.postedBy),
      bidAlias: text(value.bidAlias),
    };
  }
  const amount = amountOf(raw[`${key}Amount`] ?? value);
  if (amount === null) return null;
  return {
    amount,
    username: text(raw[`${key}Username`]),
    userId: text(raw[`${key}UserId`]),
    bidAlias: text(raw[`${key}Alias`]),
  };
}

const BID_RESULTS: readonly BidResult[] = ['highest', 'notHighest'];

/** The summary from an answer's data or a socket message; null when it is not one. */
export function parseSummary(raw: unknown): BidSummaryView | null {
  if (!isRecord(raw)) return null;
  const closeReason = CLOSE_REASONS.find((reason) => reason === raw.closeReason) ?? null;
  return {
    overallHighest: highestOf(raw, 'overallHighestBid'),
    highestOpenBidBeforeFinalCall: highestOf(raw, 'highestOpenBidBeforeFinalCall'),
    highestHiddenBidBeforeFinalCall: highestOf(raw, 'highestHiddenBidBeforeFinalCall'),
    highestOpenBidAfterFinalCall: highestOf(raw, 'highestOpenBidAfterFinalCall'),
    highestHiddenBidAfterFinalCall: highestOf(raw, 'highestHiddenBidAfterFinalCall'),
    noOfBuyers: count(raw.noOfBuyers),
    allBeforeBidsCount: count(raw.allBeforeBidsCount),
    allAfterBidsCount: count(raw.allAfterBidsCount),
    loginUserBeforeBidsCount: count(raw.loginUserBeforeBidsCount),
    loginUserAfterBidsCount: count(raw.loginUserAfterBidsCount),
    loginUserBidAlias: text(raw.loginUserBidAlias),
    pageCount: count(raw.pageCount),
    beoreFinalCallBids: parseBids(raw.beoreFinalCallBids),
    afterFinalCallBids: parseBids(raw.afterFinalCallBids),
    bidOpen: raw.bidOpen !== false,
    finalCallMade: raw.finalCallMade === true,
    finalCallDateTime: instant(raw.finalCallDateTime),
    closedAt: instant(raw.closedAt),
    closeReason,
    isOwner: raw.isOwner === true,
    bidResult: BID_RESULTS.find((result) => result === raw.bidResult) ?? null,
    position: readPosition(raw.position),
  };
}
