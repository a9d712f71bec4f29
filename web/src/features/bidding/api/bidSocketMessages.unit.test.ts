import { describe, expect, it } from 'vitest';
import { socketMessageEvent } from './bidSocketMessages.ts';

const BID = {
  _id: 'b7',
  bidAlias: 'KTRX',
  bidamt: null,
  type: 'Hidden',
  item_id: 'ad1',
  createdAt: '2024-05-01T10:00:00.000Z',
  isAfterFinalCall: false,
  position: '7.0',
};
const SUMMARY = { allBeforeBidsCount: 1, bidOpen: true, finalCallMade: false, position: '7.0' };

describe('the bid socket’s messages', () => {
  it('reads a new bid on this ad, its hidden amount kept hidden', () => {
    const event = socketMessageEvent('ad1', 'newbid:ad1', {
      bid: BID,
      summary: SUMMARY,
      position: '7.0',
    });
    expect(event).toMatchObject({
      type: 'bidPlaced',
      bid: { _id: 'b7', bidamt: null, type: 'Hidden', position: '7.0' },
      summary: { allBeforeBidsCount: 1 },
      position: '7.0',
    });
  });

  it('ignores messages about other ads and messages it cannot read', () => {
    expect(socketMessageEvent('ad1', 'newbid:ad2', { bid: BID, position: '7.0' })).toBeNull();
    expect(socketMessageEvent('ad1', 'newbid:ad1', { bid: { _id: 'b8' } })).toBeNull();
    expect(
      socketMessageEvent('ad1', 'getBidResponse', { item_id: 'ad2', summary: SUMMARY }),
    ).toBeNull();
    expect(socketMessageEvent('ad1', 'finalcall:ad1', { finalCallDateTime: 'soon' })).toBeNull();
    expect(socketMessageEvent('ad1', 'newbid:ad1', 'text')).toBeNull();
  });

  it('reads the answer to load with the bids missed since the last position', () => {
    expect(
      socketMessageEvent('ad1', 'getBidResponse', {
        item_id: 'ad1',
        summary: SUMMARY,
        position: '9.0',
        missed: [BID, { nonsense: true }],
      }),
    ).toMatchObject({ type: 'joined', position: '9.0', missed: [{ _id: 'b7' }] });
  });

  it('reads the final call, the close and the viewer count', () => {
    expect(
      socketMessageEvent('ad1', 'finalcall:ad1', {
        finalCallDateTime: '2024-05-01T10:00:05.000Z',
        position: '8.0',
      }),
    ).toEqual({
      type: 'finalCallMade',
      finalCallDateTime: '2024-05-01T10:00:05.000Z',
      position: '8.0',
    });
    expect(
      socketMessageEvent('ad1', 'closed:ad1', {
        closedAt: '2024-05-01T10:00:05.000Z',
        closeReason: 'finalCallExpired',
        position: '9.0',
      }),
    ).toEqual({
      type: 'biddingClosed',
      closedAt: '2024-05-01T10:00:05.000Z',
      closeReason: 'finalCallExpired',
      position: '9.0',
    });
    expect(socketMessageEvent('ad1', 'online', { item_id: 'ad1', count: 2 })).toEqual({
      type: 'online',
      count: 2,
    });
    expect(socketMessageEvent('ad1', 'online', { item_id: 'ad2', count: 2 })).toBeNull();
  });
});
