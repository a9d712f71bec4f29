import { describe, expect, it } from 'vitest';
import type { AdSlotState } from './adSlot.decider.ts';
import type { SlotBid, SlotOffered } from './adSlot.events.ts';
import { slotOutcomeFor } from './slotOutcome.ts';

const bid = (userId: string, bidamt: number): SlotBid => ({
  bidId: `bid-${userId}-${bidamt}`,
  userId,
  username: userId,
  type: 'sidePanels',
  slotdate: '2027-01-27',
  company: `${userId} Co`,
  bidamt,
  biddate: '2026-12-01T10:00:00.000Z',
});
const offer = (to: SlotBid, payBy: string): SlotOffered['data'] => ({
  type: 'sidePanels',
  slotdate: '2027-01-27',
  bid: to,
  offeredAt: '2027-01-25T18:30:00.000Z',
  payBy,
  lapsed: null,
});
const nikhil = bid('nikhil', 230_000_00);
const priya = bid('priya', 225_000_00);
const open: AdSlotState = {
  bids: [nikhil, priya],
  closed: null,
  offers: [],
  sold: null,
  unsold: false,
};
const closed: AdSlotState = {
  ...open,
  closed: {
    type: 'sidePanels',
    slotdate: '2027-01-27',
    winner: nikhil,
    closedAt: '2027-01-25T18:30:00.000Z',
  },
};
const soldTo = (buyer: SlotBid): AdSlotState['sold'] => ({
  type: 'sidePanels',
  slotdate: '2027-01-27',
  bidId: buyer.bidId,
  userId: buyer.userId,
  purchaseId: 'p-1',
  soldAt: '2027-01-26T08:00:00.000Z',
});
const toNikhil = { ...closed, offers: [offer(nikhil, '2027-01-26T06:30:00.000Z')] };
const toPriya = {
  ...toNikhil,
  offers: [...toNikhil.offers, offer(priya, '2027-01-26T18:30:00.000Z')],
};

describe('where a slot stands for one of its bidders', () => {
  it('is open before its close, and closed before its first offer', () => {
    expect(slotOutcomeFor(open, 'nikhil')).toMatchObject({ closed: false, status: 'open' });
    expect(slotOutcomeFor(closed, 'nikhil')).toMatchObject({ closed: true, status: 'closed' });
    // Past its bidding time: closed all the same, and with no bid, unsold.
    expect(slotOutcomeFor(open, 'nikhil', true)).toMatchObject({ closed: true, status: 'closed' });
    expect(slotOutcomeFor({ ...open, bids: [] }, 'nikhil', true)).toMatchObject({
      closed: true,
      status: 'unsold',
    });
  });

  it('is offered to the winner, who is to pay by its time; the others see it offered', () => {
    expect(slotOutcomeFor(toNikhil, 'nikhil')).toEqual({
      closed: true,
      status: 'offered',
      yours: true,
      payBy: '2027-01-26T06:30:00.000Z',
      bidamt: 230_000_00,
      lapsed: false,
      next: false,
    });
    // The bid's amount is the member's own to know.
    expect(slotOutcomeFor(toNikhil, 'priya')).toMatchObject({
      status: 'offered',
      yours: false,
      bidamt: null,
    });
  });

  it('tells the bidder next in line, and only them, that the slot passes to them if unpaid', () => {
    const meena = bid('meena', 221_000_00);
    const threeBidders = { ...toNikhil, bids: [nikhil, priya, meena] };
    expect(slotOutcomeFor(threeBidders, 'priya')).toMatchObject({ yours: false, next: true });
    expect(slotOutcomeFor(threeBidders, 'meena')).toMatchObject({ next: false });
    expect(slotOutcomeFor(threeBidders, 'nikhil')).toMatchObject({ yours: true, next: false });
    // Passed on to Priya: Meena is next now; Nikhil, asked once, is not asked again.
    const passed = { ...toPriya, bids: [nikhil, priya, meena] };
    expect(slotOutcomeFor(passed, 'meena')).toMatchObject({ next: true });
    expect(slotOutcomeFor(passed, 'nikhil')).toMatchObject({ next: false, lapsed: true });
    // Bought: nobody is next.
    expect(slotOutcomeFor({ ...passed, sold: soldTo(priya) }, 'meena')).toMatchObject({
      next: false,
    });
  });

  it('says an offer ran out to the member whose it was, once it passed on or the slot went unsold', () => {
    expect(slotOutcomeFor(toPriya, 'nikhil')).toMatchObject({ yours: false, lapsed: true });
    expect(slotOutcomeFor(toPriya, 'priya')).toMatchObject({ yours: true, lapsed: false });
    const unsold = { ...toPriya, unsold: true };
    expect(slotOutcomeFor(unsold, 'priya')).toMatchObject({ status: 'unsold', lapsed: true });
  });

  it('is sold to the member who paid', () => {
    const sold = { ...toPriya, sold: soldTo(priya) };
    expect(slotOutcomeFor(sold, 'priya')).toEqual({
      closed: true,
      status: 'sold',
      yours: true,
      payBy: null,
      bidamt: null,
      lapsed: false,
      next: false,
    });
    expect(slotOutcomeFor(sold, 'nikhil')).toMatchObject({
      status: 'sold',
      yours: false,
      lapsed: true,
    });
  });
});
