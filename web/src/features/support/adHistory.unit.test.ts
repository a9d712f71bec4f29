import { describe, expect, it } from 'vitest';
import {
  acrossDeadlineNote,
  replayInstantOf,
  actorNames,
  ownerBlocksLine,
  ownerOf,
  withdrawnThenLine,
  actorProfileId,
  chainLine,
  detailRows,
  editGist,
  eventGist,
  eventsAfterReplayLine,
  refusalCodeLine,
  refusalsChainLine,
  highestLabel,
  historyTime,
  feeBidNote,
  leadingLine,
  statusLine,
  pricesEditedBefore,
  priceEditedLine,
  replayLine,
  type AdHistory,
} from './adHistory.ts';

const replay = {
  asOf: '2026-03-02T10:00:00.000Z',
  eventsApplied: 6,
  status: 'closed' as const,
  deadline: '2026-03-02T10:00:00.000Z',
  closedReason: 'finalCallExpired' as const,
  ownerId: 'u-1',
  itemName: 'Royal Enfield',
  bids: [],
  highest: [],
};

describe('reading an ad history for support', () => {
  it('says how bidding stood and why it closed, the deadline in India time as the bids are', () => {
    expect(statusLine(replay)).toBe(
      'Bidding Closed · deadline 2026-03-02 15:30:00.000 IST · final call expired',
    );
    expect(statusLine({ ...replay, status: 'open', deadline: null })).toBe('Open for bids');
    // When the final call was made: the instant a bid's phase turns on.
    expect(statusLine({ ...replay, finalCallMadeAt: '2026-03-02T09:58:00.123Z' })).toBe(
      'Bidding Closed · final call made 2026-03-02 15:28:00.123 IST · deadline 2026-03-02 15:30:00.000 IST · final call expired',
    );
  });

  it('names the winning bid once closed, the leading one before, and a later bid of the same amount', () => {
    const bid = (n: number, bidAlias: string, amount: number, type: 'Open' | 'Hidden') => ({
      version: n + 5,
      bidId: `b${n}`,
      bidderId: `u-${bidAlias}`,
      username: `${bidAlias}_name`,
      bidAlias,
      amount,
      type,
      phase: 'beforeFinalCall' as const,
      placedAt: '2026-03-02T09:00:00.000Z',
      recordedAt: '2026-03-02T09:00:00.005Z',
    });
    const bids = [bid(1, 'pinkfalcon', 4650, 'Open'), bid(2, 'bluetiger', 4700, 'Hidden')];
    const closed = { ...replay, bids, leading: bids[1]! };
    expect(leadingLine(closed)).toBe(
      'Won by bluetiger (bluetiger_name): the Hidden bid of ₹4,700, #2.',
    );
    expect(leadingLine({ ...closed, status: 'open' })).toBe(
      'Leading: bluetiger (bluetiger_name), with the Hidden bid of ₹4,700, #2.',
    );
    const tied = [...bids, bid(3, 'greenowl', 4700, 'Open')];
    expect(leadingLine({ ...closed, bids: tied })).toBe(
      'Won by bluetiger (bluetiger_name): the Hidden bid of ₹4,700, #2. #3, greenowl (greenowl_name), bid the same amount later: the earlier bid ranks first.',
    );
    // A bid a paid fee placed says so: its time is the payment's, not the first press of Bid.
    expect(feeBidNote({ bidId: 'fee-4f1c' })).toBe(
      'Through a paid bid fee: placed when the payment was captured.',
    );
    expect(feeBidNote(bids[0]!)).toBeNull();
    // No bids, or an api from before it named the leading bid.
    expect(leadingLine({ ...replay, leading: null })).toBeNull();
    expect(leadingLine(replay)).toBeNull();
  });

  it('says how far a replay reaches into the events, none and one included', () => {
    expect(eventsAfterReplayLine(0, 9)).toBe(
      'None of these events had happened yet at that instant: all 9 are greyed.',
    );
    expect(eventsAfterReplayLine(0, 1)).toBe(
      'The event below had not happened yet at that instant: it is greyed.',
    );
    expect(eventsAfterReplayLine(1, 9)).toBe(
      'The replay covers the first event; the 8 greyed below came after it.',
    );
    expect(eventsAfterReplayLine(8, 9)).toBe(
      'The replay covers the first 8 events; the one greyed below came after it.',
    );
    expect(eventsAfterReplayLine(4, 6)).toBe(
      'The replay covers the first 4 events; the 2 greyed below came after it.',
    );
    // Every event replayed: nothing greyed, nothing to say.
    expect(eventsAfterReplayLine(9, 9)).toBeNull();
  });

  it("shows a refusal's code, saying what it means where the member's message hides it", () => {
    expect(refusalCodeLine('AD_WITHDRAWN')).toBe(
      'AD_WITHDRAWN: ad withdrawn, as its owner was blocked',
    );
    expect(refusalCodeLine('BIDDING_CLOSED')).toBe('BIDDING_CLOSED');
    expect(refusalCodeLine('toString')).toBe('toString');
  });

  it('quotes the chain verdict', () => {
    expect(chainLine({ chain: { ok: true }, events: [] })).toBe('Hash chain intact over 0 events.');
    expect(chainLine({ chain: { ok: true }, events: [{} as never] })).toBe(
      'Hash chain intact over 1 event.',
    );
    expect(
      chainLine({ chain: { ok: false, brokenAt: 3, reason: 'hash mismatch' }, events: [] }),
    ).toBe('Hash chain broken at version 3: hash mismatch');
  });

  it("quotes the refused bids' chain verdict only once there is something to quote", () => {
    const refused = { version: 0 } as AdHistory['refusals']['bids'][number];
    expect(refusalsChainLine({ chain: { ok: true }, bids: [] })).toBeNull();
    expect(refusalsChainLine({ chain: { ok: true }, bids: [refused, refused] })).toBe(
      'Hash chain intact over 2 refused bids.',
    );
    expect(refusalsChainLine({ chain: { ok: true }, bids: [refused] })).toBe(
      'Hash chain intact over 1 refused bid.',
    );
    expect(
      refusalsChainLine({ chain: { ok: false, brokenAt: 1, reason: 'hash mismatch' }, bids: [] }),
    ).toBe("Refused bids' hash chain broken at version 1: hash mismatch");
  });

  it('sums up a bid in one line, Hidden amount included', () => {
    expect(
      eventGist({
        type: 'BidPlaced',
        data: {
          bidAlias: 'kite',
          username: 'meena',
          type: 'Hidden',
          amount: 500,
          phase: 'beforeFinalCall',
        },
      }),
    ).toBe('kite (meena) bid Hidden ₹5 (500 paise), before the final call');
  });

  it('gives a posted ad’s price as the bids’ amounts are given, paise named', () => {
    expect(
      eventGist({
        type: 'AdPosted',
        data: { itemName: 'Kabaddi mat', postedByUsername: 'meena', price: 280_000 },
      }),
    ).toBe('Kabaddi mat by meena, asking ₹2,800 (280000 paise)');
    expect(
      eventGist({ type: 'AdPosted', data: { itemName: 'Kabaddi mat', postedByUsername: 'meena' } }),
    ).toBe('Kabaddi mat by meena');
  });

  it('gives a final call’s deadline and a close’s moment in India time', () => {
    expect(
      eventGist({ type: 'FinalCallMade', data: { deadline: '2026-11-27T05:58:08.665Z' } }),
    ).toBe('deadline 2026-11-27 11:28:08.665 IST');
    expect(
      eventGist({
        type: 'BiddingClosed',
        data: { reason: 'finalCallExpired', closedAt: '2026-11-27T05:58:08.665Z' },
      }),
    ).toBe('final call expired at 2026-11-27 11:28:08.665 IST');
    expect(
      eventGist({
        type: 'BiddingClosed',
        data: { reason: 'closedEarlyByOwner', closedAt: '2026-11-27T05:58:08.665Z' },
      }),
    ).toBe('closed early by the owner at 2026-11-27 11:28:08.665 IST');
  });

  it('keeps a code it has no words for as stored', () => {
    expect(
      eventGist({
        type: 'BidPlaced',
        data: { bidAlias: 'kite', username: 'meena', type: 'Open', amount: 500, phase: 'later' },
      }),
    ).toBe('kite (meena) bid Open ₹5 (500 paise), later');
  });

  it('says which highest a bid is', () => {
    expect(highestLabel({ type: 'Open', phase: 'beforeFinalCall' })).toBe('highest Open');
    expect(highestLabel({ type: 'Hidden', phase: 'afterFinalCall' })).toBe(
      'highest Hidden after final call',
    );
  });

  it('names the poster and each bidder by the username the stream records', () => {
    const names = actorNames([
      { type: 'AdPosted', data: { postedBy: 'u-1', postedByUsername: 'meena' } },
      { type: 'BidPlaced', data: { bidderId: 'u-2', username: 'arjun' } },
      { type: 'BiddingClosed', data: { reason: 'finalCallExpired' } },
    ]);
    expect([...names]).toEqual([
      ['u-1', 'meena'],
      ['u-2', 'arjun'],
    ]);
  });

  it('says when a block of its owner withdrew the ad, and what an instant inside one was', () => {
    const lifted = {
      from: '2026-05-01T04:30:00.000Z',
      to: '2026-05-02T04:30:00.000Z',
      reason: 'Fake listings',
    };
    const holding = { from: '2026-05-09T04:30:00.000Z', to: null, reason: null };
    expect(ownerBlocksLine([lifted, holding])).toBe(
      'Withdrawn while its owner was blocked: from 2026-05-01 10:00:00.000 IST to ' +
        '2026-05-02 10:00:00.000 IST, “Fake listings”; from 2026-05-09 10:00:00.000 IST on (it holds).',
    );
    expect(ownerBlocksLine([])).toBeNull();
    expect(ownerBlocksLine(undefined)).toBeNull();
    expect(withdrawnThenLine(lifted)).toBe(
      'Withdrawn then: its owner was blocked from 2026-05-01 10:00:00.000 IST to ' +
        '2026-05-02 10:00:00.000 IST, “Fake listings”. Members could not see the ad, and their ' +
        'bids were refused (AD_WITHDRAWN).',
    );
  });

  it('names the owner from the AdPosted event; none from a log without one', () => {
    const events = [
      { type: 'BidPlaced', data: { bidderId: 'u-2', username: 'arjun' } },
      { type: 'AdPosted', data: { postedBy: 'u-1', postedByUsername: 'meena' } },
    ];
    expect(ownerOf(events)).toEqual({ userId: 'u-1', username: 'meena' });
    expect(ownerOf(events.slice(0, 1))).toBeNull();
  });

  it('links a member or staff actor to their profile, never the system', () => {
    expect(actorProfileId({ userId: 'u-1', role: 'member' })).toBe('u-1');
    expect(actorProfileId({ userId: 'u-9', role: 'support' })).toBe('u-9');
    expect(actorProfileId({ userId: 'system', role: 'system' })).toBeUndefined();
  });

  it('writes instants in India time to the millisecond, whatever the browser is set to', () => {
    expect(historyTime('2026-11-26T15:15:45.180Z')).toBe('2026-11-26 20:45:45.180 IST');
    expect(historyTime('2026-11-26T18:30:00.000Z')).toBe('2026-11-27 00:00:00.000 IST');
  });
});

describe('an edited ad in the history', () => {
  const edit = {
    version: 9,
    changes: [
      { field: 'price' as const, from: 450_000, to: 425_000 },
      { field: 'yearOfManufacture' as const, from: 2019, to: 2018 },
      {
        field: 'description' as const,
        from: 'One owner, serviced at the Maruti workshop every year.',
        to: '',
      },
    ],
  };

  it('says what each edit changed, from what to what, long values cut short', () => {
    expect(editGist(edit.changes)).toBe(
      'Price ₹4,50,000 → ₹4,25,000; Year of manufacture 2019 → 2018; ' +
        'Description One owner, serviced at the Maruti works… → —',
    );
    expect(eventGist({ type: 'AdEdited', data: { changes: { price: 42_500_000 } } }, edit)).toBe(
      editGist(edit.changes),
    );
    // Without the api's edits (an older api), the event is offered by name, as before.
    expect(eventGist({ type: 'AdEdited', data: {} })).toBe('');
  });

  it('cuts a Hindi description with emoji between whole letters, never through an emoji', () => {
    const hindi = 'नया हैंडल लगाया गया, धार तेज़ की गई।। 😀🗡️ अब कीमत और कम की है, जल्दी करें।';
    const gist = editGist([{ field: 'description', from: 'पुराना', to: hindi }]);
    expect(gist).toBe('Description पुराना → नया हैंडल लगाया गया, धार तेज़ की गई।। 😀🗡️ अब कीमत औ…');
    expect(gist).not.toContain('\uFFFD');
  });

  it("lists the details the bids were placed on, by the form's names, unset ones left out", () => {
    expect(
      detailRows({
        itemName: 'Swift VXi',
        price: 450_000.5,
        displayPhone: false,
        make: null,
        mileage: 120_000,
        yearOfManufacture: 2019,
      }),
    ).toEqual([
      { field: 'itemName', label: 'Item name', value: 'Swift VXi' },
      { field: 'price', label: 'Price', value: '₹4,50,000.50' },
      { field: 'displayPhone', label: 'Phone shown on the ad', value: 'no' },
      // Grouped as the ad's page groups it; the year is no amount.
      { field: 'mileage', label: 'Mileage (km)', value: '1,20,000' },
      { field: 'yearOfManufacture', label: 'Year of manufacture', value: '2019' },
    ]);
  });
});

describe('the replay line and the bids placed after a price edit', () => {
  it('says an instant replayed, or that the latest is now, after the last event', () => {
    expect(replayLine(replay, true)).toBe(
      'As of 2026-03-02 15:30:00.000 IST (6 events): Bidding Closed · deadline 2026-03-02 15:30:00.000 IST · final call expired',
    );
    expect(replayLine({ ...replay, status: 'open', deadline: null }, false)).toBe(
      'Now, its last event at 2026-03-02 15:30:00.000 IST (6 events): Open for bids',
    );
  });

  it('marks the first bid after each change of price, with the price before and after', () => {
    const bids = [2, 3, 6, 7, 9].map((version) => ({ bidId: `b${version}`, version }));
    const priceEdit = (version: number, from: number, to: number) => ({
      version,
      changes: [{ field: 'price' as const, from, to }],
    });
    const edits = [
      priceEdit(4, 27_000, 5_000),
      priceEdit(5, 5_000, 4_200),
      // An edit of another detail is no price edit.
      { version: 8, changes: [{ field: 'yearOfManufacture' as const, from: 2019, to: 2018 }] },
    ];
    const marked = pricesEditedBefore(bids, edits);
    expect([...marked.keys()]).toEqual(['b6']);
    expect(priceEditedLine(marked.get('b6')!)).toBe('Price edited before it: ₹27,000 → ₹4,200');
    // Edited before the first bid: that bid is marked.
    expect([...pricesEditedBefore(bids, [priceEdit(1, 900, 800)]).keys()]).toEqual(['b2']);
    expect(pricesEditedBefore(bids, []).size).toBe(0);
  });
});

describe('the instant a history link replays', () => {
  it('reads a time without a zone as India’s, as the picker is typed in', () => {
    expect(replayInstantOf('2026-12-06T09:37:55')).toBe('2026-12-06T04:07:55.000Z');
    expect(replayInstantOf('2026-12-06T09:37:55.250')).toBe('2026-12-06T04:07:55.250Z');
  });

  it('keeps a time with its zone, and no time for anything else', () => {
    expect(replayInstantOf('2026-12-06T04:07:55.000Z')).toBe('2026-12-06T04:07:55.000Z');
    expect(replayInstantOf('2026-12-06T09:37:55+05:30')).toBe('2026-12-06T04:07:55.000Z');
    expect(replayInstantOf('garbage')).toBeUndefined();
    expect(replayInstantOf('2026-02-30T10:00:00Z')).toBeUndefined();
    expect(replayInstantOf(null)).toBeUndefined();
    expect(replayInstantOf('')).toBeUndefined();
  });
});

describe('a bid that raced the deadline', () => {
  const deadline = '2026-12-07T04:35:00.000Z';

  it('is said to have been judged when placed, when placed before it and recorded after', () => {
    const note = acrossDeadlineNote(
      { placedAt: '2026-12-07T04:34:59.958Z', recordedAt: '2026-12-07T04:35:00.239Z' },
      deadline,
    );
    expect(note).toMatch(
      /^Placed before the deadline \(.*10:05:00\.000.*\), recorded after it: a bid is judged when placed\.$/,
    );
  });

  it('says nothing of a bid placed and recorded on one side of it, or of an ad without one', () => {
    const recorded = {
      placedAt: '2026-12-07T04:34:59.000Z',
      recordedAt: '2026-12-07T04:34:59.900Z',
    };
    expect(acrossDeadlineNote(recorded, deadline)).toBeNull();
    expect(acrossDeadlineNote({ placedAt: deadline, recordedAt: deadline }, deadline)).toBeNull();
    expect(acrossDeadlineNote(recorded, null)).toBeNull();
  });
});
