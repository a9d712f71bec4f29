import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format.ts';
import {
  bidControls,
  biddingPhase,
  biddingWhen,
  closeResultOf,
  notPlacedText,
} from './biddingPhase.ts';

const NOW = Date.parse('2024-05-01T10:00:00.000Z');
const OPEN = {
  bidOpen: true,
  finalCallMade: false,
  finalCallDateTime: null,
  closedAt: null,
  isOwner: false,
  allBeforeBidsCount: 0,
};
const FINAL_CALL = { ...OPEN, finalCallMade: true, finalCallDateTime: '2024-05-01T10:00:05.000Z' };
const OWNER = { userId: 'owner-1', ownerId: 'owner-1' };
const BIDDER = { userId: 'bidder-1', ownerId: 'owner-1' };
const GUEST = { ownerId: 'owner-1' };

describe('where bidding stands', () => {
  it('is open until a final call is made', () => {
    expect(biddingPhase(OPEN, NOW)).toBe('open');
  });

  it('is in the final call until its deadline, and closed from the deadline on', () => {
    expect(biddingPhase(FINAL_CALL, NOW)).toBe('finalCall');
    expect(biddingPhase(FINAL_CALL, NOW + 4_999)).toBe('finalCall');
    expect(biddingPhase(FINAL_CALL, NOW + 5_000)).toBe('closed');
  });

  it('is closed once the owner closed it or the server says so', () => {
    expect(biddingPhase({ ...OPEN, bidOpen: false }, NOW)).toBe('closed');
    expect(biddingPhase({ ...FINAL_CALL, closedAt: '2024-05-01T09:59:00.000Z' }, NOW)).toBe(
      'closed',
    );
  });
});

describe('what the owner sees', () => {
  it('Final Call and Close Bid while open; Final Call disabled without bids before it', () => {
    const none = bidControls(OPEN, OWNER, NOW);
    expect(none).toMatchObject({
      isOwner: true,
      showBidForm: false,
      showFinalCall: true,
      finalCallEnabled: false,
      showCloseBid: true,
      showCountdown: false,
    });
    expect(bidControls({ ...OPEN, allBeforeBidsCount: 1 }, OWNER, NOW).finalCallEnabled).toBe(true);
  });

  it('no Final Call once made, but Close Bid and the countdown until the deadline', () => {
    expect(bidControls({ ...FINAL_CALL, allBeforeBidsCount: 3 }, OWNER, NOW)).toMatchObject({
      showFinalCall: false,
      finalCallEnabled: false,
      showCloseBid: true,
      showCountdown: true,
    });
  });

  it('no controls once bidding is closed', () => {
    expect(bidControls(FINAL_CALL, OWNER, NOW + 60_000)).toMatchObject({
      phase: 'closed',
      showFinalCall: false,
      showCloseBid: false,
      showCountdown: false,
    });
  });

  it('is recognised by the server’s isOwner even before the session knows the user', () => {
    expect(bidControls({ ...OPEN, isOwner: true }, GUEST, NOW).isOwner).toBe(true);
  });
});

describe('what others see', () => {
  it('the bid form (members and guests) while bids are taken, never the owner’s controls', () => {
    for (const viewer of [BIDDER, GUEST]) {
      expect(bidControls(OPEN, viewer, NOW)).toMatchObject({
        isOwner: false,
        showBidForm: true,
        showFinalCall: false,
        showCloseBid: false,
      });
      expect(bidControls(FINAL_CALL, viewer, NOW)).toMatchObject({
        showBidForm: true,
        showCountdown: true,
      });
    }
  });

  it('no bid form after the deadline', () => {
    expect(bidControls(FINAL_CALL, BIDDER, NOW + 5_000).showBidForm).toBe(false);
  });
});

describe('when, under the countdown or Bidding Closed', () => {
  const deadline = '2026-11-29T20:00:00.000Z';
  const closedAt = '2026-11-27T09:15:00.000Z';
  const none = { finalCallDateTime: null, closedAt: null, closeReason: null };

  it('gives the deadline while the final call runs', () => {
    expect(biddingWhen({ ...none, finalCallDateTime: deadline }, 'finalCall')).toBe(
      `Bidding closes on ${formatDateTime(deadline)}`,
    );
  });

  it('says how and when bidding closed', () => {
    expect(biddingWhen({ ...none, closedAt, closeReason: 'closedEarlyByOwner' }, 'closed')).toBe(
      `Closed early by the owner on ${formatDateTime(closedAt)}`,
    );
    expect(
      biddingWhen(
        { finalCallDateTime: deadline, closedAt: deadline, closeReason: 'finalCallExpired' },
        'closed',
      ),
    ).toBe(`The final call ended on ${formatDateTime(deadline)}`);
    // On the viewer's clock, before the server's close arrives.
    expect(biddingWhen({ ...none, finalCallDateTime: deadline }, 'closed')).toBe(
      `The final call ended on ${formatDateTime(deadline)}`,
    );
  });

  it('says nothing while bidding is open', () => {
    expect(biddingWhen(none, 'open')).toBeNull();
  });
});

describe('what the close means for each viewer', () => {
  const highest = { amount: 4700, username: 'rahul_verma', userId: 'u-1', bidAlias: 'bluetiger' };
  const bidder = { isOwner: false, ownerId: 'u-owner' };

  it('tells the winner the amount, what comes next, and where to reach the seller', () => {
    expect(closeResultOf({ bidResult: 'highest', overallHighest: highest }, bidder, 'INR')).toEqual(
      {
        line: 'Yours is the highest bid, ₹4,700. The seller sees your name and phone number with it, to arrange the sale; to call them yourself, ask for their number (Show) on their profile.',
        link: { to: '/user_profile/u-owner', label: 'Seller’s profile' },
      },
    );
  });

  it('tells another bidder theirs did not win, without an amount', () => {
    expect(
      closeResultOf({ bidResult: 'notHighest', overallHighest: highest }, bidder, 'INR'),
    ).toEqual({ line: 'Yours is not the highest bid.', link: null });
    // The highest they could see was their own: a Hidden bid above it won, and they are told so.
    expect(
      closeResultOf(
        { bidResult: 'notHighest', overallHighest: highest },
        { ...bidder, userId: 'u-1' },
        'INR',
      ),
    ).toEqual({
      line: 'Yours is not the highest bid: a Hidden bid of the same or a higher amount won.',
      link: null,
    });
  });

  it('says nothing to a member who did not bid, or a guest', () => {
    expect(closeResultOf({ bidResult: null, overallHighest: highest }, bidder, 'INR')).toBeNull();
  });

  it('tells the owner the winning bid and its bidder, with their profile, or that nobody bid', () => {
    const owner = { isOwner: true, ownerId: 'u-owner' };
    expect(closeResultOf({ bidResult: null, overallHighest: highest }, owner, 'INR')).toEqual({
      line: 'The winning bid: ₹4,700 by rahul_verma. Their phone number is beside their bids below.',
      link: { to: '/user_profile/u-1', label: 'rahul_verma’s profile' },
    });
    expect(closeResultOf({ bidResult: null, overallHighest: null }, owner, 'INR')).toEqual({
      line: 'Nobody bid on this ad.',
      link: null,
    });
  });
});

describe('a bid that bidding closed on as it was sent', () => {
  it('says it was not placed, with its type and amount', () => {
    expect(notPlacedText({ type: 'Hidden', bidamt: 25_000 })).toBe(
      'Your Hidden bid of ₹25,000 was not placed: bidding closed before it arrived.',
    );
  });
});
