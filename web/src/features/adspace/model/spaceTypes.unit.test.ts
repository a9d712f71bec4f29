import { describe, expect, it } from 'vitest';
import { buyingCycleLabel, cycleLabel } from './spaceTypes.ts';

describe('cycle labels', () => {
  it('tells the buyer that daily is sold as the quarterly value', () => {
    expect(buyingCycleLabel('daily')).toBe('Daily (sold as Quarterly: its price and run)');
    expect(buyingCycleLabel('monthly')).toBe('Monthly');
  });

  it('names a held space’s own cycle as it is (a won slot is a day)', () => {
    expect(cycleLabel('daily')).toBe('Daily');
    expect(cycleLabel('halfyearly')).toBe('Half-yearly');
  });
});
