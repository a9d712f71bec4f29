import { describe, expect, it } from 'vitest';
import { slotBidPath, slotTypeOr } from './slotPaths.ts';

describe('the pages of a slot', () => {
  it('opens /adbid/<date> with the chosen type', () => {
    expect(slotBidPath('2026-05-11T00:00:00+05:30', 'sidePanels')).toBe(
      '/adbid/2026-05-11?type=sidePanels',
    );
  });

  it('takes the slot type from the query, else the first one', () => {
    expect(slotTypeOr('sidePanels')).toBe('sidePanels');
    expect(slotTypeOr('inStream')).toBe('authPages');
    expect(slotTypeOr(null)).toBe('authPages');
  });
});
