import { describe, expect, it } from 'vitest';
import { slotClosedText, slotTerms } from './slotTerms.ts';

describe('the terms a slot bid page states', () => {
  it('says bidding ends at 00:00 IST the day before, and how long the winner has to pay', () => {
    expect(slotTerms('2026-05-10')).toBe(
      'Bidding ends at 2026-05-09 00:00:00 IST. The highest bid wins: its bidder pays the bid ' +
        'plus GST within 12 hours, or the slot goes to the next bidder.',
    );
  });

  it('says when bidding ended, once it has', () => {
    expect(slotClosedText('2026-05-10')).toBe(
      'Bidding Closed: bidding ended at 2026-05-09 00:00:00 IST.',
    );
  });
});
