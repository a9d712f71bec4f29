import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { companyNameOf, isOthersCompanyName } from '@boli/engine/shared/companyName';
import { isTooLargeAmount } from '../../../components/bidDetails.ts';
import type { SlotBid } from '../api/adspaceApi.ts';

/** A refusal: the spec's message, and its action-level message when it has one. */
/** `field`: the one to mend, marked and given the keyboard focus. */
export type SlotBidRefusal = {
  msg: string;
  action?: string;
  field?: 'type' | 'amount' | 'company';
  /** Refused for want of a subscription: where to subscribe. */
  subscribeAt?: string;
};

/**
 * Why a slot bid cannot be sent as typed (section 5): type and amount are needed, and the amount
 * must exceed the base amount and be one money can hold; null when it can be sent.
 */
export function slotBidRefusal(type: string, amount: string): SlotBidRefusal | null {
  if (type === '') return { msg: MESSAGES.pleaseEnterAllDetails, field: 'type' };
  if (amount.trim() === '') return { msg: MESSAGES.pleaseEnterAllDetails, field: 'amount' };
  if (isTooLargeAmount(amount)) return { msg: MESSAGES.amountTooLarge, field: 'amount' };
  if (!(Number(amount) > LIMITS.adBidBaseAmountRupees)) {
    return {
      msg: MESSAGES.slotBidBelowBase,
      action: MESSAGES.slotBidBelowBaseAction,
      field: 'amount',
    };
  }
  return null;
}

/**
 * The amount, in rupees, whose GST and total the bid page shows as it is typed: one that could be
 * bid (more than the base amount, not too large), else null and nothing is shown.
 */
export const quotableSlotBid = (type: string, amount: string): number | null =>
  slotBidRefusal(type, amount) === null ? Number(amount) : null;

/**
 * The refusal the server would give a bid under a company name another bidder of the slot goes
 * by (`isOthersCompanyName`), said before the bid is confirmed rather than after: null when the
 * name is free among the bids shown, or is the viewer's own.
 */
export function companyTakenRefusal(
  company: string,
  bids: readonly Pick<SlotBid, '_id' | 'mine' | 'company'>[],
): SlotBidRefusal | null {
  const VIEWER = '';
  const bidders = bids.map((bid) => ({
    company: bid.company,
    userId: bid.mine ? VIEWER : bid._id,
  }));
  return isOthersCompanyName(companyNameOf(company), VIEWER, bidders)
    ? { msg: MESSAGES.companyNameTaken, field: 'company' }
    : null;
}
