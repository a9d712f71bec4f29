import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@boli/engine/shared/messages';
import { formatDateTime } from '../../../lib/format.ts';
import { biddingBadge } from './biddingBadge.ts';

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
