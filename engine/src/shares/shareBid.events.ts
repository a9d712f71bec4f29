import type { DomainEvent } from '../shared/decider.ts';
import type { BID_TYPES } from '../shared/limits.ts';
import { companyKey } from '../shared/companyName.ts';

/*
 * Share bids (issue #8): members bid on Boli's company shares once they have paid the buy-share
 * bid fee. A bid is posted under a company name — the bidder's alias for share bids, judged by
 * the item-bid alias rules — and every bid under one company name lives in one stream, so the
 * stream can keep the one rule that spans bids: a company name belongs to the member who first
 * bid under it.
 */

export type ShareBidType = (typeof BID_TYPES)[number];

/** `shareBids-<company key>`: every bid under one company name. */
export const shareBidsStream = (company: string): string => `shareBids-${companyKey(company)}`;

/** Section 3's Share bid: user_id, company (alias), username, bidamt, type, createdAt. */
export type ShareBidPlaced = DomainEvent<
  'ShareBidPlaced',
  {
    readonly bidId: string;
    /** The company name as the bidder typed it (trimmed). */
    readonly company: string;
    readonly userId: string;
    readonly username: string;
    /** Integer paise. */
    readonly amount: number;
    readonly type: ShareBidType;
    readonly placedAt: string;
  }
>;

export type ShareBidEvent = ShareBidPlaced;

export const SHARE_BID_EVENT_TYPES = [
  'ShareBidPlaced',
] as const satisfies readonly ShareBidEvent['type'][];
