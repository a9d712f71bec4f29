import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../shared/messages.ts';
import { DeciderSpecification } from '../shared/testing/deciderSpecification.ts';
import type { PlaceShareBid } from './shareBid.commands.ts';
import { shareBidsDecider } from './shareBid.decider.ts';
import { shareBidsStream, type ShareBidPlaced } from './shareBid.events.ts';

const given = DeciderSpecification.for(shareBidsDecider);

const T0 = '2026-03-01T10:00:00.000Z';
const LATER = '2026-03-01T11:30:00.000Z';
const ASHA = { userId: 'u-asha', username: 'asha_rao' };
const BALA = { userId: 'u-bala', username: 'bala_k' };

const placeShareBid = (data: Partial<PlaceShareBid['data']> = {}, now = T0): PlaceShareBid => ({
  type: 'PlaceShareBid',
  data: {
    bidId: 'sb-1',
    ...ASHA,
    company: 'Mango Traders',
    amount: 2_500_000,
    type: 'Open',
    feePaid: true,
    ...data,
  },
  metadata: { eventId: `evt-${now}`, now },
});

const shareBidPlaced = (data: Partial<ShareBidPlaced['data']> = {}): ShareBidPlaced => ({
  type: 'ShareBidPlaced',
  data: {
    bidId: 'sb-1',
    company: 'Mango Traders',
    ...ASHA,
    amount: 2_500_000,
    type: 'Open',
    placedAt: T0,
    ...data,
  },
});

describe('posting a share bid', () => {
  it('records the bid with its company name trimmed, amount in paise and the command time', () => {
    given([])
      .when(placeShareBid({ company: '  Mango Traders ' }))
      .then(shareBidPlaced());
  });

  it('takes Hidden bids as well as Open ones', () => {
    given([])
      .when(placeShareBid({ type: 'Hidden' }))
      .then(shareBidPlaced({ type: 'Hidden' }));
  });

  it('lets the same member bid again under their company name', () => {
    given(shareBidPlaced())
      .when(placeShareBid({ bidId: 'sb-2', amount: 3_000_000, company: 'MANGO traders' }, LATER))
      .then(
        shareBidPlaced({
          bidId: 'sb-2',
          amount: 3_000_000,
          company: 'MANGO traders',
          placedAt: LATER,
        }),
      );
  });

  it('posts a retried bid (the same bid id) only once', () => {
    given(shareBidPlaced()).when(placeShareBid()).thenNothingHappened();
  });

  it('keeps a company name for the member who first bid under it', () => {
    given(shareBidPlaced())
      .when(placeShareBid({ bidId: 'sb-2', ...BALA }))
      .thenThrows('COMPANY_NAME_TAKEN', { message: MESSAGES.companyNameTaken });
  });

  it('files company names that differ only in case, spaces and punctuation in one stream', () => {
    expect(shareBidsStream(' Mango Traders')).toBe(shareBidsStream('mango traders '));
    // Look-alikes: doubled or no-break spaces, a full stop, a hyphen.
    for (const alike of ['Mango  Traders', 'Mango\u00a0Traders', 'Mango Traders.', 'mango-traders'])
      expect(shareBidsStream(alike)).toBe(shareBidsStream('Mango Traders'));
    expect(shareBidsStream('Mango Traders')).not.toBe(shareBidsStream('Mango Trader'));
    expect(shareBidsStream('Mango Traders')).not.toBe(shareBidsStream('MangoTraders'));
  });

  it('keeps the name with each run of spaces one space', () => {
    given([])
      .when(placeShareBid({ company: ' Mango\u00a0 Traders ' }))
      .then(shareBidPlaced({ company: 'Mango Traders' }));
  });
});

describe('before the buy-share bid fee is paid', () => {
  it('refuses the bid, asking for the fee', () => {
    given([])
      .when(placeShareBid({ feePaid: false }))
      .thenThrows('SHARE_FEE_NOT_PAID', { message: MESSAGES.shareFeeRequired });
  });

  it('judges the bid itself first, so nobody pays for a bid that would be refused', () => {
    given([])
      .when(placeShareBid({ feePaid: false, amount: null }))
      .thenThrows('BID_DETAILS_MISSING');
    given(shareBidPlaced())
      .when(placeShareBid({ feePaid: false, bidId: 'sb-2', ...BALA }))
      .thenThrows('COMPANY_NAME_TAKEN');
  });
});

describe('the bid details', () => {
  it.each([
    ['no type', { type: null }],
    ["the form's placeholder type", { type: 'Select Type' }],
    ['no amount', { amount: null }],
    ['a zero amount', { amount: 0 }],
    ['a negative amount', { amount: -100 }],
  ])('refuses %s with the bid form message', (_, data) => {
    given([])
      .when(placeShareBid(data))
      .thenThrows('BID_DETAILS_MISSING', { message: MESSAGES.enterAllBidDetails });
  });

  it('refuses an amount finer than a paisa', () => {
    given([])
      .when(placeShareBid({ amount: 10.5 }))
      .thenThrows('INVALID_BID_AMOUNT');
  });
});

describe('the company name keeps the item-bid alias rules', () => {
  it('needs at least 3 characters', () => {
    given([])
      .when(placeShareBid({ company: ' MT ' }))
      .thenThrows('BID_ALIAS_TOO_SHORT', { message: MESSAGES.bidAliasTooShort });
    given([])
      .when(placeShareBid({ company: 'MTR' }))
      .then(shareBidPlaced({ company: 'MTR' }));
  });

  it('may not contain 3 consecutive characters of the login username, case-sensitively', () => {
    given([])
      .when(placeShareBid({ company: 'Sharao Exports' }))
      .thenThrows('ALIAS_TOO_CLOSE_TO_USERNAME', { message: MESSAGES.bidAliasContainsUsername });
    given([])
      .when(placeShareBid({ company: 'ShaRAO Exports' }))
      .then(shareBidPlaced({ company: 'ShaRAO Exports' }));
  });
});

describe('the command time', () => {
  it('refuses a command whose time is not an instant', () => {
    given([]).when(placeShareBid({}, 'yesterday')).thenThrows('COMMAND_TIME_INVALID');
  });
});
