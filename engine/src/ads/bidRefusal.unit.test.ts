import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../eventStore/eventStore.ts';
import { AD_ID, MEENA, at, placeBid } from './ad.fixtures.ts';
import { bidRefusedEvent, refusedBidsOf } from './bidRefusal.ts';

const LATE = { code: 'BIDDING_CLOSED', message: 'Bidding Closed' };

describe('a refused bid, kept for support', () => {
  it('records the bid as sent, the time it was judged at and what the member was told', () => {
    const command = placeBid({ amount: 99_050, type: 'Hidden' }, at(90), MEENA);
    expect(bidRefusedEvent(AD_ID, command, LATE)).toMatchObject({
      type: 'BidRefused',
      data: {
        adId: AD_ID,
        bidId: command.data.bidId,
        bidderId: MEENA.userId,
        username: MEENA.username,
        bidAlias: MEENA.bidAlias,
        amount: 99_050,
        type: 'Hidden',
        code: 'BIDDING_CLOSED',
        message: 'Bidding Closed',
        attemptedAt: at(90),
      },
      metadata: { now: at(90) },
    });
  });

  it('gives a retried bid the same record id, and another bid another', () => {
    const first = bidRefusedEvent(AD_ID, placeBid({}, at(90), MEENA), LATE);
    const retried = bidRefusedEvent(AD_ID, placeBid({}, at(91), MEENA), LATE);
    const other = bidRefusedEvent(AD_ID, placeBid({ bidId: 'b-other' }, at(90), MEENA), LATE);
    expect(retried?.metadata.eventId).toBe(first?.metadata.eventId);
    expect(other?.metadata.eventId).not.toBe(first?.metadata.eventId);
  });

  it('keeps nothing for an ad that does not exist', () => {
    const refusal = { code: 'AD_NOT_FOUND', message: 'Ad not found' };
    expect(bidRefusedEvent(AD_ID, placeBid(), refusal)).toBeUndefined();
  });

  it("lists the stream's refused bids with their version and when they were recorded", () => {
    const refused = bidRefusedEvent(AD_ID, placeBid({}, at(90), MEENA), LATE)!;
    const recorded = {
      ...refused,
      streamId: `adBidRefusals-${AD_ID}`,
      streamVersion: 0,
      recordedAt: new Date(at(90)),
    } as unknown as RecordedEvent;
    expect(refusedBidsOf([recorded])).toEqual([
      {
        ...refused.data,
        version: 0,
        recordedAt: at(90),
        correlationId: null,
      },
    ]);
  });
});
