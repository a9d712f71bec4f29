import { describe, expect, it } from 'vitest';
import type { BidView } from '../api/bidViews.ts';
import { liveNewsText } from './liveNews.ts';

const bid = (over: Partial<BidView> = {}): BidView => ({
  _id: 'b1',
  bidAlias: 'tigerlily',
  bidamt: 34_100,
  type: 'Open',
  item_id: 'ad-1',
  createdAt: '2026-11-30T05:00:00.000Z',
  isAfterFinalCall: false,
  position: null,
  ...over,
});

describe('liveNewsText', () => {
  it("says another member's bid with its amount and alias", () => {
    expect(liveNewsText({ seq: 1, bid: bid() }, 'viewer')).toBe(
      'New Open bid of ₹34,100 by tigerlily.',
    );
  });
  it('says the amount in the ad’s currency', () => {
    expect(liveNewsText({ seq: 1, bid: bid({ bidamt: 45 }) }, 'viewer', false, 'USD')).toMatch(
      /^New Open bid of (US)?\$45 by tigerlily\.$/,
    );
  });
  it('says a Hidden bid without an amount the viewer may not see', () => {
    expect(liveNewsText({ seq: 1, bid: bid({ type: 'Hidden', bidamt: null }) }, undefined)).toBe(
      'New Hidden bid by tigerlily.',
    );
  });
  it("says nothing of the viewer's own bid, nor before any news", () => {
    expect(liveNewsText({ seq: 1, bid: bid({ postedBy: 'me' }) }, 'me')).toBeNull();
    expect(liveNewsText(null, 'me')).toBeNull();
  });
  it('says the final call, and when bidding closes', () => {
    expect(liveNewsText({ seq: 2, finalCallDateTime: '2026-12-01T04:30:00.000Z' }, 'me')).toBe(
      'The owner made a final call. Bidding closes at 2026-12-01 10:00:00 IST.',
    );
    // …to everyone but the owner, whose own 'Done!' said it.
    expect(
      liveNewsText({ seq: 2, finalCallDateTime: '2026-12-01T04:30:00.000Z' }, 'owner', true),
    ).toBeNull();
  });
  it('says bidding closed, and why, but not to the owner who closed it', () => {
    const expired = { seq: 3, closeReason: 'finalCallExpired' as const };
    const early = { seq: 3, closeReason: 'closedEarlyByOwner' as const };
    for (const owner of [false, true])
      expect(liveNewsText(expired, 'me', owner)).toBe(
        "Bidding Closed: the final call's deadline has passed.",
      );
    expect(liveNewsText(early, 'me')).toBe('Bidding Closed: the owner closed bidding.');
    expect(liveNewsText(early, 'owner', true)).toBeNull();
    // Heard from a refused bid, before how it closed is known.
    expect(liveNewsText({ seq: 3, closeReason: null }, 'me')).toBe('Bidding Closed.');
  });
});
