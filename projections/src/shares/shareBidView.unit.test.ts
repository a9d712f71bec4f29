import { describe, expect, it } from 'vitest';
import { shareBidView, type ShareBidRecord } from './shareBidView.ts';

const bid = (data: Partial<ShareBidRecord> = {}): ShareBidRecord => ({
  bidId: 'sb-1',
  company: 'Mango Traders',
  userId: 'u-asha',
  username: 'asha_rao',
  amount: 2_500_050,
  type: 'Open',
  placedAt: '2026-03-01T10:00:00.000Z',
  ...data,
});

describe('a share bid as a viewer sees it', () => {
  it('shows the bidder everything of their own bid, Hidden or Open, in rupees', () => {
    expect(shareBidView(bid({ type: 'Hidden' }), 'u-asha')).toEqual({
      _id: 'sb-1',
      company: 'Mango Traders',
      user_id: 'u-asha',
      username: 'asha_rao',
      bidamt: 25_000.5,
      type: 'Hidden',
      createdAt: '2026-03-01T10:00:00.000Z',
      isOwnBid: true,
    });
  });

  it('shows anyone else the company name and an Open bid amount, never who bid', () => {
    const seen = shareBidView(bid(), 'u-bala');
    expect(seen).toEqual({
      _id: 'sb-1',
      company: 'Mango Traders',
      bidamt: 25_000.5,
      type: 'Open',
      createdAt: '2026-03-01T10:00:00.000Z',
      isOwnBid: false,
    });
    expect(shareBidView(bid(), null)).toEqual(seen);
  });

  it("hides another member's Hidden bid amount", () => {
    expect(shareBidView(bid({ type: 'Hidden' }), 'u-bala').bidamt).toBeNull();
    expect(shareBidView(bid({ type: 'Hidden' }), null).bidamt).toBeNull();
  });
});
