import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@boli/engine/shared/messages';
import {
  aliasLengthHint,
  amountEcho,
  bidDetailsProblem,
  bidFieldsAtFault,
  isZeroAmount,
  SELECT_TYPE,
} from './bidDetails.ts';

const GOOD = { type: 'Open' as const, amount: '1500' };

describe('the fields a bid form marks invalid', () => {
  it('are the missing type and amount first, as the server checks them', () => {
    expect(bidFieldsAtFault({ type: SELECT_TYPE, amount: '' }, 'KTRX', 'asha_k')).toEqual([
      'type',
      'amount',
    ]);
    expect(bidFieldsAtFault({ ...GOOD, amount: '0' }, 'KTRX', 'asha_k')).toEqual(['amount']);
  });

  it('then the alias, when it breaks a rule', () => {
    expect(bidFieldsAtFault(GOOD, 'KT', 'asha_k')).toEqual(['alias']);
    expect(bidFieldsAtFault(GOOD, 'xsha', 'asha_k')).toEqual(['alias']);
    expect(bidFieldsAtFault(GOOD, 'KTRX', 'asha_k')).toEqual([]);
  });

  it('are all of them at once, missing details and a bad alias alike', () => {
    expect(bidFieldsAtFault({ type: SELECT_TYPE, amount: '5' }, 'KT', 'asha_k')).toEqual([
      'type',
      'alias',
    ]);
  });
});

describe('what a refused bid form says', () => {
  it('is the spec’s message alone for one problem, and every problem as sentences for more', () => {
    expect(bidDetailsProblem({ type: SELECT_TYPE, amount: '' }, 'KTRX', 'asha_k')).toBe(
      MESSAGES.enterAllBidDetails,
    );
    expect(bidDetailsProblem(GOOD, 'KT', 'asha_k')).toBe(MESSAGES.bidAliasTooShort);
    expect(bidDetailsProblem({ ...GOOD, amount: '' }, 'xsha', 'asha_k')).toBe(
      `${MESSAGES.enterAllBidDetails}. ${MESSAGES.bidAliasContainsUsername}`,
    );
    expect(bidDetailsProblem(GOOD, 'KTRX', 'asha_k')).toBeNull();
  });

  it('refuses an amount beyond what money can be before the bid is confirmed, as the server would', () => {
    const huge = { ...GOOD, amount: '99999999999999' };
    expect(bidDetailsProblem(huge, 'KTRX', 'asha_k')).toBe(MESSAGES.amountTooLarge);
    expect(bidFieldsAtFault(huge, 'KTRX', 'asha_k')).toEqual(['amount']);
    // 309 digits and more read as Infinity: too large all the same, not a bid of ∞.
    const endless = { ...GOOD, amount: '9'.repeat(400) };
    expect(bidDetailsProblem(endless, 'KTRX', 'asha_k')).toBe(MESSAGES.amountTooLarge);
    // The largest amount paise can hold is taken.
    expect(bidDetailsProblem({ ...GOOD, amount: '90071992547409' }, 'KTRX', 'asha_k')).toBeNull();
  });
});

describe('the amount said under the field', () => {
  it('writes what is typed as money is written, a lakh as a lakh', () => {
    expect(amountEcho('140000')).toBe('₹1,40,000');
    expect(amountEcho('1400000')).toBe('₹14,00,000');
    expect(amountEcho('2500.5')).toBe('₹2,500.50');
  });

  it('says nothing of what no bid can be', () => {
    for (const typed of ['', '0', '0.00', '1.', '99999999999999999999', '0.001']) {
      expect(amountEcho(typed), typed).toBeNull();
    }
  });
});

describe('an alias field holding the most it may', () => {
  it('says so, from the limit on, and says nothing before', () => {
    expect(aliasLengthHint('x'.repeat(14))).toBeUndefined();
    expect(aliasLengthHint('Zephyr Ventures')).toBe('15 / 15 characters: the most it may have.');
  });
});

describe('a bid of nothing', () => {
  it('is an amount typed as a number that comes to no paise', () => {
    for (const zero of ['0', '0.0', '0.00', '00']) expect(isZeroAmount(zero), zero).toBe(true);
    for (const other of ['', '0.01', '5', 'abc']) expect(isZeroAmount(other), other).toBe(false);
  });
});
