import { describe, it } from 'vitest';
import { MESSAGES } from '../shared/messages.ts';
import { DeciderSpecification } from '../shared/testing/deciderSpecification.ts';
import type { CloseSlot, PlaceSlotBid } from './adSlot.commands.ts';
import { adSlotDecider } from './adSlot.decider.ts';
import type { AdSlotEvent, SlotBid } from './adSlot.events.ts';
import { ADSPACE_MESSAGES } from './adspace.messages.ts';
import {
  ASHA,
  at,
  BALA,
  metadata,
  rupees,
  SLOT_DATE,
  SLOT_START,
  slotBid,
  T0,
} from './adspace.fixtures.ts';

const given = DeciderSpecification.for(adSlotDecider);

const placeBid = (data: Partial<PlaceSlotBid['data']> = {}, now = T0): PlaceSlotBid => ({
  type: 'PlaceSlotBid',
  data: {
    bidId: 'b-1',
    userId: ASHA,
    username: 'asha',
    type: 'sidePanels',
    slotdate: SLOT_DATE,
    bidamt: rupees(250_000),
    company: 'Asha Sweets',
    bidderEntitled: true,
    ...data,
  },
  metadata: metadata(now, data.userId ?? ASHA),
});

const closeSlot = (now = SLOT_START): CloseSlot => ({
  type: 'CloseSlot',
  data: { type: 'sidePanels', slotdate: SLOT_DATE },
  metadata: metadata(now),
});

const placed = (data: Partial<SlotBid> = {}): AdSlotEvent => ({
  type: 'SlotBidPlaced',
  data: slotBid(data),
});

describe('while the slot is open', () => {
  it('takes a bid above the base amount, dated by the command time', () => {
    given([])
      .when(placeBid({ company: '  Asha Sweets ' }))
      .then(placed());
  });

  it('takes a bid one paisa above the base amount', () => {
    given([])
      .when(placeBid({ bidamt: rupees(200_000) + 1 }))
      .then(placed({ bidamt: rupees(200_000) + 1 }));
  });

  it('refuses a bid of exactly the base amount, with the action message beside it', () => {
    given([])
      .when(placeBid({ bidamt: rupees(200_000) }))
      .thenThrows('SLOT_BID_BELOW_BASE', {
        message: MESSAGES.slotBidBelowBase,
        details: { actionMessage: MESSAGES.slotBidBelowBaseAction },
      });
  });

  it('refuses a bid below the base amount', () => {
    given([])
      .when(placeBid({ bidamt: rupees(150_000) }))
      .thenThrows('SLOT_BID_BELOW_BASE', { message: MESSAGES.slotBidBelowBase });
  });

  it('asks for all details when the type or the amount is missing', () => {
    given([])
      .when(placeBid({ type: null }))
      .thenThrows('SLOT_BID_DETAILS_MISSING', { message: MESSAGES.pleaseEnterAllDetails });
    given([])
      .when(placeBid({ bidamt: null }))
      .thenThrows('SLOT_BID_DETAILS_MISSING', { message: MESSAGES.pleaseEnterAllDetails });
  });

  it('places a retried bid only once', () => {
    given(placed()).when(placeBid()).thenNothingHappened();
  });

  it('takes bids up to the last millisecond before the date begins in India', () => {
    const justBefore = new Date(Date.parse(SLOT_START) - 1).toISOString();
    given(placed())
      .when(placeBid({ bidId: 'b-2', userId: BALA, username: 'bala' }, justBefore))
      .then(placed({ bidId: 'b-2', userId: BALA, username: 'bala', biddate: justBefore }));
  });
});

describe('who may bid', () => {
  it('refuses a member without a subscription or trial (section 6), once the form is right', () => {
    given([])
      .when(placeBid({ bidderEntitled: false }))
      .thenThrows('NOT_ENTITLED', { message: MESSAGES.pleaseSubscribe });
    // What is wrong with the form is said first: it is what the member can mend on the page.
    given([])
      .when(placeBid({ bidderEntitled: false, bidamt: rupees(100) }))
      .thenThrows('SLOT_BID_BELOW_BASE');
  });
});

describe('dates', () => {
  it('refuses a slot dated yesterday, India time, even when it is still that day in UTC', () => {
    // 00:30 on 10 May in India is 19:00 on 9 May in UTC.
    const now = at(30, SLOT_START);
    given([])
      .when(placeBid({ slotdate: '2026-05-09' }, now))
      .thenThrows('SLOT_DATE_PASSED', { message: ADSPACE_MESSAGES.slotDatePassed });
  });

  it("refuses today's slot once the day has begun: the highest bid at 00:00 has won it", () => {
    given([])
      .when(placeBid({}, SLOT_START))
      .thenThrows('SLOT_CLOSED', { message: MESSAGES.biddingClosed });
  });

  it('refuses a date that is not a calendar date', () => {
    given([])
      .when(placeBid({ slotdate: '2026-02-30' }))
      .thenThrows('SLOT_DATE_INVALID');
  });
});

describe('at the start of the slot date', () => {
  const bids = [
    placed({ bidId: 'b-1', bidamt: rupees(250_000) }),
    placed({
      bidId: 'b-2',
      userId: BALA,
      username: 'bala',
      bidamt: rupees(300_000),
      biddate: at(5),
    }),
    placed({ bidId: 'b-3', bidamt: rupees(300_000), biddate: at(9) }),
  ];

  it('closes with the highest bid as the winner; at equal amounts the earlier bid wins', () => {
    given(bids)
      .when(closeSlot())
      .then({
        type: 'SlotClosed',
        data: {
          type: 'sidePanels',
          slotdate: SLOT_DATE,
          winner: slotBid({
            bidId: 'b-2',
            userId: BALA,
            username: 'bala',
            bidamt: rupees(300_000),
            biddate: at(5),
          }),
          closedAt: SLOT_START,
        },
      });
  });

  it('closes a slot nobody bid for without a winner', () => {
    given([])
      .when(closeSlot())
      .then({
        type: 'SlotClosed',
        data: { type: 'sidePanels', slotdate: SLOT_DATE, winner: null, closedAt: SLOT_START },
      });
  });

  it('does not close before the date begins (a timer that woke early)', () => {
    given(bids)
      .when(closeSlot(at(-1, SLOT_START)))
      .thenThrows('SLOT_NOT_BEGUN');
  });

  it('closes once: the timer run again changes nothing', () => {
    const closed: AdSlotEvent = {
      type: 'SlotClosed',
      data: { type: 'sidePanels', slotdate: SLOT_DATE, winner: null, closedAt: SLOT_START },
    };
    given(closed)
      .when(closeSlot(at(5, SLOT_START)))
      .thenNothingHappened();
  });

  it('refuses bids after it closed', () => {
    given([
      ...bids,
      {
        type: 'SlotClosed',
        data: { type: 'sidePanels', slotdate: SLOT_DATE, winner: null, closedAt: SLOT_START },
      },
    ])
      .when(placeBid({ bidId: 'b-9' }, at(1, SLOT_START)))
      .thenThrows('SLOT_CLOSED');
  });
});
