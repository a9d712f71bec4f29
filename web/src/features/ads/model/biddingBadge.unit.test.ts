import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@boli/engine/shared/messages';
import { formatDateTime } from '../../../lib/format.ts';
import { biddingBadge, myBidsLine, myBidsOutbidLine, ownerBidsLine } from './biddingBadge.ts';

describe('an ad card’s bidding badge', () => {
  const deadline = '2026-11-25T12:30:00.000Z';
  const BEFORE = Date.parse('2026-11-25T12:00:00.000Z');

  it('says nothing while bids are open without a final call', () => {
    expect(
      biddingBadge({ bidOpen: true, finalCallMade: false, finalCallDateTime: null }, BEFORE),
    ).toBeNull();
  });

  it('gives the final call’s deadline, then Bidding Closed', () => {
    expect(
      biddingBadge({ bidOpen: true, finalCallMade: true, finalCallDateTime: deadline }, BEFORE),
    ).toEqual({ label: `Final call till ${formatDateTime(deadline)}`, closed: false });
    expect(
      biddingBadge({ bidOpen: false, finalCallMade: true, finalCallDateTime: deadline }, BEFORE),
    ).toEqual({ label: MESSAGES.biddingClosed, closed: true });
  });

  it('says Bidding Closed once the deadline passes, though the list was loaded before', () => {
    const open = { bidOpen: true, finalCallMade: true, finalCallDateTime: deadline };
    expect(biddingBadge(open, Date.parse(deadline) - 1)?.closed).toBe(false);
    expect(biddingBadge(open, Date.parse(deadline))).toEqual({
      label: MESSAGES.biddingClosed,
      closed: true,
    });
  });
});

describe('what an owner’s My Ads card says of its bids', () => {
  const highest = { amount: 680000, username: 'deepak_joshi' };
  it('names the winning bid once closed, or that none came', () => {
    expect(ownerBidsLine({ currencycode: 'INR', ownerBids: { bids: 4, highest } }, true)).toBe(
      'Won at ₹6,80,000 by deepak_joshi',
    );
    expect(
      ownerBidsLine({ currencycode: 'INR', ownerBids: { bids: 0, highest: null } }, true),
    ).toBe('Closed with no bids');
  });

  it('counts the bids and names the highest while bidding is open', () => {
    expect(ownerBidsLine({ currencycode: 'INR', ownerBids: { bids: 4, highest } }, false)).toBe(
      '4 bids, the highest ₹6,80,000 by deepak_joshi',
    );
    expect(ownerBidsLine({ currencycode: '', ownerBids: { bids: 0, highest: null } }, false)).toBe(
      'No bids yet',
    );
  });

  it('says nothing on other lists', () => {
    expect(ownerBidsLine({ currencycode: 'INR' }, true)).toBeNull();
  });
});

describe('what a My Bids card says of the member’s own bids', () => {
  const mine = (result: 'highest' | 'notHighest' | null) => ({
    currencycode: 'INR',
    myBids: {
      bids: 2,
      highest: { amount: 180000, type: 'Hidden' },
      lastBidAt: '2026-11-25T12:00:00.000Z',
      result,
    },
  });

  it('gives their highest bid and how many while bidding is open', () => {
    expect(myBidsLine(mine(null), false)).toBe(
      'Your highest bid ₹1,80,000 (Hidden) · you bid 2 times',
    );
  });

  it('says whether theirs won once closed', () => {
    expect(myBidsLine(mine('highest'), true)).toBe('Your bid won: ₹1,80,000 (Hidden)');
    expect(myBidsLine(mine('notHighest'), true)).toBe(
      'Another bid won. Your highest: ₹1,80,000 (Hidden)',
    );
    // Closed since the list was loaded: the result comes with the next load.
    expect(myBidsLine(mine(null), true)).toBe(
      'Your highest bid ₹1,80,000 (Hidden) · you bid 2 times',
    );
  });

  it('says nothing on other lists', () => {
    expect(myBidsLine({ currencycode: 'INR' }, false)).toBeNull();
  });
});

describe('what a My Bids card says when an Open bid is above the member’s', () => {
  const mine = (outbidBy: number | null) => ({
    currencycode: 'INR',
    myBids: {
      bids: 1,
      highest: { amount: 1800, type: 'Open' },
      lastBidAt: '2026-11-25T12:00:00.000Z',
      result: null,
      outbidBy,
    },
  });

  it('names the Open bid while bidding is open', () => {
    expect(myBidsOutbidLine(mine(2500.5), false)).toBe(
      'Outbid: an Open bid of ₹2,500.50 is above yours',
    );
  });

  it('says nothing when none is, once closed, or on other lists', () => {
    expect(myBidsOutbidLine(mine(null), false)).toBeNull();
    expect(myBidsOutbidLine(mine(2500), true)).toBeNull();
    expect(myBidsOutbidLine({ currencycode: 'INR' }, false)).toBeNull();
  });
});
