import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@boli/engine/shared/messages';
import { SELECT_TYPE } from '../../../components/bidDetails.ts';
import {
  bidFormProblem,
  bidRequestBody,
  bidWarning,
  lowBidWarning,
  outlierBidWarning,
} from './bidForm.ts';

const GOOD = { bidAlias: 'KTRX', type: 'Open' as const, amount: '1500' };

describe('submitting a bid', () => {
  it('needs a type and an amount: “Enter all bid details”', () => {
    expect(bidFormProblem({ ...GOOD, type: SELECT_TYPE }, 'asha_k')).toBe(
      MESSAGES.enterAllBidDetails,
    );
    expect(bidFormProblem({ ...GOOD, amount: '' }, 'asha_k')).toBe(MESSAGES.enterAllBidDetails);
    expect(bidFormProblem({ ...GOOD, amount: '0' }, 'asha_k')).toBe(MESSAGES.enterAllBidDetails);
  });

  it('says the details before the alias, in the order the server checks them', () => {
    expect(bidFormProblem({ bidAlias: '', type: SELECT_TYPE, amount: '' }, 'asha_k')).toBe(
      `${MESSAGES.enterAllBidDetails}. ${MESSAGES.bidAliasTooShort}.`,
    );
  });

  it('needs an alias of at least 3 characters', () => {
    expect(bidFormProblem({ ...GOOD, bidAlias: 'KT' }, 'asha_k')).toBe(MESSAGES.bidAliasTooShort);
    expect(bidFormProblem({ ...GOOD, bidAlias: '  KT  ' }, 'asha_k')).toBe(
      MESSAGES.bidAliasTooShort,
    );
  });

  it('refuses an alias with 3 consecutive characters of the login name, case-sensitively', () => {
    expect(bidFormProblem({ ...GOOD, bidAlias: 'xsha' }, 'asha_k')).toBe(
      MESSAGES.bidAliasContainsUsername,
    );
    expect(bidFormProblem({ ...GOOD, bidAlias: 'XSHA' }, 'asha_k')).toBeNull();
  });

  it('sends the bid in rupees with the bidder and the ad', () => {
    expect(
      bidRequestBody(
        { ...GOOD, bidAlias: ' KTRX ', amount: '1500.50', type: 'Hidden' },
        { userId: 'u1', username: 'asha_k' },
        'ad1',
      ),
    ).toEqual({
      postedBy: 'u1',
      postedByUsername: 'asha_k',
      bidAlias: 'KTRX',
      bidamt: 1500.5,
      type: 'Hidden',
      item_id: 'ad1',
    });
  });
});

describe('a bid far above the asking price', () => {
  const yardstick = { askingPrice: 10_000, currencyCode: 'INR', highestSeen: null };

  it('is asked about from ten times the asking price on', () => {
    expect(outlierBidWarning(99_999, yardstick)).toBeNull();
    expect(outlierBidWarning(1_00_000, yardstick)).toBe(
      '₹1,00,000 is 10 times the asking price of ₹10,000. A bid cannot be taken back.',
    );
    expect(outlierBidWarning(9_99_99_99_999.99, yardstick)).toBe(
      '₹9,99,99,99,999.99 is more than 9,99,999 times the asking price of ₹10,000. A bid cannot be taken back.',
    );
  });

  it('writes the amounts in the ad’s currency', () => {
    const dollars = { askingPrice: 40, currencyCode: 'USD', highestSeen: 45 };
    expect(outlierBidWarning(1_250_000, dollars)).toMatch(
      /^(US)?\$12,50,000 is more than 27,777 times the highest bid you can see of (US)?\$45\./,
    );
    expect(lowBidWarning(45, dollars)).toMatch(
      /^(US)?\$45 is the same as the highest bid you can see, (US)?\$45:/,
    );
  });

  it('says a part over the whole times as "more than", not as fewer times', () => {
    const slot = { ...yardstick, askingPrice: 2_00_000, askingPriceName: 'the base amount' };
    expect(outlierBidWarning(25_00_000, slot)).toBe(
      '₹25,00,000 is more than 12 times the base amount of ₹2,00,000. A bid cannot be taken back.',
    );
  });

  it('names what the price is, a slot’s base amount say', () => {
    const slot = { ...yardstick, askingPrice: 2_00_000, askingPriceName: 'the base amount' };
    expect(outlierBidWarning(20_00_000, slot)).toBe(
      '₹20,00,000 is 10 times the base amount of ₹2,00,000. A bid cannot be taken back.',
    );
  });

  it('is measured against the highest bid the bidder sees, when that is higher', () => {
    const bidUp = { ...yardstick, highestSeen: 50_000 };
    expect(outlierBidWarning(1_00_000, bidUp)).toBeNull();
    expect(outlierBidWarning(5_00_000, bidUp)).toBe(
      '₹5,00,000 is 10 times the highest bid you can see of ₹50,000. A bid cannot be taken back.',
    );
  });

  it('is not judged against a price in another currency, nor a price of nothing', () => {
    expect(outlierBidWarning(1_00_000, { ...yardstick, currencyCode: 'USD' })).toBeNull();
    expect(outlierBidWarning(1_00_000, { ...yardstick, askingPrice: 0 })).toBeNull();
    expect(
      outlierBidWarning(1_00_000, { ...yardstick, currencyCode: 'usd', highestSeen: 5_000 }),
    ).toContain('20 times the highest bid you can see');
  });
});

describe('a bid that does not lead', () => {
  const yardstick = { askingPrice: 1_00_000, currencyCode: 'INR', highestSeen: 1_60_000 };

  it('is asked about when it is not above the highest bid the bidder sees', () => {
    expect(lowBidWarning(1_55_000, yardstick)).toBe(
      '₹1,55,000 is below the highest bid you can see, ₹1,60,000: it will not lead. A bid cannot be taken back.',
    );
    expect(lowBidWarning(1_60_000, yardstick)).toBe(
      '₹1,60,000 is the same as the highest bid you can see, ₹1,60,000: it will not lead, as the earlier bid ranks first. A bid cannot be taken back.',
    );
    expect(lowBidWarning(1_60_001, yardstick)).toBeNull();
    expect(lowBidWarning(50_000, { ...yardstick, highestSeen: null })).toBeNull();
    // The bidder's own lead: the same amount is a bid pressed again after its answer was lost…
    expect(lowBidWarning(1_60_000, { ...yardstick, highestSeenIsMine: true })).toBeNull();
    // …a lower one does not raise it.
    expect(lowBidWarning(5, { ...yardstick, highestSeenIsMine: true })).toBe(
      '₹5 is below your own highest bid, ₹1,60,000: it does not raise your bid. A bid cannot be taken back.',
    );
  });

  it('is asked about once: a bid far above comes first, and one above the highest not at all', () => {
    expect(bidWarning(16_00_000, yardstick)).toContain('10 times the highest bid you can see');
    expect(bidWarning(1_60_000, yardstick)).toContain('will not lead');
    expect(bidWarning(1_70_000, yardstick)).toBeNull();
  });
});
