import { SPACE_TYPE_LABELS } from '@boli/engine/billing/products';
import { SLOT_SPACE_TYPES, type SlotSpaceType } from '@boli/engine/adspace/adSpace.rules';
import { mayBeOffered, offeredMembers } from '@boli/engine/adspace/adSlot.rules';
import { displayDate, isCalendarDate } from '@boli/engine/shared/indiaTime';
import { MESSAGES } from '@boli/engine/shared/messages';
import { formatDateTime } from '../../lib/format.ts';
import type { ApiRequest } from '../../app/session/useApi.ts';
import type { PurchaseStatus } from '../../payments/api/purchaseInfo.ts';
import { statusText } from '../transactions/model/transactionRows.ts';
import { isOneOf } from '@boli/engine/shared/oneOf';

/*
 * The support api's answer for an ad slot's history (GET /api/support/slots/:type/:slotdate,
 * api/src/routes/support/slotHistory.ts), and how the Slot history screen reads it. Amounts are
 * rupees.
 */

export type SlotHistoryBid = {
  bidId: string;
  userId: string;
  username: string;
  company: string;
  amount: number;
  biddate: string;
};

export type SlotHistoryOffer = {
  bidId: string;
  userId: string;
  username: string;
  amount: number;
  offeredAt: string;
  payBy: string;
  purchaseId: string;
  purchaseStatus: PurchaseStatus | null;
  invoiceNumber: string | null;
  invoiceUrl: string | null;
  creditNoteNumber: string | null;
  creditNoteUrl: string | null;
};

export type SlotHistory = {
  type: SlotSpaceType;
  slotdate: string;
  biddingEndsAt: string;
  closedAt: string | null;
  winnerBidId: string | null;
  /** Highest first, as the winner is chosen. */
  bids: SlotHistoryBid[];
  /** In the order made: the winner first, then each next in line. */
  offers: SlotHistoryOffer[];
  sold: { bidId: string; userId: string; purchaseId: string; soldAt: string } | null;
  unsold: boolean;
  chain: { ok: true } | { ok: false; brokenAt: number; reason: string };
  events: unknown[];
};

export const slotHistoryPath = (type: SlotSpaceType, slotdate: string): string =>
  `/api/support/slots/${type}/${slotdate}`;

export const fetchSlotHistory = (
  request: ApiRequest,
  type: SlotSpaceType,
  slotdate: string,
  signal?: AbortSignal,
): Promise<SlotHistory> =>
  request<SlotHistory>(slotHistoryPath(type, slotdate), signal ? { signal } : {});

/** 'Side panels, 10-05-2026'. */
export const slotTitle = (history: Pick<SlotHistory, 'type' | 'slotdate'>): string =>
  `${SPACE_TYPE_LABELS[history.type]}, ${displayDate(history.slotdate)}`;

/** Where the slot stands, in one sentence: open, offered, sold or unsold. */
export function slotOutcome(history: SlotHistory): string {
  const ended = formatDateTime(history.biddingEndsAt);
  if (history.closedAt === null) return `Bidding is open until ${ended}.`;
  const offer = (bidId: string) => history.offers.find((made) => made.bidId === bidId);
  if (history.sold) {
    const buyer = offer(history.sold.bidId)?.username ?? history.sold.userId;
    return `Sold to ${buyer} at ${formatDateTime(history.sold.soldAt)}.`;
  }
  if (history.unsold) {
    return history.offers.length === 0
      ? `Bidding ended at ${ended} with no bid: unsold.`
      : 'Unsold: no offer was paid in time.';
  }
  const standing = history.offers.at(-1);
  return standing
    ? `Offered to ${standing.username}, to pay by ${formatDateTime(standing.payBy)}.`
    : `Bidding ended at ${ended}; the offer to the winner is being made.`;
}

/**
 * An offer's purchase in words, as the member's transactions say it — but a refund, which for an
 * offer means it was paid after its time ran out, says so.
 */
export function offerStatusText(offer: SlotHistoryOffer): string {
  switch (offer.purchaseStatus) {
    case null:
      return 'Purchase being started';
    // An offer's purchase expires when its time to pay runs out: the offer lapsed.
    case 'expired':
      return 'Lapsed: not paid by its time';
    case 'refundPending':
    case 'refunded':
      return `Paid after its time ran out: ${statusText(offer.purchaseStatus).toLowerCase()}`;
    default:
      return statusText(offer.purchaseStatus);
  }
}

/**
 * Why a bid was never offered the slot though it ranks above one that was: its member was
 * offered the slot for a higher bid of theirs (a member is asked once: `mayBeOffered`). Null for
 * the others.
 */
export function notOfferedBecause(
  bid: SlotHistoryBid,
  offers: readonly Pick<SlotHistoryOffer, 'bidId' | 'userId'>[],
): string | null {
  if (offers.some((offer) => offer.bidId === bid.bidId)) return null;
  return mayBeOffered(bid, offeredMembers(offers))
    ? null
    : 'Not offered: its member was offered the slot for a higher bid';
}

/** Why the address's type or date cannot be shown; null when both can (or none was asked). */
export function slotAskedProblem(type: string | null, date: string | null): string | null {
  if (type !== null && !isOneOf(SLOT_SPACE_TYPES, type)) {
    return `There is no slot type '${type}': choose Side panels or Auth pages.`;
  }
  return date !== null && !isCalendarDate(date) ? MESSAGES.invalidDate : null;
}
