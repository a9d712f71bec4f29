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
  const DAY = '2026-05-10';
  const outcome = (over: Partial<SlotOutcomeView>): SlotOutcomeView => ({
    closed: true,
    status: 'offered',
    yours: false,
    payBy: null,
    bidamt: null,
    lapsed: false,
    next: false,
    ...over,
  });

  it('asks the member it is offered to to pay, and leads to Transactions', () => {
    const offered = outcome({ yours: true, payBy: '2026-05-09T06:30:00.000Z' });
    expect(slotOutcomeText(offered, '2026-05-10')).toEqual({
      text: 'The slot is yours if you pay your bid plus GST by 2026-05-09 12:00:00 IST.',
      link: { to: '/transactions', label: 'Pay now in Transactions' },
    });
  });

  it('says so when the time to pay runs into the slot’s day: paid then, it runs part of it', () => {
    // Offered at 00:00 IST on the day itself (the bidders above let theirs lapse): due at noon.
    const late = outcome({ yours: true, payBy: '2026-05-10T06:30:00.000Z', bidamt: 250_000 });
    expect(slotOutcomeText(late, '2026-05-10')?.text).toBe(
      'The slot is yours if you pay your bid of ₹2,50,000 plus GST by 2026-05-10 12:00:00 IST. ' +
        "The slot's day begins at 2026-05-10 00:00:00 IST: paid after that, your ad shows for " +
        'the rest of the day.',
    );
    // Due exactly as the day begins: the whole day is still theirs.
    const dueAtStart = outcome({ yours: true, payBy: '2026-05-09T18:30:00.000Z' });
    expect(slotOutcomeText(dueAtStart, '2026-05-10')?.text).not.toContain('rest of the day');
  });

  it('tells the bidder next in line when the slot comes to them, and the others nothing more', () => {
    const next = outcome({ next: true, payBy: '2026-05-09T06:30:00.000Z' });
    expect(slotOutcomeText(next, DAY)).toEqual({
      text:
        'The slot has been offered to another bidder. If they do not pay for it by ' +
        '2026-05-09 12:00:00 IST, it is offered to you next, for your bid.',
    });
    expect(slotOutcomeText(outcome({ payBy: '2026-05-09T06:30:00.000Z' }), DAY)?.text).toBe(
      'The slot has been offered to another bidder.',
    );
  });

  it('sends the buyer to add the creative, and tells the others where it went', () => {
    expect(slotOutcomeText(outcome({ status: 'sold', yours: true }), DAY)?.link?.to).toBe(
      '/buyAdSpace',
    );
    expect(slotOutcomeText(outcome({ status: 'sold', lapsed: true }), DAY)?.text).toBe(
      'Your time to pay for it ran out. The slot was bought by another bidder.',
    );
    expect(slotOutcomeText(outcome({ status: 'unsold' }), DAY)?.text).toBe(
      'Nobody bought this slot.',
    );
    expect(slotOutcomeText(outcome({ status: 'open', closed: false }), DAY)).toBeNull();
  });
});
