import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@boli/engine/shared/messages';
import { SELECT_TYPE } from '../../../components/bidDetails.ts';
import { shareBidBody, shareBidFormProblem, type ShareBidFormInput } from './shareBidForm.ts';

const input = (data: Partial<ShareBidFormInput> = {}): ShareBidFormInput => ({
  company: 'Mango Traders',
  type: 'Open',
  amount: '25000',
  ...data,
});

describe('the Post A Bid form', () => {
  it('asks for all bid details first, then says what is wrong with the company too', () => {
    for (const bad of [{ type: SELECT_TYPE }, { amount: '' }, { amount: '0' }] as const) {
      expect(shareBidFormProblem(input(bad), 'asha_rao')).toBe(MESSAGES.enterAllBidDetails);
      expect(shareBidFormProblem(input({ ...bad, company: 'x' }), 'asha_rao')).toBe(
        `${MESSAGES.enterAllBidDetails}. ${MESSAGES.bidAliasTooShort}.`,
      );
    }
  });

  it('keeps the alias rules for the company name', () => {
    expect(shareBidFormProblem(input({ company: ' ab ' }), 'asha_rao')).toBe(
      MESSAGES.bidAliasTooShort,
    );
    expect(shareBidFormProblem(input({ company: 'Sharao Co' }), 'asha_rao')).toBe(
      MESSAGES.bidAliasContainsUsername,
    );
    expect(shareBidFormProblem(input(), 'asha_rao')).toBeNull();
  });

  it('sends the trimmed company and the amount in rupees', () => {
    expect(
      shareBidBody(
        { company: ' Mango Traders ', type: 'Hidden', amount: '25000.50' },
        { userId: 'u-1', username: 'asha_rao' },
      ),
    ).toEqual({
      user_id: 'u-1',
      username: 'asha_rao',
      company: 'Mango Traders',
      bidamt: 25_000.5,
      type: 'Hidden',
    });
  });
});
