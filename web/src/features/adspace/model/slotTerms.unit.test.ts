import { describe, expect, it } from 'vitest';
import type { SlotOutcomeView } from '../api/adspaceApi.ts';
import { slotClosedText, slotOutcomeText, slotTerms } from './slotTerms.ts';

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

describe('where a closed slot stands, as its bid page says it', () => {
  const outcome = (over: Partial<SlotOutcomeView>): SlotOutcomeView => ({
    closed: true,
    status: 'offered',
    yours: false,
    payBy: null,
    bidamt: null,
    lapsed: false,
    ...over,
  });

  it('asks the member it is offered to to pay, and leads to Transactions', () => {
    expect(slotOutcomeText(outcome({ yours: true, payBy: '2026-05-09T06:30:00.000Z' }))).toEqual({
      text: 'The slot is yours if you pay your bid plus GST by 2026-05-09 12:00:00 IST.',
      link: { to: '/transactions', label: 'Pay now in Transactions' },
    });
  });

  it('sends the buyer to add the creative, and tells the others where it went', () => {
    expect(slotOutcomeText(outcome({ status: 'sold', yours: true }))?.link?.to).toBe('/buyAdSpace');
    expect(slotOutcomeText(outcome({ status: 'sold', lapsed: true }))?.text).toBe(
      'Your time to pay for it ran out. The slot was bought by another bidder.',
    );
    expect(slotOutcomeText(outcome({ status: 'unsold' }))?.text).toBe('Nobody bought this slot.');
    expect(slotOutcomeText(outcome({ status: 'open', closed: false }))).toBeNull();
  });
});
