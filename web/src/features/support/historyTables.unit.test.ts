import { describe, expect, it } from 'vitest';
import type { RefusedBid, ReplayedBid } from './adHistory.ts';
import {
  bidsCsv,
  bidsCsvName,
  bidsFound,
  countLine,
  historyViewOf,
  pageOf,
  withAsOf,
  withBidder,
  withTablePage,
} from './historyTables.ts';

const bid = (version: number, username: string, bidAlias: string): ReplayedBid => ({
  version,
  bidId: `bid-${version}`,
  bidderId: `id-${username}`,
  username,
  bidAlias,
  amount: 1000 + version + 0.5,
  type: 'Open',
  phase: 'beforeFinalCall',
  placedAt: `2026-12-07T04:30:0${version}.000Z`,
  recordedAt: `2026-12-07T04:30:0${version}.100Z`,
});

const refused = (version: number, attemptedAt: string): RefusedBid => ({
  version,
  bidId: `refused-${version}`,
  bidderId: 'id-ravi',
  username: 'ravi',
  bidAlias: '=cmd',
  amount: null,
  amountSent: 'abc',
  type: 'Open',
  code: 'BID_DETAILS_MISSING',
  message: 'Please enter your bid, a bid alias and the bid type.',
  attemptedAt,
  recordedAt: attemptedAt,
  correlationId: null,
});

const bids = [bid(1, 'ravi', 'Mor🦚'), bid(2, 'sita', 'श्रीराम'), bid(3, 'ravi', 'Mor🦚')];

describe('one bidder’s bids, for a dispute', () => {
  it('finds them by username, alias or id, any case, each keeping its place among all', () => {
    expect(bidsFound(bids, 'RAVI').map(({ place }) => place)).toEqual([1, 3]);
    expect(bidsFound(bids, ' श्रीराम ').map(({ place }) => place)).toEqual([2]);
    expect(bidsFound(bids, 'mor🦚').map(({ place }) => place)).toEqual([1, 3]);
    expect(bidsFound(bids, 'id-sita').map(({ bid: found }) => found.bidId)).toEqual(['bid-2']);
    expect(bidsFound(bids, '')).toHaveLength(3);
    expect(bidsFound(bids, 'nobody')).toEqual([]);
  });

  it('says how many of all are shown', () => {
    expect(countLine('Bids', 2, 607)).toBe('Bids (2 of 607)');
    expect(countLine('Bids', 607, 607)).toBe('Bids (607)');
  });
});

describe('a table a page at a time', () => {
  const rows = Array.from({ length: 250 }, (_, index) => index + 1);

  it('shows the page asked for, the last there is for one beyond it', () => {
    expect(pageOf(rows, 1)).toMatchObject({ page: 1, totalPages: 3 });
    expect(pageOf(rows, 1).rows).toHaveLength(100);
    expect(pageOf(rows, 3).rows).toEqual(rows.slice(200));
    expect(pageOf(rows, 9).page).toBe(3);
    expect(pageOf([], 4)).toEqual({ rows: [], page: 1, totalPages: 1 });
  });
});

describe('the tables as the address keeps them', () => {
  it('reads the bidder and each table’s page, the first for anything else', () => {
    const view = historyViewOf(new URLSearchParams('bidder=ravi&bidsPage=3&eventsPage=x'));
    expect(view).toEqual({ bidder: 'ravi', pages: { bids: 3, refused: 1, events: 1 } });
  });

  it('keeps the rest of the address as a page, a bidder or an instant changes', () => {
    const params = new URLSearchParams('asOf=2026-12-07T04:30:00.000Z&bidsPage=2&eventsPage=4');
    expect(withTablePage(params, 'events', 1).toString()).toBe(
      'asOf=2026-12-07T04%3A30%3A00.000Z&bidsPage=2',
    );
    // Another bidder's bids start from their first page; the events stay where they were.
    expect(withBidder(params, 'ravi ').toString()).toBe(
      'asOf=2026-12-07T04%3A30%3A00.000Z&eventsPage=4&bidder=ravi+',
    );
    expect(withBidder(params, ' ').toString()).toBe(
      'asOf=2026-12-07T04%3A30%3A00.000Z&eventsPage=4',
    );
    expect(withBidder(new URLSearchParams('bidder=ravi'), '').toString()).toBe('');
    // Another instant: every table from its first page, the bidder kept.
    expect(withAsOf(new URLSearchParams('bidder=ravi&bidsPage=2'), undefined).toString()).toBe(
      'bidder=ravi',
    );
  });
});

describe('the bids shown, as a spreadsheet', () => {
  const lines = (csv: string) => csv.replace('\uFEFF', '').trimEnd().split('\r\n');

  it('lists bids taken and refused as they were recorded, in India time, to the paise', () => {
    const csv = bidsCsv(bidsFound(bids, 'ravi'), [refused(1, '2026-12-07T04:30:02.000Z')], null);
    expect(csv.startsWith('\uFEFFOutcome,#,Amount (₹),')).toBe(true);
    const [, first, second, third] = lines(csv);
    expect(first).toBe(
      'taken,1,1001.50,,Open,Before,Mor🦚,ravi,id-ravi,2026-12-07 10:00:01.000,2026-12-07 10:00:01.100,,,1,,bid-1',
    );
    // A refusal a member typed like a formula runs nothing.
    expect(second).toBe(
      'refused,,,abc,Open,,\'=cmd,ravi,id-ravi,2026-12-07 10:00:02.000,2026-12-07 10:00:02.000,BID_DETAILS_MISSING,"Please enter your bid, a bid alias and the bid type.",,1,refused-1',
    );
    expect(third?.startsWith('taken,3,1003.50,')).toBe(true);
  });

  it('leaves out refusals after the replayed instant', () => {
    const csv = bidsCsv([], [refused(1, '2026-12-07T04:31:00.000Z')], '2026-12-07T04:30:59.999Z');
    expect(lines(csv)).toHaveLength(1);
  });

  it('is named by the ad, the instant replayed and whether a bidder was asked for', () => {
    expect(bidsCsvName('ad-1', null, '')).toBe('boli-bids-ad-1.csv');
    expect(bidsCsvName('ad-1', '2026-12-07T04:31:48.000Z', 'ravi')).toBe(
      'boli-bids-ad-1-as-of-2026-12-07T10-01-48.000-matching.csv',
    );
  });
});
