import { describe, expect, it } from 'vitest';
import { aSummary } from '../api/bidViews.fixtures.ts';
import type { HighestBidView } from '../api/bidViews.ts';
import { saysHiddenAmountsLeftOut, summaryRows } from './summaryRows.ts';

const highest = (amount: number, bidAlias: string, username: string | null = null) =>
  ({ amount, bidAlias, username, userId: username ? `u-${username}` : null }) as HighestBidView;

const summary = aSummary;

const labelled = (rows: ReturnType<typeof summaryRows>) =>
  Object.fromEntries(rows.map((row) => [row.label, row.value]));

describe('the bid summary as each reader may read it', () => {
  it("tells a bidder whose own Hidden bid leads what they see that it is theirs, not the ad's highest", () => {
    // tigerlily's Hidden ₹24,481 exists; this bidder may see only their own ₹1,234.50.
    const mine = highest(1234.5, 'lotus22', 'leela');
    const rows = summaryRows(
      summary({
        overallHighest: mine,
        highestHiddenBidBeforeFinalCall: mine,
        highestOpenBidBeforeFinalCall: highest(900, 'oakleaf'),
        allBeforeBidsCount: 3,
        noOfBuyers: 3,
        loginUserBeforeBidsCount: 1,
      }),
      { isOwner: false, isMember: true, viewerId: 'u-leela' },
    );
    // Their own bid says so, as their rows in the list do.
    expect(labelled(rows)).toEqual({
      'Highest bid you can see': '₹1,234.50 by lotus22 (you)',
      'Highest open bid before final call': '₹900 by oakleaf',
      'Your highest hidden bid before final call': '₹1,234.50 by lotus22 (you)',
      Buyers: '3',
      'Bids before final call': '3',
      'Bids after final call': '0',
      'Your bids': '1',
    });
  });

  it('gives the owner every highest amount with the bidder’s username', () => {
    const rows = summaryRows(
      summary({
        overallHighest: highest(24_481, 'tigerlily', 'tara'),
        highestHiddenBidBeforeFinalCall: highest(24_481, 'tigerlily', 'tara'),
        allBeforeBidsCount: 2,
      }),
      { isOwner: true, isMember: true },
    );
    expect(labelled(rows)).toMatchObject({
      'Highest bid': '₹24,481 by tara',
      'Highest hidden bid before final call': '₹24,481 by tara',
    });
    expect(rows.map((row) => row.label)).not.toContain('Your bids');
  });

  it('writes the amounts in the ad’s currency, as its notices do', () => {
    const rows = summaryRows(summary({ overallHighest: highest(1_250_000, 'tigerlily', 'tara') }), {
      isOwner: true,
      isMember: true,
      currencyCode: 'USD',
    });
    expect(labelled(rows)['Highest bid']).toMatch(/^(US)?\$12,50,000 by tara$/);
  });

  it('says Hidden amounts are left out to everyone but the owner, once there are bids', () => {
    const withBids = summary({ allBeforeBidsCount: 1 });
    expect(saysHiddenAmountsLeftOut(withBids, { isOwner: false, isMember: false })).toBe(true);
    expect(saysHiddenAmountsLeftOut(withBids, { isOwner: true, isMember: true })).toBe(false);
    expect(saysHiddenAmountsLeftOut(summary(), { isOwner: false, isMember: true })).toBe(false);
    expect(labelled(summaryRows(summary(), { isOwner: false, isMember: false }))).toMatchObject({
      'Highest bid you can see': '—',
    });
  });
});
