import { describe, expect, it } from 'vitest';
import { purchaseCreated } from '../billing/billing.fixtures.ts';
import {
  ARJUN,
  MEENA,
  OWNER,
  adPosted,
  at,
  bidPlaced,
  biddingClosed,
  finalCallMade,
} from '@boli/engine/ads/ad.fixtures';
import type { AdDetails, AdEvent } from '@boli/engine/ads/ad.events';
import {
  answersRequest,
  notificationsForAdEvent,
  notificationsForBillingEvent,
  notificationsForSlotEvent,
  notificationsForSocialEvent,
  type AdTracking,
  type NotificationDraft,
} from './notifications.evolve.ts';
import {
  editedDetails,
  formatAmount,
  istDateTime,
  notificationMessage,
} from './notifications.messages.ts';

/* Ravi sells his Royal Enfield; Meena, Arjun and Kavya bid on it. */

const KAVYA = { userId: 'u-kavya', username: 'kavya_r', bidAlias: 'sunbird' } as const;

/** Folds the ad's events; answers every note produced, in order. */
function notesFor(events: AdEvent[]): {
  tracking: AdTracking | undefined;
  notes: NotificationDraft[];
} {
  let tracking: AdTracking | undefined;
  const notes: NotificationDraft[] = [];
  for (const event of events) {
    const after = notificationsForAdEvent(tracking, event);
    tracking = after.tracking;
    notes.push(...after.notes);
  }
  return { tracking, notes };
}

const bid = (
  bidder: typeof MEENA | typeof ARJUN | typeof KAVYA,
  amount: number,
  type: 'Open' | 'Hidden' = 'Open',
) => bidPlaced({ bidId: `${bidder.userId}-${amount}`, amount, type }, bidder);

const told = (notes: NotificationDraft[], kind: string) =>
  notes.filter((note) => note.kind === kind).map((note) => note.userId);

const outbids = (notes: NotificationDraft[]) => notes.filter((note) => note.kind === 'outbid');

describe('outbid notifications', () => {
  it('tell an earlier bidder when a higher Open bid lands, naming its amount', () => {
    const { notes } = notesFor([adPosted(), bid(MEENA, 13_000_000), bid(ARJUN, 14_000_000)]);
    expect(outbids(notes)).toEqual([
      {
        userId: MEENA.userId,
        kind: 'outbid',
        actorId: null,
        requestId: null,
        adId: 'ad-1',
        params: { itemName: 'Royal Enfield Classic 350', currencycode: 'INR', amount: 14_000_000 },
      },
    ]);
  });

  it('never tell anyone of a Hidden bid, however high', () => {
    const { notes } = notesFor([
      adPosted(),
      bid(MEENA, 13_000_000),
      bid(ARJUN, 99_000_000, 'Hidden'),
    ]);
    expect(outbids(notes)).toEqual([]);
  });

  it('do not tell a bidder whose Hidden bid still beats the new Open one', () => {
    const { notes } = notesFor([
      adPosted(),
      bid(MEENA, 15_000_000, 'Hidden'),
      bid(ARJUN, 14_000_000),
    ]);
    expect(outbids(notes)).toEqual([]);
  });

  it('tell each bidder once, not again for every later bid above them', () => {
    const { notes } = notesFor([
      adPosted(),
      bid(MEENA, 13_000_000),
      bid(ARJUN, 14_000_000),
      bid(KAVYA, 15_000_000),
    ]);
    expect(told(notes, 'outbid')).toEqual([MEENA.userId, ARJUN.userId]);
  });

  it('tell a bidder again after they bid back to the top and are beaten again', () => {
    const { notes } = notesFor([
      adPosted(),
      bid(MEENA, 13_000_000),
      bid(ARJUN, 14_000_000),
      bid(MEENA, 15_000_000),
      bid(ARJUN, 16_000_000),
    ]);
    expect(told(notes, 'outbid')).toEqual([MEENA.userId, ARJUN.userId, MEENA.userId]);
  });

  it('do not tell bidders of their own higher bid', () => {
    const { notes } = notesFor([adPosted(), bid(MEENA, 13_000_000), bid(MEENA, 14_000_000)]);
    expect(outbids(notes)).toEqual([]);
  });
});

describe('final call and close', () => {
  const bidding = [adPosted(), bid(MEENA, 13_000_000), bid(ARJUN, 12_000_000, 'Hidden')];

  it('tell every bidder of the final call and its deadline', () => {
    const { notes } = notesFor([...bidding, finalCallMade(at(24 * 60))]);
    const finalCall = notes.filter((note) => note.kind === 'finalCallMade');
    expect(finalCall.map((note) => note.userId)).toEqual([MEENA.userId, ARJUN.userId]);
    expect(finalCall[0]?.params.deadline).toBe(at(24 * 60));
  });

  it('tell every bidder that bidding closed, and never the owner who closed it', () => {
    const { notes: before } = notesFor(bidding);
    const { notes } = notesFor([...bidding, biddingClosed()]);
    const closing = notes.slice(before.length);
    expect(told(closing, 'biddingClosed')).toEqual([MEENA.userId, ARJUN.userId]);
    expect(closing.some((note) => note.userId === OWNER.userId)).toBe(false);
  });

  it('tell the bidder holding the highest bid so, with its amount; when shared, who bid it first', () => {
    const { notes } = notesFor([...bidding, biddingClosed()]);
    const closed = notes.filter((note) => note.kind === 'biddingClosed');
    expect(closed.map((note) => note.params.amount)).toEqual([13_000_000, undefined]);
    expect(notificationMessage('biddingClosed', closed[0]!.params, '')).toBe(
      'Bidding Closed on Royal Enfield Classic 350 at 2026-03-01 17:00:00 IST. Yours is the highest bid, ₹1,30,000.',
    );
    // The others are told theirs is not, and nothing of the amount that won.
    expect(notificationMessage('biddingClosed', closed[1]!.params, '')).toBe(
      'Bidding Closed on Royal Enfield Classic 350 at 2026-03-01 17:00:00 IST. Yours is not the highest bid.',
    );
    // Arjun matches Meena's amount later: hers, placed first, ranks first, as the ad's page says.
    const tied = notesFor([...bidding, bid(ARJUN, 13_000_000, 'Hidden'), biddingClosed()]).notes;
    expect(
      tied.filter((note) => note.kind === 'biddingClosed').map((note) => note.params.amount),
    ).toEqual([13_000_000, undefined]);
    // Placed earlier by the clock though logged later, a bid of the same amount ranks first.
    const earlier = bidPlaced(
      { bidId: 'arjun-early', amount: 13_000_000, type: 'Open', placedAt: at(-60) },
      ARJUN,
    );
    const byClock = notesFor([...bidding, earlier, biddingClosed()]).notes;
    expect(
      byClock.filter((note) => note.kind === 'biddingClosed').map((note) => note.params.amount),
    ).toEqual([undefined, 13_000_000]);
  });

  it('tell the owner of the first bid, by whom and how much, and of no later one', () => {
    const { notes } = notesFor([...bidding, bid(KAVYA, 14_000_000)]);
    const first = notes.filter((note) => note.kind === 'firstBid');
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      userId: OWNER.userId,
      actorId: MEENA.userId,
      params: { amount: 13_000_000, bidType: 'Open' },
    });
    expect(notificationMessage('firstBid', first[0]!.params, MEENA.username)).toBe(
      `${MEENA.username} placed the first bid on Royal Enfield Classic 350: an Open bid of ₹1,30,000. You can now make a final call.`,
    );
    // Read after a final call or the close, it no longer says what can no longer be done.
    expect(
      notificationMessage('firstBid', first[0]!.params, MEENA.username, { finalCallPast: true }),
    ).toBe(
      `${MEENA.username} placed the first bid on Royal Enfield Classic 350: an Open bid of ₹1,30,000.`,
    );
  });

  it('tell the owner whose final call ran out, with the highest bid, Hidden ones included', () => {
    const { notes } = notesFor([...bidding, biddingClosed('finalCallExpired')]);
    expect(told(notes, 'biddingClosed')).toEqual([MEENA.userId, ARJUN.userId]);
    const ended = notes.filter((note) => note.kind === 'finalCallEnded');
    expect(ended.map((note) => note.userId)).toEqual([OWNER.userId]);
    expect(ended[0]?.params.amount).toBe(13_000_000);
    // The Hidden bid is the highest once it beats the Open one.
    const hiddenHigh = notesFor([
      ...bidding,
      bid(ARJUN, 14_000_000, 'Hidden'),
      biddingClosed('finalCallExpired'),
    ]).notes.find((note) => note.kind === 'finalCallEnded');
    expect(hiddenHigh?.params.amount).toBe(14_000_000);
    // …and whose it is, named.
    expect(ended[0]?.actorId).toBe(MEENA.userId);
    expect(hiddenHigh?.actorId).toBe(ARJUN.userId);
    expect(
      notificationMessage('finalCallEnded', { itemName: 'Activa', amount: 12_345_050 }, 'meena_s'),
    ).toBe(
      'Your final call on Activa has ended. Bidding is closed; the highest bid is ₹1,23,450.50, by meena_s.',
    );
    // Two bidders at the same highest amount: the one who bid it first is named.
    const tied = notesFor([
      ...bidding,
      bid(ARJUN, 13_000_000, 'Hidden'),
      biddingClosed('finalCallExpired'),
    ]).notes.find((note) => note.kind === 'finalCallEnded');
    expect(tied?.actorId).toBe(MEENA.userId);
    expect(
      notificationMessage('finalCallEnded', { itemName: 'Activa', amount: 12_345_050 }, ''),
    ).toBe(
      'Your final call on Activa has ended. Bidding is closed; the highest bid is ₹1,23,450.50.',
    );
  });

  it('ignore an ad this read model never saw posted', () => {
    expect(notesFor([bid(MEENA, 13_000_000), biddingClosed()]).notes).toEqual([]);
  });

  it('follow a renamed ad', () => {
    const renamed: AdEvent = {
      type: 'AdEdited',
      data: { adId: 'ad-1', changes: { itemName: 'Classic 350 (2019)' }, editedAt: at(5) },
    };
    const { notes } = notesFor([...bidding, renamed, biddingClosed()]);
    const closed = notes.filter((note) => note.kind === 'biddingClosed');
    expect(closed.map((note) => note.params.itemName)).toEqual([
      'Classic 350 (2019)',
      'Classic 350 (2019)',
    ]);
  });
});

describe('an edited ad', () => {
  const bidding = [adPosted(), bid(MEENA, 13_000_000), bid(ARJUN, 12_000_000, 'Hidden')];
  const edited = (changes: Partial<AdDetails>): AdEvent => ({
    type: 'AdEdited',
    data: { adId: 'ad-1', changes, editedAt: at(5) },
  });

  it('tells every bidder, never the owner, which details changed, under the new name', () => {
    const { notes } = notesFor([
      ...bidding,
      edited({ itemName: 'Classic 350 (2019)', price: 12_000_000, city: 'Pune' }),
    ]);
    expect(told(notes, 'adEdited')).toEqual([MEENA.userId, ARJUN.userId]);
    expect(notes.find((note) => note.kind === 'adEdited')).toMatchObject({
      adId: 'ad-1',
      params: {
        itemName: 'Classic 350 (2019)',
        previousItemName: 'Royal Enfield Classic 350',
        changed: 'itemName,price,city',
      },
    });
  });

  it("tells nobody of a change to the owner's phone, or to what only the owner sees", () => {
    const { notes } = notesFor([...bidding, edited({ phone: '9876500000', displayPhone: true })]);
    expect(told(notes, 'adEdited')).toEqual([]);
    // The house number and street are shown to the owner alone.
    const hidden = notesFor([...bidding, edited({ houseno: '14C', street: 'MG Road' })]);
    expect(told(hidden.notes, 'adEdited')).toEqual([]);
    // With a detail of the item beside them, only that detail is named.
    const priced = notesFor([...bidding, edited({ phone: '9876500000', price: 11_000_000 })]);
    expect(told(priced.notes, 'adEdited')).toHaveLength(2);
    expect(
      priced.notes.filter((note) => note.kind === 'adEdited').map((note) => note.params.changed),
    ).toEqual(['price', 'price']);
  });

  it('tells nobody before the first bid', () => {
    expect(notesFor([adPosted(), edited({ price: 11_000_000 })]).notes).toEqual([]);
  });

  it('says an approval taken back since as taken back, not as a number shown', () => {
    const approved = (requestStatus: string | null) =>
      notificationMessage('mobileRequestApproved', {}, 'asha', {
        finalCallPast: false,
        requestStatus,
      });
    expect(approved('approved')).toBe(
      'asha approved your request. Their mobile number is now shown on their profile.',
    );
    expect(approved('revoked')).toBe(
      'asha approved your request, then took the approval back: their mobile number is not shown.',
    );
  });

  it('names the changed details once each, in the order of the form', () => {
    expect(editedDetails('price')).toBe('price');
    expect(editedDetails('price,description,city,pincode')).toBe('price, description and address');
    expect(editedDetails('make,mileage,newOrused')).toBe('make, mileage and new or used');
    expect(editedDetails('price,yearOfManufacture')).toBe('price and year of manufacture');
    // As the edit named them, they would read out of the form's order.
    expect(editedDetails('price,itemName,description')).toBe('item name, price and description');
    expect(editedDetails('somethingNew,price')).toBe('price and details');
    expect(
      notificationMessage(
        'adEdited',
        {
          itemName: 'Classic 350 (2019)',
          previousItemName: 'Royal Enfield Classic 350',
          changed: 'itemName,price',
        },
        '',
      ),
    ).toBe(
      'The owner edited Classic 350 (2019) (until now Royal Enfield Classic 350), which you bid on: item name and price changed. Check the ad before you bid again.',
    );
    expect(
      notificationMessage('adEdited', { itemName: 'Activa', changed: 'description' }, ''),
    ).toBe(
      'The owner edited Activa, which you bid on: description changed. Check the ad before you bid again.',
    );
  });
});

describe('requests and reviews', () => {
  const parties = { requestId: 'req-1', requestedBy: 'u-asha', requestedTo: 'u-bala' };

  it('tell the owner of the number of a request, and the requester of each answer', () => {
    expect(
      notificationsForSocialEvent({
        type: 'MobileNumberRequested',
        data: { ...parties, requestedAt: at(0) },
      }),
    ).toEqual([
      {
        userId: 'u-bala',
        kind: 'mobileRequest',
        actorId: 'u-asha',
        requestId: 'req-1',
        adId: null,
        params: {},
      },
    ]);
    const answered = notificationsForSocialEvent({
      type: 'MobileRequestRevoked',
      data: { ...parties, revokedAt: at(1) },
    });
    expect(answered.map((note) => [note.userId, note.kind, note.actorId])).toEqual([
      ['u-asha', 'mobileRequestRevoked', 'u-bala'],
    ]);
  });

  it('let only the member asked answer, whatever the request event', () => {
    const events = [
      { type: 'MobileNumberRequested', data: { ...parties, requestedAt: at(0) } },
      { type: 'MobileRequestApproved', data: { ...parties, approvedAt: at(1) } },
      { type: 'MobileRequestRejected', data: { ...parties, rejectedAt: at(1) } },
      { type: 'MobileRequestRevoked', data: { ...parties, revokedAt: at(2) } },
    ] as const;
    const notes = events.flatMap((event) => notificationsForSocialEvent(event));
    expect(notes.map((note) => [note.kind, answersRequest(note.kind)])).toEqual([
      ['mobileRequest', true],
      ['mobileRequestApproved', false],
      ['mobileRequestRejected', false],
      ['mobileRequestRevoked', false],
    ]);
    for (const note of notes) expect(answersRequest(note.kind)).toBe(note.userId === 'u-bala');
  });

  it('tell a member of a review they received', () => {
    const notes = notificationsForSocialEvent({
      type: 'ReviewPosted',
      data: {
        reviewId: 'r-1',
        userId: 'u-bala',
        postedBy: 'u-asha',
        text: 'Good',
        postedAt: at(0),
      },
    });
    expect(notes.map((note) => [note.userId, note.kind, note.actorId])).toEqual([
      ['u-bala', 'reviewReceived', 'u-asha'],
    ]);
  });

  it('tell a member their review was rewritten, and nothing when one is deleted', () => {
    const edited = notificationsForSocialEvent({
      type: 'ReviewEdited',
      data: {
        reviewId: 'r-1',
        userId: 'u-bala',
        editedBy: 'u-asha',
        text: 'Slow',
        editedAt: at(5),
      },
    });
    expect(edited.map((note) => [note.userId, note.kind, note.actorId])).toEqual([
      ['u-bala', 'reviewEdited', 'u-asha'],
    ]);
    expect(notificationMessage('reviewEdited', {}, 'asha_k')).toBe(
      'asha_k changed their review on your profile.',
    );
    const deleted = notificationsForSocialEvent({
      type: 'ReviewDeleted',
      data: {
        reviewId: 'r-1',
        userId: 'u-bala',
        deletedBy: 'u-shalini',
        byStaff: true,
        deletedAt: at(9),
      },
    });
    expect(deleted).toEqual([]);
  });
});

describe('the words', () => {
  it('name the member, the item and the Open amount in rupees with Indian grouping', () => {
    expect(notificationMessage('mobileRequest', {}, 'asha_k')).toBe(
      'asha_k has requested your mobile number.',
    );
    // Who the asker is to the member asked: a bidder on their ad, or the owner of one they bid on.
    const asked = (askerBidOn: string | null, askerOwns: string | null) =>
      notificationMessage('mobileRequest', {}, 'asha_k', {
        finalCallPast: false,
        askerBidOn,
        askerOwns,
      });
    expect(asked('Brass lamp', 'Teak stool')).toBe(
      'asha_k, who bid on your Brass lamp, has requested your mobile number.',
    );
    expect(asked(null, 'Teak stool')).toBe(
      'asha_k, the owner of Teak stool, which you bid on, has requested your mobile number.',
    );
    expect(
      notificationMessage(
        'outbid',
        { itemName: 'Activa', amount: 15_000_000, currencycode: 'INR' },
        '',
      ),
    ).toBe('You have been outbid on Activa: an Open bid of ₹1,50,000 was placed.');
    expect(formatAmount(12_345_678_90)).toBe('₹1,23,45,678.90');
    // A close says when it was: a notice read (or delivered) later does not tell by its date.
    expect(
      notificationMessage(
        'biddingClosed',
        { itemName: 'Activa', closedAt: '2026-03-01T10:00:00.000Z' },
        '',
      ),
    ).toBe('Bidding Closed on Activa at 2026-03-01 15:30:00 IST. Yours is not the highest bid.');
    expect(notificationMessage('biddingClosed', { itemName: 'Activa' }, '')).toBe(
      'Bidding Closed on Activa. Yours is not the highest bid.',
    );
  });

  it('give the final-call deadline in India time', () => {
    expect(istDateTime('2026-03-01T10:00:00.000Z')).toBe('2026-03-01 15:30:00');
    expect(
      notificationMessage(
        'finalCallMade',
        { itemName: 'Activa', deadline: '2026-03-01T10:00:00.000Z' },
        '',
      ),
    ).toBe('Final call made on Activa. Bidding closes at 2026-03-01 15:30:00 IST.');
  });
});

describe('billing notifications', () => {
  it('tells the buyer their purchase was delivered, or refunded and why', () => {
    const [delivered] = notificationsForBillingEvent({
      type: 'PurchaseFulfilled',
      data: {
        purchaseId: 'p-1',
        userId: 'u-1',
        kind: 'bidFee',
        outcome: { type: 'bidPlaced', adId: 'a-1', bidId: 'fee-p-1' },
        fulfilledAt: '2026-11-21T10:00:00.000Z',
      },
    });
    expect(delivered?.userId).toBe('u-1');
    // It opens the ad the bid was placed on.
    expect(delivered?.adId).toBe('a-1');
    expect(notificationMessage(delivered!.kind, delivered!.params, '')).toBe(
      'Your bid processing fee was received and your bid was placed.',
    );
    // Read beside its ad, it names it: a member may pay several fees.
    expect(
      notificationMessage(delivered!.kind, delivered!.params, '', {
        finalCallPast: false,
        adName: 'Tailor',
      }),
    ).toBe('Your bid processing fee was received and your bid on Tailor was placed.');
    const refundOf = (itemName?: string) =>
      notificationsForBillingEvent({
        type: 'RefundRequested',
        data: {
          purchaseId: 'p-2',
          userId: 'u-1',
          paymentId: 'pay_1',
          amount: 5_782,
          reason: 'biddingClosed',
          message: 'Bidding closed before your payment was confirmed.',
          requestedAt: '2026-11-21T10:00:00.000Z',
          ...(itemName === undefined ? {} : { itemName }),
        },
      })[0]!;
    const said = (note: ReturnType<typeof refundOf>) =>
      notificationMessage(note.kind, note.params, '');
    // One recorded before refunds named their ad, or of another purchase: the amount and why.
    expect(said(refundOf())).toBe(
      'Refund of ₹57.82: Bidding closed before your payment was confirmed.',
    );
    // A bid fee's says which ad: a member may have paid several.
    expect(said(refundOf('Tailor'))).toBe(
      'Refund of ₹57.82 for your bid on Tailor: Bidding closed before your payment was confirmed.',
    );
  });

  it('tells a bidder a slot is offered to them: what to pay, and by when; no other purchase', () => {
    const created = (kind: 'adSlot' | 'adSpace') =>
      purchaseCreated('p-3', { userId: 'u-1', kind, price: 250_000_00 });
    const [offered] = notificationsForBillingEvent({
      ...created('adSlot'),
      data: { ...created('adSlot').data, expiresAt: '2026-05-09T06:30:00.000Z' },
    });
    expect(offered).toMatchObject({ userId: 'u-1', kind: 'slotOffered' });
    expect(notificationMessage(offered!.kind, offered!.params, '')).toBe(
      'The Auth pages slot for 10-05-2026 is yours if you pay ₹2,95,000 (your bid plus GST) by 2026-05-09 12:00:00 IST. Unpaid by then, it is offered to the next bidder, if any.',
    );
    expect(notificationsForBillingEvent(created('adSpace'))).toEqual([]);
  });

  /** Bala's bid for the Side panels slot of 10-05-2026. */
  const balasSlotBid = (bidamt: number) => ({
    bidId: 'sb-2',
    userId: 'u-2',
    username: 'bala',
    type: 'sidePanels' as const,
    slotdate: '2026-05-10',
    company: 'Bala Bakes',
    bidamt,
    biddate: '2026-05-01T04:30:00.000Z',
  });

  it('tells the member a slot bid took the lead from, and nobody for a bid that took none', () => {
    const bid = balasSlotBid(260_000_00);
    const [told] = notificationsForSlotEvent({
      type: 'SlotBidPlaced',
      data: { ...bid, outbid: { userId: 'u-1', bidId: 'sb-1' } },
    });
    expect(told).toMatchObject({ userId: 'u-1', kind: 'slotOutbid' });
    expect(notificationMessage(told!.kind, told!.params, '')).toBe(
      'You have been outbid on the Side panels slot for 10-05-2026: a bid of ₹2,60,000 was placed.',
    );
    expect(
      notificationsForSlotEvent({ type: 'SlotBidPlaced', data: { ...bid, outbid: null } }),
    ).toEqual([]);
    // A bid recorded before bids named whom they outbid tells nobody.
    expect(notificationsForSlotEvent({ type: 'SlotBidPlaced', data: bid })).toEqual([]);
  });

  it('tells the member whose offer of a slot ran out, when it passes on or leaves it unsold', () => {
    const lapsed = { bidId: 'sb-1', userId: 'u-1' };
    const bid = balasSlotBid(250_000_00);
    const common = { type: 'sidePanels' as const, slotdate: '2026-05-10' };
    const offeredOn = (after: typeof lapsed | null) =>
      notificationsForSlotEvent({
        type: 'SlotOffered',
        data: { ...common, bid, offeredAt: 'x', payBy: 'y', lapsed: after },
      });
    const [told] = offeredOn(lapsed);
    expect(told).toMatchObject({ userId: 'u-1', kind: 'slotOfferLapsed' });
    expect(notificationMessage(told!.kind, told!.params, '')).toBe(
      'Your time to pay for the Side panels slot for 10-05-2026 ran out, so the slot is no longer yours.',
    );
    // The first offer (to the winner) follows no lapse; a slot nobody bid for tells nobody.
    expect(offeredOn(null)).toEqual([]);
    expect(
      notificationsForSlotEvent({ type: 'SlotUnsold', data: { ...common, at: 'x', lapsed: null } }),
    ).toEqual([]);
    expect(
      notificationsForSlotEvent({ type: 'SlotUnsold', data: { ...common, at: 'x', lapsed } }),
    ).toEqual([expect.objectContaining({ userId: 'u-1', kind: 'slotOfferLapsed' })]);
  });

  it('names the slot a payment bought', () => {
    const [sold] = notificationsForBillingEvent({
      type: 'PurchaseFulfilled',
      data: {
        purchaseId: 'p-4',
        userId: 'u-1',
        kind: 'adSlot',
        outcome: {
          type: 'adSlotSold',
          spaceId: 'slot-sidePanels-2026-05-10',
          startsAt: '2026-05-09T18:30:00.000Z',
          spaceType: 'sidePanels',
          slotdate: '2026-05-10',
        },
        fulfilledAt: '2026-05-09T06:00:00.000Z',
      },
    });
    expect(notificationMessage(sold!.kind, sold!.params, '')).toBe(
      'Your payment was received. The Side panels slot for 10-05-2026 is yours: add its photo or video under Your ad spaces on Buy AdSpace.',
    );
  });
});
