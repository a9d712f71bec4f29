import { describe, expect, it } from 'vitest';
import { bidFieldsAtFault, SELECT_TYPE } from './bidDetails.ts';

const GOOD = { type: 'Open' as const, amount: '1500' };

describe('the fields a bid form marks invalid', () => {
  it('are the missing type and amount first, as the server checks them', () => {
    expect(bidFieldsAtFault({ type: SELECT_TYPE, amount: '' }, 'ab', 'asha_k')).toEqual([
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
});
