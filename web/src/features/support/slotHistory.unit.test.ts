import { describe, expect, it } from 'vitest';
import {
  notOfferedBecause,
  offerStatusText,
  slotAskedProblem,
  slotOutcome,
  slotTitle,
  type SlotHistory,
} from './slotHistory.ts';

const open: SlotHistory = {
  type: 'sidePanels',
  slotdate: '2026-05-10',
  biddingEndsAt: '2026-05-08T18:30:00.000Z',
  closedAt: null,
  winnerBidId: null,
  bids: [],
  offers: [],
  sold: null,
  unsold: false,
  chain: { ok: true },
  events: [],
};
const offer = (bidId: string, username: string, purchaseStatus: 'ordered' | 'expired') => ({
  bidId,
  userId: `u-${username}`,
  username,
  amount: 250_000,
  offeredAt: '2026-05-08T18:30:00.000Z',
  payBy: '2026-05-09T06:30:00.000Z',
  purchaseId: `p-${bidId}`,
  purchaseStatus,
  invoiceNumber: null,
  invoiceUrl: null,
  creditNoteNumber: null,
  creditNoteUrl: null,
});
const closed = { ...open, closedAt: '2026-05-08T18:30:01.000Z', winnerBidId: 'b-1' };

describe('what the slot history says of a slot', () => {
  it('names it by its type and day', () => {
    expect(slotTitle(open)).toBe('Side panels, 10-05-2026');
  });

  it('says where it stands: open, offered, sold or unsold', () => {
    expect(slotOutcome(open)).toBe('Bidding is open until 2026-05-09 00:00:00 IST.');
    const offered = { ...closed, offers: [offer('b-1', 'asha', 'ordered')] };
    expect(slotOutcome(offered)).toBe('Offered to asha, to pay by 2026-05-09 12:00:00 IST.');
    expect(
      slotOutcome({
        ...offered,
        sold: {
          bidId: 'b-1',
          userId: 'u-asha',
          purchaseId: 'p-b-1',
          soldAt: '2026-05-09T04:30:00.000Z',
        },
      }),
    ).toBe('Sold to asha at 2026-05-09 10:00:00 IST.');
    expect(slotOutcome({ ...offered, unsold: true })).toBe('Unsold: no offer was paid in time.');
    expect(slotOutcome({ ...closed, winnerBidId: null, unsold: true })).toBe(
      'Bidding ended at 2026-05-09 00:00:00 IST with no bid: unsold.',
    );
  });

  it('says where each offer’s purchase stands, in the words of the member’s transactions', () => {
    expect(offerStatusText(offer('b-1', 'asha', 'expired'))).toBe('Lapsed: not paid by its time');
    expect(offerStatusText({ ...offer('b-1', 'asha', 'ordered'), purchaseStatus: null })).toBe(
      'Purchase being started',
    );
    expect(
      offerStatusText({ ...offer('b-1', 'asha', 'ordered'), purchaseStatus: 'refunded' }),
    ).toBe('Paid after its time ran out: refunded');
  });

  it('says why a bid ranked above an offered one was not offered: its member was, for more', () => {
    const offers = [offer('b-1', 'asha', 'expired'), offer('b-3', 'bala', 'ordered')];
    const bid = (bidId: string, userId: string) =>
      ({ bidId, userId, username: userId, company: '', amount: 1, biddate: '' }) as const;
    expect(notOfferedBecause(bid('b-2', 'u-asha'), offers)).toBe(
      'Not offered: its member was offered the slot for a higher bid',
    );
    expect(notOfferedBecause(bid('b-1', 'u-asha'), offers)).toBeNull();
    expect(notOfferedBecause(bid('b-4', 'u-chitra'), offers)).toBeNull();
  });

  it('says what is wrong with a type or date the address asks for', () => {
    expect(slotAskedProblem(null, null)).toBeNull();
    expect(slotAskedProblem('sidePanels', '2026-05-10')).toBeNull();
    expect(slotAskedProblem('bogus', '2026-05-10')).toBe(
      "There is no slot type 'bogus': choose Side panels or Auth pages.",
    );
    expect(slotAskedProblem('authPages', '2026-13-45')).toBe('Please provide a valid date');
  });
});
