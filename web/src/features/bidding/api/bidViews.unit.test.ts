import { describe, expect, it } from 'vitest';
import { parseBid, parseSummary } from './bidViews.ts';

describe('reading a bid', () => {
  it('keeps the bidder’s identity only when the api sent it', () => {
    const stranger = parseBid({
      _id: 'b1',
      bidAlias: 'KTRX',
      bidamt: 1500,
      type: 'Open',
      item_id: 'ad1',
      createdAt: '2024-05-01T10:00:00.000Z',
      isAfterFinalCall: false,
      position: '3.0',
    });
    expect(stranger).toEqual({
      _id: 'b1',
      bidAlias: 'KTRX',
      bidamt: 1500,
      type: 'Open',
      item_id: 'ad1',
      createdAt: '2024-05-01T10:00:00.000Z',
      isAfterFinalCall: false,
      position: '3.0',
    });
    const owners = parseBid({
      ...stranger,
      postedBy: 'u9',
      postedByUsername: 'ravi_k',
      phone: '9876543210',
      profilepic: '/media/p.jpg',
    });
    expect(owners).toMatchObject({
      postedBy: 'u9',
      postedByUsername: 'ravi_k',
      phone: '9876543210',
    });
  });

  it('reads a hidden amount as null, and refuses what is not a bid', () => {
    expect(parseBid({ _id: 'b1', type: 'Hidden', bidamt: null })?.bidamt).toBeNull();
    expect(parseBid({ _id: 'b1', type: 'Sealed' })).toBeNull();
    expect(parseBid(null)).toBeNull();
  });
});

describe('reading a summary', () => {
  it('reads the highest bids written as objects or flat', () => {
    const summary = parseSummary({
      overallHighestBidAmount: 2500,
      overallHighestBidUsername: 'ravi_k',
      overallHighestBidUserId: 'u9',
      highestOpenBidBeforeFinalCall: {
        amount: 2500,
        username: null,
        userId: null,
        bidAlias: 'KTRX',
      },
      highestHiddenBidBeforeFinalCall: null,
      noOfBuyers: 2,
      allBeforeBidsCount: 3,
      bidOpen: true,
      finalCallMade: true,
      finalCallDateTime: '2024-05-01T10:00:05.000Z',
      closedAt: null,
      position: '12.0',
    });
    expect(summary).toMatchObject({
      overallHighest: { amount: 2500, username: 'ravi_k', userId: 'u9' },
      highestOpenBidBeforeFinalCall: { amount: 2500, bidAlias: 'KTRX' },
      highestHiddenBidBeforeFinalCall: null,
      noOfBuyers: 2,
      allBeforeBidsCount: 3,
      allAfterBidsCount: 0,
      finalCallMade: true,
      finalCallDateTime: '2024-05-01T10:00:05.000Z',
      position: '12.0',
    });
  });

  it('reads a closed ad', () => {
    expect(
      parseSummary({
        bidOpen: false,
        closedAt: '2024-05-01T10:00:05.000Z',
        closeReason: 'finalCallExpired',
      }),
    ).toMatchObject({ bidOpen: false, closeReason: 'finalCallExpired' });
  });
});
