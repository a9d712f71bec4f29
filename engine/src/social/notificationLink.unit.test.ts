import { describe, expect, it } from 'vitest';
import { notificationLink } from './notificationLink.ts';

const note = (kind: string, fields: { adId?: string; actorId?: string } = {}) => ({
  kind,
  adId: fields.adId ?? null,
  actorId: fields.actorId ?? null,
});

describe('where a notification takes the member', () => {
  it('opens the ad a bid, final call or close is about at its bids, an edit at its top', () => {
    const kinds = ['firstBid', 'outbid', 'finalCallMade', 'biddingClosed', 'finalCallEnded'];
    for (const kind of kinds)
      expect(notificationLink(note(kind, { adId: 'ad 1', actorId: 'u-2' }))).toBe(
        '/ads/ad%201#bidding',
      );
    // A bid its fee placed.
    expect(notificationLink(note('purchaseFulfilled', { adId: 'ad 1' }))).toBe(
      '/ads/ad%201#bidding',
    );
    expect(notificationLink(note('adEdited', { adId: 'ad 1' }))).toBe('/ads/ad%201');
  });

  it('opens the profile of the member who asked for or answered about a number', () => {
    for (const kind of ['mobileRequest', 'mobileRequestApproved', 'mobileRequestRevoked'])
      expect(notificationLink(note(kind, { actorId: 'u-2' }))).toBe('/user_profile/u-2');
  });

  it('opens the member’s own reviews, and their transactions for a purchase', () => {
    expect(notificationLink(note('reviewReceived', { actorId: 'u-2' }))).toBe(
      '/profile-me#reviews',
    );
    expect(notificationLink(note('purchaseFulfilled'))).toBe('/transactions');
    expect(notificationLink(note('refundRequested'))).toBe('/transactions');
  });

  it('opens Buy AdSpace for an ad space or slot paid for, where its creative is added', () => {
    for (const purchaseOutcome of ['adSlotSold', 'adSpaceActivated'])
      expect(notificationLink({ ...note('purchaseFulfilled'), purchaseOutcome })).toBe(
        '/buyAdSpace',
      );
    expect(
      notificationLink({ ...note('purchaseFulfilled'), purchaseOutcome: 'subscriptionActivated' }),
    ).toBe('/transactions');
  });

  it('opens the bid page of a slot the member was outbid on', () => {
    expect(
      notificationLink({
        ...note('slotOutbid'),
        slot: { type: 'sidePanels', slotdate: '2027-01-27' },
      }),
    ).toBe('/adbid/2027-01-27?type=sidePanels');
  });

  it('opens nothing for a kind it does not know', () => {
    expect(notificationLink(note('somethingNew'))).toBeNull();
  });
});
