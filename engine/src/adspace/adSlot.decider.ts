import { assertNever, DomainError, type Decider } from '../shared/decider.ts';
import { MESSAGES } from '../shared/messages.ts';
import type {
  AdSlotCommand,
  CloseSlot,
  OfferSlot,
  PlaceSlotBid,
  SellSlot,
} from './adSlot.commands.ts';
import type {
  AdSlotEvent,
  OutbidBidder,
  SlotBid,
  SlotClosed,
  SlotOffered,
  SlotSold,
} from './adSlot.events.ts';
import {
  exceedsBaseAmount,
  hasSlotBiddingEnded,
  highestBid,
  isPastSlotDate,
  isTooFarAhead,
  nextInLine,
  offeredMembers,
  offerPayBy,
  slotDayEndsAt,
  isSameSlotBid,
} from './adSlot.rules.ts';
import { ADSPACE_MESSAGES } from './adspace.messages.ts';
import { isCalendarDate } from '../shared/indiaTime.ts';
import { companyNameOf, isOthersCompanyName } from '../shared/companyName.ts';

/*
 * One slot (type + date). Open until bidding ends, a day before its date (`slotBiddingEndsAt`):
 * bids above the base amount are taken; from that instant no bid counts (even before the timer
 * has run), and the timer's CloseSlot records the winner — the highest bid then. The slot is then
 * offered to the winner to pay for; an offer left unpaid past its time passes to the highest bid
 * of a member not yet asked, until one pays (sold) or nobody is left or the day is over (unsold).
 */

export type AdSlotErrorCode =
  | 'SLOT_BID_DETAILS_MISSING'
  | 'SLOT_BID_BELOW_BASE'
  | 'SLOT_DATE_INVALID'
  | 'SLOT_DATE_PASSED'
  | 'SLOT_DATE_TOO_FAR'
  | 'SLOT_CLOSED'
  | 'SLOT_BIDDING_OPEN'
  | 'SLOT_OFFER_OPEN'
  | 'SLOT_OFFER_LAPSED'
  | 'COMPANY_NAME_TAKEN'
  | 'NOT_ENTITLED';

export type AdSlotState = {
  readonly bids: readonly SlotBid[];
  readonly closed: SlotClosed['data'] | null;
  /** Every offer made, in order; the last is the one standing (unless sold or unsold). */
  readonly offers: readonly SlotOffered['data'][];
  readonly sold: SlotSold['data'] | null;
  readonly unsold: boolean;
};

const initialState = (): AdSlotState => ({
  bids: [],
  closed: null,
  offers: [],
  sold: null,
  unsold: false,
});

/** The offer a payment can still answer: the last one, while the slot is neither sold nor unsold. */
export const standingOffer = (state: AdSlotState): SlotOffered['data'] | null =>
  state.sold === null && !state.unsold ? (state.offers.at(-1) ?? null) : null;

const evolve = (state: AdSlotState, event: AdSlotEvent): AdSlotState => {
  switch (event.type) {
    case 'SlotBidPlaced': {
      const { outbid: _outbid, ...bid } = event.data;
      return { ...state, bids: [...state.bids, bid] };
    }
    case 'SlotClosed':
      return state.closed === null ? { ...state, closed: event.data } : state;
    case 'SlotOffered':
      return { ...state, offers: [...state.offers, event.data] };
    case 'SlotSold':
      return { ...state, sold: event.data };
    case 'SlotUnsold':
      return { ...state, unsold: true };
    default:
      return assertNever(event);
  }
};

const fail = (
  code: AdSlotErrorCode,
  message: string,
  details: Record<string, unknown> = {},
): never => {
  throw new DomainError(code, details, message);
};

function placeBid({ data, metadata }: PlaceSlotBid, state: AdSlotState): AdSlotEvent[] {
  if (state.bids.some((bid) => bid.bidId === data.bidId)) return [];
  if (data.type === null || data.bidamt === null) {
    return fail('SLOT_BID_DETAILS_MISSING', MESSAGES.pleaseEnterAllDetails);
  }
  if (!exceedsBaseAmount(data.bidamt)) {
    return fail('SLOT_BID_BELOW_BASE', MESSAGES.slotBidBelowBase, {
      actionMessage: MESSAGES.slotBidBelowBaseAction,
    });
  }
  if (!isCalendarDate(data.slotdate)) return fail('SLOT_DATE_INVALID', MESSAGES.invalidDate);
  if (isPastSlotDate(data.slotdate, metadata.now)) {
    return fail('SLOT_DATE_PASSED', ADSPACE_MESSAGES.slotDatePassed);
  }
  if (isTooFarAhead(data.slotdate, metadata.now)) {
    return fail('SLOT_DATE_TOO_FAR', ADSPACE_MESSAGES.slotDateTooFar);
  }
  if (state.closed !== null || hasSlotBiddingEnded(data.slotdate, metadata.now)) {
    return fail('SLOT_CLOSED', MESSAGES.biddingClosed);
  }
  // Other bidders know a slot's bids by their company alone: nobody bids under another's.
  const company = companyNameOf(data.company);
  if (isOthersCompanyName(company, data.userId, state.bids)) {
    return fail('COMPANY_NAME_TAKEN', MESSAGES.companyNameTaken);
  }
  // Section 6: a subscription is required to bid, a slot's as an ad's.
  if (!data.bidderEntitled) return fail('NOT_ENTITLED', MESSAGES.pleaseSubscribe);
  // The member's own bid standing already, at this amount under this name, is this bid (the
  // same bid pressed in two tabs): it is kept once.
  const asked = { userId: data.userId, bidamt: data.bidamt, company };
  if (state.bids.some((bid) => isSameSlotBid(bid, asked))) return [];
  const bid: SlotBid = {
    bidId: data.bidId,
    userId: data.userId,
    username: data.username,
    type: data.type,
    slotdate: data.slotdate,
    company,
    bidamt: data.bidamt,
    biddate: metadata.now,
  };
  return [{ type: 'SlotBidPlaced', data: { ...bid, outbid: outbidBy(bid, state.bids) } }];
}

/** The member whose bid led until `bid`, when `bid` now leads and is another member's. */
function outbidBy(bid: SlotBid, bids: readonly SlotBid[]): OutbidBidder | null {
  const leader = highestBid(bids);
  if (leader === null || leader.userId === bid.userId) return null;
  return highestBid([...bids, bid]) === bid ? { userId: leader.userId, bidId: leader.bidId } : null;
}

function close({ data, metadata }: CloseSlot, state: AdSlotState): AdSlotEvent[] {
  if (state.closed !== null) return [];
  if (!hasSlotBiddingEnded(data.slotdate, metadata.now)) {
    return fail('SLOT_BIDDING_OPEN', MESSAGES.generic, { slotdate: data.slotdate });
  }
  return [
    {
      type: 'SlotClosed',
      data: {
        type: data.type,
        slotdate: data.slotdate,
        winner: highestBid(state.bids),
        closedAt: metadata.now,
      },
    },
  ];
}

function offer({ data, metadata }: OfferSlot, state: AdSlotState): AdSlotEvent[] {
  if (state.closed === null) {
    return fail('SLOT_BIDDING_OPEN', MESSAGES.generic, { slotdate: data.slotdate });
  }
  if (state.sold !== null || state.unsold) return [];
  const standing = state.offers.at(-1) ?? null;
  // Asked again for an offer already made (a timer or sweep run twice): nothing new.
  if ((standing?.bid.bidId ?? null) !== data.lapsedBidId) return [];
  if (standing !== null && Date.parse(metadata.now) < Date.parse(standing.payBy)) {
    return fail('SLOT_OFFER_OPEN', MESSAGES.generic, { payBy: standing.payBy });
  }
  const next = nextInLine(state.bids, offeredMembers(state.offers.map((made) => made.bid)));
  const dayOver = Date.parse(metadata.now) >= Date.parse(slotDayEndsAt(data.slotdate));
  const lapsed = standing && { bidId: standing.bid.bidId, userId: standing.bid.userId };
  if (next === null || dayOver) {
    return [
      {
        type: 'SlotUnsold',
        data: { type: data.type, slotdate: data.slotdate, at: metadata.now, lapsed },
      },
    ];
  }
  return [
    {
      type: 'SlotOffered',
      data: {
        type: data.type,
        slotdate: data.slotdate,
        bid: next,
        offeredAt: metadata.now,
        payBy: offerPayBy(data.slotdate, metadata.now),
        lapsed,
      },
    },
  ];
}

function sell({ data, metadata }: SellSlot, state: AdSlotState): AdSlotEvent[] {
  if (state.sold?.purchaseId === data.purchaseId) return [];
  // Paid for an offer that has passed on (or a slot sold or left unsold meanwhile): refunded.
  if (standingOffer(state)?.bid.bidId !== data.bidId) {
    return fail('SLOT_OFFER_LAPSED', ADSPACE_MESSAGES.slotOfferLapsed);
  }
  return [
    {
      type: 'SlotSold',
      data: {
        type: data.type,
        slotdate: data.slotdate,
        bidId: data.bidId,
        userId: standingOffer(state)!.bid.userId,
        purchaseId: data.purchaseId,
        soldAt: metadata.now,
      },
    },
  ];
}

const decide = (command: AdSlotCommand, state: AdSlotState): AdSlotEvent[] => {
  switch (command.type) {
    case 'PlaceSlotBid':
      return placeBid(command, state);
    case 'CloseSlot':
      return close(command, state);
    case 'OfferSlot':
      return offer(command, state);
    case 'SellSlot':
      return sell(command, state);
    default:
      return assertNever(command);
  }
};

export const adSlotDecider: Decider<AdSlotState, AdSlotCommand, AdSlotEvent> = {
  initialState,
  evolve,
  decide,
};
