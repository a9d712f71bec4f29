import { describe, expect, it } from 'vitest';
import { acceptsSlotAmount, slotBidRefusal } from './slotBidInput.ts';

describe('a slot bid as typed', () => {
  it('needs a type and an amount', () => {
    expect(slotBidRefusal('', '250000')).toEqual({ msg: 'Please enter all details' });
    expect(slotBidRefusal('sidePanels', ' ')).toEqual({ msg: 'Please enter all details' });
  });

  it('must be more than the 2,00,000 rupee base amount', () => {
    const belowBase = {
      msg: 'Please Enter amount more than base amount.',
      action: 'Ad Bid Amount has to be higher than Base Amount',
    };
    expect(slotBidRefusal('authPages', '200000')).toEqual(belowBase);
    expect(slotBidRefusal('authPages', '150000')).toEqual(belowBase);
    expect(slotBidRefusal('authPages', '200000.01')).toBeNull();
    expect(slotBidRefusal('sidePanels', '250000')).toBeNull();
  });

  it('takes digits with at most two decimals in the amount field', () => {
    expect(['', '250000', '250000.', '250000.5', '250000.55'].map(acceptsSlotAmount)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['250000.555', '2,50,000', '-5', '1e6'].map(acceptsSlotAmount)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});
