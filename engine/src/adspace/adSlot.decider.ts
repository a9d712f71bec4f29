import { assertNever, DomainError, type Decider } from '../shared/decider.ts';
import { MESSAGES } from '../shared/messages.ts';
import type { AdSlotCommand, CloseSlot, PlaceSlotBid } from './adSlot.commands.ts';
import type { AdSlotEvent, SlotBid, SlotClosed } from './adSlot.events.ts';
import { exceedsBaseAmount, hasSlotBegun, highestBid, isPastSlotDate } from './adSlot.rules.ts';
import { ADSPACE_MESSAGES } from './adspace.messages.ts';
import { isCalendarDate } from '../shared/indiaTime.ts';

/*
 * One slot (type + date). Open until 00:00 India time of its date: bids above the base amount
 * are taken; from that instant no bid counts (even before the timer has run), and the timer's
 * CloseSlot records the winner — the highest bid then.
 */

export type AdSlotErrorCode =
  | 'SLOT_BID_DETAILS_MISSING'
  | 'SLOT_BID_BELOW_BASE'
  | 'SLOT_DATE_INVALID'
  | 'SLOT_DATE_PASSED'
  | 'SLOT_CLOSED'
  | 'SLOT_NOT_BEGUN'
  | 'NOT_ENTITLED';

export type AdSlotState = {
  readonly bids: readonly SlotBid[];
  readonly closed: SlotClosed['data'] | null;
};

const initialState = (): AdSlotState => ({ bids: [], closed: null });

const evolve = (state: AdSlotState, event: AdSlotEvent): AdSlotState => {
  switch (event.type) {
    case 'SlotBidPlaced':
      return { ...state, bids: [...state.bids, event.data] };
    case 'SlotClosed':
      return state.closed === null ? { ...state, closed: event.data } : state;
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
  if (state.closed !== null || hasSlotBegun(data.slotdate, metadata.now)) {
    return fail('SLOT_CLOSED', MESSAGES.biddingClosed);
  }
  // Section 6: a subscription is required to bid, a slot's as an ad's.
  if (!data.bidderEntitled) return fail('NOT_ENTITLED', MESSAGES.pleaseSubscribe);
  return [
    {
      type: 'SlotBidPlaced',
      data: {
        bidId: data.bidId,
        userId: data.userId,
        username: data.username,
        type: data.type,
        slotdate: data.slotdate,
        company: data.company.trim(),
        bidamt: data.bidamt,
        biddate: metadata.now,
      },
    },
  ];
}

function close({ data, metadata }: CloseSlot, state: AdSlotState): AdSlotEvent[] {
  if (state.closed !== null) return [];
  if (!hasSlotBegun(data.slotdate, metadata.now)) {
    return fail('SLOT_NOT_BEGUN', MESSAGES.generic, { slotdate: data.slotdate });
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

const decide = (command: AdSlotCommand, state: AdSlotState): AdSlotEvent[] => {
  switch (command.type) {
    case 'PlaceSlotBid':
      return placeBid(command, state);
    case 'CloseSlot':
      return close(command, state);
    default:
      return assertNever(command);
  }
};

export const adSlotDecider: Decider<AdSlotState, AdSlotCommand, AdSlotEvent> = {
  initialState,
  evolve,
  decide,
};
