import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@boli/engine/shared/messages';
import { SELECT_TYPE } from '../../../components/bidDetails.ts';
import { bidFormProblem, bidRequestBody } from './bidForm.ts';

const GOOD = { bidAlias: 'KTRX', type: 'Open' as const, amount: '1500' };

describe('submitting a bid', () => {
  it('needs a type and an amount: “Enter all bid details”', () => {
    expect(bidFormProblem({ ...GOOD, type: SELECT_TYPE }, 'asha_k')).toBe(
      MESSAGES.enterAllBidDetails,
    );
    expect(bidFormProblem({ ...GOOD, amount: '' }, 'asha_k')).toBe(MESSAGES.enterAllBidDetails);
    expect(bidFormProblem({ ...GOOD, amount: '0' }, 'asha_k')).toBe(MESSAGES.enterAllBidDetails);
  });

  it('checks the details before the alias, as the server does', () => {
    expect(bidFormProblem({ bidAlias: '', type: SELECT_TYPE, amount: '' }, 'asha_k')).toBe(
      MESSAGES.enterAllBidDetails,
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
