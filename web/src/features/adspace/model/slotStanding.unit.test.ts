import { describe, expect, it } from 'vitest';
import type { SlotBid } from '../api/adspaceApi.ts';
import { slotStanding } from './slotStanding.ts';

const bid = (bidamt: number, mine = false): SlotBid => ({
  _id: `b${bidamt}`,
  mine,
  bidamt,
  type: 'sidePanels',
  biddate: '2026-11-29T10:00:00.000Z',
  slotdate: '2026-12-08',
  company: mine ? 'Kite Tea' : 'Other Co',
});

describe('a slot bidder’s standing', () => {
  it('says the viewer leads when the first (highest) bid is theirs', () => {
    expect(slotStanding([bid(250_000, true), bid(210_000)])).toEqual({
      leads: true,
      text: 'Your bid of ₹2,50,000 is the highest now.',
    });
  });

  it('says what leads, against the viewer’s best bid, when theirs does not', () => {
    expect(slotStanding([bid(300_000), bid(260_000, true), bid(220_000, true)])).toEqual({
      leads: false,
      text: 'Your bid of ₹2,60,000 is not the highest: ₹3,00,000 leads. Bid more than that to lead.',
    });
  });

  it('says where the viewer’s bid stood once bidding has ended, with no advice to bid more', () => {
    expect(slotStanding([bid(250_000, true), bid(210_000)], false)).toEqual({
      leads: true,
      text: 'Your bid of ₹2,50,000 was the highest when bidding ended.',
    });
    expect(slotStanding([bid(300_000), bid(260_000, true)], false)).toEqual({
      leads: false,
      text: 'Your bid of ₹2,60,000 was not the highest when bidding ended: ₹3,00,000 was.',
    });
  });

  it('says nothing to one who has not bid, or on a slot without bids', () => {
    expect(slotStanding([bid(300_000)])).toBeNull();
    expect(slotStanding([])).toBeNull();
  });
});
