import { bidAliasProblem, type BidAliasCode } from '../accounts/account.rules.ts';
import { BID_TYPES } from '../shared/limits.ts';
import { MESSAGES } from '../shared/messages.ts';
import type { ShareBidType } from './shareBid.events.ts';

/*
 * What a share bid must be, before any stream is read: an Open or Hidden type, a positive amount
 * in whole paise, and a company name that keeps the item-bid alias rules (section 5: at least 3
 * characters, no 3 consecutive characters of the login username). The api judges a bid with these
 * before the fee is paid, the decider again when it is posted.
 */

export type ShareBidRuleCode = 'BID_DETAILS_MISSING' | 'INVALID_BID_AMOUNT' | BidAliasCode;

/**
 * The api's code (409) for the buy-share bid fee asked of a member who has paid it (in another
 * tab, say): the page posts the bid directly instead.
 */
export const SHARE_FEE_ALREADY_PAID = 'SHARE_FEE_ALREADY_PAID';

export type ShareBidProblem = { readonly code: ShareBidRuleCode; readonly message: string };

export const isShareBidType = (type: string | null): type is ShareBidType =>
  (BID_TYPES as readonly (string | null)[]).includes(type);

/** The first rule the bid breaks, or null. */
export function shareBidProblem(bid: {
  readonly company: string;
  readonly username: string;
  readonly amount: number | null;
  readonly type: string | null;
}): ShareBidProblem | null {
  const { amount } = bid;
  if (!isShareBidType(bid.type) || amount === null || !(amount > 0)) {
    return { code: 'BID_DETAILS_MISSING', message: MESSAGES.enterAllBidDetails };
  }
  if (!Number.isSafeInteger(amount)) {
    return { code: 'INVALID_BID_AMOUNT', message: MESSAGES.enterAllBidDetails };
  }
  return bidAliasProblem(bid.company, bid.username);
}
