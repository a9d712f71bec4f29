import { describe, it } from 'vitest';
import { MESSAGES } from '../shared/messages.ts';
import { DeciderSpecification } from '../shared/testing/deciderSpecification.ts';
import type { CloseSlot, OfferSlot, PlaceSlotBid, SellSlot } from './adSlot.commands.ts';
import { adSlotDecider } from './adSlot.decider.ts';
import type { AdSlotEvent, OutbidBidder, SlotBid } from './adSlot.events.ts';
import { ADSPACE_MESSAGES } from './adspace.messages.ts';
import {
  ASHA,
  at,
  BALA,
  BIDDING_ENDS,
  CHITRA,
  SLOT_END,
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

const closeSlot = (now = BIDDING_ENDS): CloseSlot => ({
  type: 'CloseSlot',
  data: { type: 'sidePanels', slotdate: SLOT_DATE },
  metadata: metadata(now),
});

const placed = (data: Partial<SlotBid> = {}, outbid: OutbidBidder | null = null): AdSlotEvent => ({
  type: 'SlotBidPlaced',
  data: { ...slotBid(data), outbid },
});

describe('while the slot is open', () => {
  it('takes a bid above the base amount, dated by the command time', () => {
    given([])
      .when(placeBid({ company: '  Asha Sweets ' }))
      .then(placed());
  });

  it('names the member whose lead a higher bid of another member took, to tell them', () => {
    const ashas = placed({ bidId: 'b-1', bidamt: rupees(250_000) });
    const balas = { bidId: 'b-2', userId: BALA, username: 'bala', company: 'Bala Bakes' };
    given([ashas])
      .when(placeBid({ ...balas, bidamt: rupees(260_000) }))
      .then(placed({ ...balas, bidamt: rupees(260_000) }, { userId: ASHA, bidId: 'b-1' }));
    // Lower, or equal (the earlier bid ranks first): nobody lost the lead.
    given([ashas])
      .when(placeBid({ ...balas, bidamt: rupees(250_000) }))
      .then(placed({ ...balas, bidamt: rupees(250_000) }));
    // Asha raising her own bid takes nobody's lead.
    given([ashas])
      .when(placeBid({ bidId: 'b-3', bidamt: rupees(270_000) }))
      .then(placed({ bidId: 'b-3', bidamt: rupees(270_000) }));
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

  it('keeps the same bid sent from two tabs once: same member, amount and company name', () => {
    given(placed())
      .when(placeBid({ bidId: 'b-2', company: 'asha  sweets' }))
      .thenNothingHappened();
    // Another amount, or another name, is a bid of its own.
    given(placed())
      .when(placeBid({ bidId: 'b-2', company: 'Asha Foods' }))
      .then(placed({ bidId: 'b-2', company: 'Asha Foods' }));
  });

  it('takes bids up to the last millisecond before bidding ends, a day before the date', () => {
    const justBefore = new Date(Date.parse(BIDDING_ENDS) - 1).toISOString();
    const balas = { bidId: 'b-2', userId: BALA, username: 'bala', company: 'Bala Bakes' };
    given(placed())
      .when(placeBid(balas, justBefore))
      .then(placed({ ...balas, biddate: justBefore }));
  });
});

describe('who may bid', () => {
  it('refuses a company name another bidder on the slot goes by, look-alikes too', () => {
    for (const company of ['Asha Sweets', 'asha  SWEETS', 'Asha Sweets.', 'Asha\u00a0Sweets']) {
      given(placed())
        .when(placeBid({ bidId: 'b-2', userId: BALA, username: 'bala', company }))
        .thenThrows('COMPANY_NAME_TAKEN', { message: MESSAGES.companyNameTaken });
    }
  });

  it('keeps a name with single spaces, and takes a name that is only like another', () => {
    given([])
      .when(placeBid({ company: ' Asha\u00a0 Sweets ' }))
      .then(placed({ company: 'Asha Sweets' }));
    given(placed())
      .when(placeBid({ bidId: 'b-2', userId: BALA, username: 'bala', company: 'Asha Sweet' }))
      .then(placed({ bidId: 'b-2', userId: BALA, username: 'bala', company: 'Asha Sweet' }));
  });

  it('lets a member bid again under their own name, and anyone without a name', () => {
    given(placed())
      .when(placeBid({ bidId: 'b-2', company: 'ASHA SWEETS', bidamt: rupees(260_000) }))
      .then(placed({ bidId: 'b-2', company: 'ASHA SWEETS', bidamt: rupees(260_000) }));
    given(placed({ company: '' }))
      .when(placeBid({ bidId: 'b-2', userId: BALA, username: 'bala', company: '' }))
      .then(placed({ bidId: 'b-2', userId: BALA, username: 'bala', company: '' }));
  });

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

  it("refuses tomorrow's slot once today has begun: the highest bid at 00:00 has won it", () => {
    given([])
      .when(placeBid({}, BIDDING_ENDS))
      .thenThrows('SLOT_CLOSED', { message: MESSAGES.biddingClosed });
  });

  it('refuses a date more than LIMITS.slotBidDaysAhead days after today in India', () => {
    // T0 is 1 May 2026 in India: 365 days later is 1 May 2027.
    given([])
      .when(placeBid({ slotdate: '2027-05-01' }))
      .then(placed({ slotdate: '2027-05-01' }));
    given([])
      .when(placeBid({ slotdate: '2027-05-02' }))
      .thenThrows('SLOT_DATE_TOO_FAR', { message: 'Slots can be bid for up to 365 days ahead.' });
  });

  it('refuses a date that is not a calendar date', () => {
    given([])
      .when(placeBid({ slotdate: '2026-02-30' }))
      .thenThrows('SLOT_DATE_INVALID');
  });
});

describe('when bidding ends, a day before the slot date', () => {
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
          closedAt: BIDDING_ENDS,
        },
      });
  });

  it('closes a slot nobody bid for without a winner', () => {
    given([])
      .when(closeSlot())
      .then({
        type: 'SlotClosed',
        data: { type: 'sidePanels', slotdate: SLOT_DATE, winner: null, closedAt: BIDDING_ENDS },
      });
  });

  it('does not close before bidding ends (a timer that woke early)', () => {
    given(bids)
      .when(closeSlot(at(-1, BIDDING_ENDS)))
      .thenThrows('SLOT_BIDDING_OPEN');
  });

  it('closes once: the timer run again changes nothing', () => {
    const closed: AdSlotEvent = {
      type: 'SlotClosed',
      data: { type: 'sidePanels', slotdate: SLOT_DATE, winner: null, closedAt: BIDDING_ENDS },
    };
    given(closed)
      .when(closeSlot(at(5, BIDDING_ENDS)))
      .thenNothingHappened();
  });

  it('refuses bids after it closed', () => {
    given([
      ...bids,
      {
        type: 'SlotClosed',
        data: { type: 'sidePanels', slotdate: SLOT_DATE, winner: null, closedAt: BIDDING_ENDS },
      },
    ])
      .when(placeBid({ bidId: 'b-9' }, at(1, BIDDING_ENDS)))
      .thenThrows('SLOT_CLOSED');
  });
});

describe('selling the closed slot', () => {
  const ashaHigh = slotBid({ bidId: 'b-1', bidamt: rupees(400_000) });
  const bala = slotBid({ bidId: 'b-2', userId: BALA, username: 'bala', bidamt: rupees(350_000) });
  const ashaLow = slotBid({ bidId: 'b-3', bidamt: rupees(300_000), biddate: at(9) });
  const chitra = slotBid({
    bidId: 'b-4',
    userId: CHITRA,
    username: 'chitra',
    bidamt: rupees(210_000),
  });
  const history = (...extra: AdSlotEvent[]): AdSlotEvent[] => [
    ...[ashaHigh, bala, ashaLow, chitra].map((data) => placed(data)),
    {
      type: 'SlotClosed',
      data: { type: 'sidePanels', slotdate: SLOT_DATE, winner: ashaHigh, closedAt: BIDDING_ENDS },
    },
    ...extra,
  ];
  const offerSlot = (lapsedBidId: string | null, now = BIDDING_ENDS): OfferSlot => ({
    type: 'OfferSlot',
    data: { type: 'sidePanels', slotdate: SLOT_DATE, lapsedBidId },
    metadata: metadata(now),
  });
  const lapsedOf = (bid: SlotBid | null) => bid && { bidId: bid.bidId, userId: bid.userId };
  const offered = (
    bid: SlotBid,
    offeredAt: string,
    payBy: string,
    after: SlotBid | null = null,
  ): AdSlotEvent => ({
    type: 'SlotOffered',
    data: {
      type: 'sidePanels',
      slotdate: SLOT_DATE,
      bid,
      offeredAt,
      payBy,
      lapsed: lapsedOf(after),
    },
  });
  const sell = (bidId: string, purchaseId = `p-${bidId}`): SellSlot => ({
    type: 'SellSlot',
    data: { type: 'sidePanels', slotdate: SLOT_DATE, bidId, purchaseId },
    metadata: metadata(at(60, BIDDING_ENDS)),
  });
  const twelveHours = 12 * 60;

  it('offers it first to the winner, due LIMITS.slotPayWithinHours later', () => {
    given(history())
      .when(offerSlot(null))
      .then(offered(ashaHigh, BIDDING_ENDS, at(twelveHours, BIDDING_ENDS)));
  });

  it('makes the first offer once: the timer run again changes nothing', () => {
    given(history(offered(ashaHigh, BIDDING_ENDS, at(twelveHours, BIDDING_ENDS))))
      .when(offerSlot(null, at(1, BIDDING_ENDS)))
      .thenNothingHappened();
  });

  it('is not offered before it closes', () => {
    given(history().slice(0, 4)).when(offerSlot(null)).thenThrows('SLOT_BIDDING_OPEN');
  });

  it('does not pass an offer on while its time to pay runs', () => {
    given(history(offered(ashaHigh, BIDDING_ENDS, at(twelveHours, BIDDING_ENDS))))
      .when(offerSlot('b-1', at(twelveHours - 1, BIDDING_ENDS)))
      .thenThrows('SLOT_OFFER_OPEN');
  });

  it('passes a lapsed offer to the next member in line, not to the lapsed member’s lower bid', () => {
    const lapse = at(twelveHours, BIDDING_ENDS);
    given(history(offered(ashaHigh, BIDDING_ENDS, lapse)))
      .when(offerSlot('b-1', lapse))
      .then(offered(bala, lapse, SLOT_START, ashaHigh));
  });

  it('gives an offer made on the day itself until the day ends to pay', () => {
    const late = at(-60, SLOT_END);
    given(
      history(
        offered(ashaHigh, BIDDING_ENDS, at(twelveHours, BIDDING_ENDS)),
        offered(bala, at(twelveHours, BIDDING_ENDS), late),
      ),
    )
      .when(offerSlot('b-2', late))
      .then(offered(chitra, late, SLOT_END, bala));
  });

  it('is left unsold when nobody is left in line, or the day is over', () => {
    const lapse = at(twelveHours, BIDDING_ENDS);
    const unsold = (at: string, after: SlotBid): AdSlotEvent => ({
      type: 'SlotUnsold',
      data: { type: 'sidePanels', slotdate: SLOT_DATE, at, lapsed: lapsedOf(after) },
    });
    given(history(offered(ashaHigh, BIDDING_ENDS, lapse)))
      .when(offerSlot('b-1', SLOT_END))
      .then(unsold(SLOT_END, ashaHigh));
    given(
      history(
        offered(ashaHigh, BIDDING_ENDS, lapse),
        offered(bala, lapse, SLOT_START),
        offered(chitra, SLOT_START, at(60, SLOT_START)),
      ),
    )
      .when(offerSlot('b-4', at(60, SLOT_START)))
      .then(unsold(at(60, SLOT_START), chitra));
  });

  it('is left unsold at once, telling nobody, when nobody bid', () => {
    given({
      type: 'SlotClosed',
      data: { type: 'sidePanels', slotdate: SLOT_DATE, winner: null, closedAt: BIDDING_ENDS },
    })
      .when(offerSlot(null))
      .then({
        type: 'SlotUnsold',
        data: { type: 'sidePanels', slotdate: SLOT_DATE, at: BIDDING_ENDS, lapsed: null },
      });
  });

  it('ignores a pass-on asked for an offer that has already passed on', () => {
    const lapse = at(twelveHours, BIDDING_ENDS);
    given(history(offered(ashaHigh, BIDDING_ENDS, lapse), offered(bala, lapse, SLOT_START)))
      .when(offerSlot('b-1', at(1, lapse)))
      .thenNothingHappened();
  });

  it('is sold to the member the standing offer is to, once', () => {
    const standing = history(offered(ashaHigh, BIDDING_ENDS, at(twelveHours, BIDDING_ENDS)));
    const sold: AdSlotEvent = {
      type: 'SlotSold',
      data: {
        type: 'sidePanels',
        slotdate: SLOT_DATE,
        bidId: 'b-1',
        userId: ASHA,
        purchaseId: 'p-b-1',
        soldAt: at(60, BIDDING_ENDS),
      },
    };
    given(standing).when(sell('b-1')).then(sold);
    given([...standing, sold])
      .when(sell('b-1'))
      .thenNothingHappened();
  });

  it('refuses a payment for an offer that has passed on (it is refunded)', () => {
    const lapse = at(twelveHours, BIDDING_ENDS);
    given(history(offered(ashaHigh, BIDDING_ENDS, lapse), offered(bala, lapse, SLOT_START)))
      .when(sell('b-1'))
      .thenThrows('SLOT_OFFER_LAPSED', { message: ADSPACE_MESSAGES.slotOfferLapsed });
  });
});
