import type { AdDetails, AdEvent } from '@boli/engine/ads/ad.events';
import type { AdSlotEvent } from '@boli/engine/adspace/adSlot.events';
import type { PurchaseEvent } from '@boli/engine/billing/purchase.events';
import type { MobileRequestEvent } from '@boli/engine/social/mobileRequest.events';
import type { ReviewEvent } from '@boli/engine/social/review.events';
import { ranksAbove, type RankedBid } from '@boli/engine/ads/ad.ranking';
import { withAdded } from '@boli/engine/shared/objects';

/*
 * Which notifications an event produces, pure. Ads need a little memory (who bid, how high, the
 * highest Open amount), kept per ad in `AdTracking`; everything else is one event → its notes.
 *
 * Outbid: when an Open bid lands, each earlier bidder whose best bid on the ad is now beaten is
 * told — once: a bidder already below the highest Open amount was told when that bid landed.
 * A Hidden bid never notifies anyone, so nobody learns that a higher hidden amount exists, and a
 * note only ever names the Open amount that beat you.
 *
 * Edited: the owner may change an ad's details while it takes bids (until bidding closes), so
 * every bidder is told which of them changed — a lower price, a new description — before they
 * bid again. Only what is not the item or not theirs to see tells nobody (`TELLS_NOBODY`).
 */

export const NOTIFICATION_KINDS = [
  'mobileRequest',
  'mobileRequestApproved',
  'mobileRequestRejected',
  'mobileRequestRevoked',
  'outbid',
  'adEdited',
  'finalCallMade',
  'biddingClosed',
  'finalCallEnded',
  'firstBid',
  'reviewReceived',
  'reviewEdited',
  'purchaseFulfilled',
  'refundRequested',
  'slotOffered',
  'slotOfferLapsed',
  'slotOutbid',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** A notification before it is stored: whom it is for, what it is about, who caused it. */
export type NotificationDraft = {
  readonly userId: string;
  readonly kind: NotificationKind;
  /** The member whose action it reports (their username is read when the list is read). */
  readonly actorId: string | null;
  readonly requestId: string | null;
  readonly adId: string | null;
  /** What the message needs besides names: item name, amounts (paise), instants. */
  readonly params: Readonly<Record<string, string | number>>;
};

export type AdTracking = {
  readonly ownerId: string;
  readonly itemName: string;
  readonly currencycode: string;
  /** Highest Open amount so far, paise; 0 before any. */
  readonly openHigh: number;
  /** Each bidder's best amount on this ad, paise, in order of their first bid. */
  readonly bidders: ReadonlyMap<string, number>;
  /** The top-ranked bid so far, Hidden ones included (ad.ranking.ts): who wins at the close. */
  readonly top?: TopBid;
};

/** A bid as the ranking reads it, and whose it is. */
export type TopBid = { readonly bidderId: string } & RankedBid;

export const AD_NOTIFICATION_EVENT_TYPES = [
  'AdPosted',
  'AdEdited',
  'BidPlaced',
  'FinalCallMade',
  'BiddingClosed',
] as const satisfies readonly AdEvent['type'][];

/**
 * Billing tells the buyer when what they paid for is delivered, and when (and why) it is refunded;
 * and a bidder when a slot is offered to them to pay for (its purchase is started for them).
 */
export const PAYMENT_NOTIFICATION_EVENT_TYPES = [
  'PurchaseCreated',
  'PurchaseFulfilled',
  'RefundRequested',
] as const satisfies readonly PurchaseEvent['type'][];

/**
 * A slot bid that took another member's lead (they are told, as on an ad); a slot's offer passed
 * on or left the slot unsold (the member whose time ran out is told).
 */
export const SLOT_NOTIFICATION_EVENT_TYPES = [
  'SlotBidPlaced',
  'SlotOffered',
  'SlotUnsold',
] as const satisfies readonly AdSlotEvent['type'][];

const note = (
  userId: string,
  kind: NotificationKind,
  fields: Partial<Omit<NotificationDraft, 'userId' | 'kind'>> = {},
): NotificationDraft => ({
  userId,
  kind,
  actorId: fields.actorId ?? null,
  requestId: fields.requestId ?? null,
  adId: fields.adId ?? null,
  params: fields.params ?? {},
});

/**
 * The ad details whose change tells no bidder: the owner's contact, which is not the item, and the
 * house number and street, which only the owner sees (ads.view.ts): a note about them would send
 * bidders to look for a change they cannot find.
 */
const TELLS_NOBODY: readonly string[] = [
  'phone',
  'displayPhone',
  'houseno',
  'street',
] satisfies (keyof AdDetails)[];

/** Ads handled here: the tracking after the event and the notes it produces. */
export function notificationsForAdEvent(
  tracking: AdTracking | undefined,
  event: AdEvent,
): { tracking: AdTracking | undefined; notes: NotificationDraft[] } {
  if (event.type === 'AdPosted') {
    const { postedBy, itemName, currencycode } = event.data;
    const fresh = { ownerId: postedBy, itemName, currencycode, openHigh: 0, bidders: new Map() };
    return {
      tracking: tracking ?? fresh,
      notes: [],
    };
  }
  if (tracking === undefined) return { tracking, notes: [] };
  const { adId } = event.data;
  const about = {
    adId,
    params: { itemName: tracking.itemName, currencycode: tracking.currencycode },
  };
  const everyBidder = () =>
    [...tracking.bidders.keys()].filter((bidder) => bidder !== tracking.ownerId);
  switch (event.type) {
    case 'AdEdited': {
      const { changes } = event.data;
      const edited = {
        ...tracking,
        itemName: changes.itemName ?? tracking.itemName,
        currencycode: changes.currencycode ?? tracking.currencycode,
      };
      const changed = Object.keys(changes).filter((field) => !TELLS_NOBODY.includes(field));
      const params = {
        itemName: edited.itemName,
        currencycode: edited.currencycode,
        changed: changed.join(','),
        ...(edited.itemName !== tracking.itemName ? { previousItemName: tracking.itemName } : {}),
      };
      return {
        tracking: edited,
        notes:
          changed.length === 0
            ? []
            : everyBidder().map((bidder) => note(bidder, 'adEdited', { adId, params })),
      };
    }
    case 'BidPlaced': {
      const { bidderId, amount, type, placedAt } = event.data;
      // The owner hears of the first bid (from then on a final call can be made); the rest they
      // see on the ad's page, live, without a note for each. An ad with bids never comes with no
      // bidders: the projection reads at least the one holding the highest Open amount, or all
      // of them while there is none (adsReadSql).
      const first =
        tracking.bidders.size === 0 && bidderId !== tracking.ownerId
          ? [
              note(tracking.ownerId, 'firstBid', {
                ...about,
                actorId: bidderId,
                params: withAdded(about.params, { amount, bidType: type }),
              }),
            ]
          : [];
      const outbid =
        type === 'Open'
          ? [...tracking.bidders]
              .filter(
                ([bidder, best]) =>
                  bidder !== bidderId && best < amount && best >= tracking.openHigh,
              )
              .map(([bidder]) =>
                note(bidder, 'outbid', { ...about, params: withAdded(about.params, { amount }) }),
              )
          : [];
      const bidders = new Map(tracking.bidders);
      bidders.set(bidderId, Math.max(bidders.get(bidderId) ?? 0, amount));
      const openHigh = type === 'Open' ? Math.max(tracking.openHigh, amount) : tracking.openHigh;
      const placed = { bidderId, amount, placedAt };
      const top =
        tracking.top === undefined || ranksAbove(placed, tracking.top) ? placed : tracking.top;
      return { tracking: { ...tracking, bidders, openHigh, top }, notes: [...first, ...outbid] };
    }
    case 'FinalCallMade':
      return {
        tracking,
        notes: everyBidder().map((bidder) =>
          note(bidder, 'finalCallMade', {
            ...about,
            params: { ...about.params, deadline: event.data.deadline },
          }),
        ),
      };
    case 'BiddingClosed': {
      const closed = { ...about.params, reason: event.data.reason, closedAt: event.data.closedAt };
      // The top-ranked bid, Hidden ones included (at equal amounts the one placed first, as the
      // ad's page says): its bidder is told it is theirs, and an owner whose final call ran out
      // is told its amount and whose it is.
      const highest = tracking.top?.amount ?? 0;
      const leader = tracking.top?.bidderId;
      const toBidders = everyBidder().map((bidder) =>
        note(bidder, 'biddingClosed', {
          ...about,
          params: bidder === leader ? withAdded(closed, { amount: highest }) : closed,
        }),
      );
      // The owner who closed early knows; one whose final call ran out learns it here, with the
      // highest bid, Hidden ones included (the owner sees those amounts), and whose it is.
      const toOwner =
        event.data.reason === 'finalCallExpired'
          ? [
              note(tracking.ownerId, 'finalCallEnded', {
                ...about,
                ...(leader === undefined ? {} : { actorId: leader }),
                params: withAdded(about.params, { amount: highest }),
              }),
            ]
          : [];
      return { tracking, notes: [...toBidders, ...toOwner] };
    }
    default:
      return { tracking, notes: [] };
  }
}

/**
 * Whether the member a note is for is the one who answers its request (Approve / Reject): a
 * `mobileRequest` note is only ever addressed to the member asked. Decided from the note alone,
 * so a push never depends on the mobile-requests read model having caught up.
 */
export const answersRequest = (kind: NotificationKind): boolean => kind === 'mobileRequest';

/** Mobile-number requests and reviews: each event tells one member. */
export function notificationsForSocialEvent(
  event: MobileRequestEvent | ReviewEvent,
): NotificationDraft[] {
  switch (event.type) {
    case 'MobileNumberRequested': {
      const { requestId, requestedBy, requestedTo } = event.data;
      return [note(requestedTo, 'mobileRequest', { actorId: requestedBy, requestId })];
    }
    case 'MobileRequestApproved':
    case 'MobileRequestRejected':
    case 'MobileRequestRevoked': {
      const { requestId, requestedBy, requestedTo } = event.data;
      const kind =
        event.type === 'MobileRequestApproved'
          ? 'mobileRequestApproved'
          : event.type === 'MobileRequestRejected'
            ? 'mobileRequestRejected'
            : 'mobileRequestRevoked';
      return [note(requestedBy, kind, { actorId: requestedTo, requestId })];
    }
    // Each review's note names it (params.reviewId): a deleted review takes its notes with it
    // (`deletedReviewOf`), since they would lead to a review the profile no longer shows.
    case 'ReviewPosted':
      return [
        note(event.data.userId, 'reviewReceived', {
          actorId: event.data.postedBy,
          params: { reviewId: event.data.reviewId },
        }),
      ];
    // A rewritten review may say the opposite: the member it is about is told (the writer is
    // the only one who may rewrite it).
    case 'ReviewEdited':
      return [
        note(event.data.userId, 'reviewEdited', {
          actorId: event.data.editedBy,
          params: { reviewId: event.data.reviewId },
        }),
      ];
    case 'ReviewDeleted':
      return [];
    default: {
      const unknown: never = event;
      throw new Error(`Unhandled event ${JSON.stringify(unknown)}`);
    }
  }
}

/** The notes about a review: those a deleted review takes with it. */
export const REVIEW_NOTE_KINDS: readonly NotificationKind[] = ['reviewReceived', 'reviewEdited'];

/** The review whose notes `event` takes away, and the member they were for: the one it deletes. */
export const deletedReviewOf = (event: {
  type: string;
  data: unknown;
}): { reviewId: string; userId: string } | undefined => {
  if (event.type !== 'ReviewDeleted') return undefined;
  const { reviewId, userId } = event.data as ReviewEvent['data'];
  return { reviewId, userId };
};

/**
 * A slot offered (params: the slot, the amount due, by when), a purchase delivered (params.outcome:
 * what it was) or refunded (params: amount, message).
 */
export function notificationsForBillingEvent(event: PurchaseEvent): NotificationDraft[] {
  switch (event.type) {
    case 'PurchaseCreated': {
      const { subject, buyer, totals, expiresAt } = event.data;
      if (subject.kind !== 'adSlot') return [];
      return [
        note(buyer.userId, 'slotOffered', {
          params: {
            spaceType: subject.spaceType,
            slotdate: subject.slotdate,
            amount: totals.total,
            currencycode: 'INR',
            payBy: expiresAt,
          },
        }),
      ];
    }
    case 'PurchaseFulfilled': {
      const { outcome, purchaseId } = event.data;
      // A sold slot's note names it: a member may hold several. The purchase, for its email to
      // say what was paid and its invoice (noteEmails.ts).
      const params: Record<string, string> = { outcome: outcome.type, purchaseId };
      if (outcome.type === 'adSlotSold') {
        params.spaceType = outcome.spaceType;
        params.slotdate = outcome.slotdate;
      }
      // A bid the fee placed: its note opens the ad, where the bid is.
      const adId = outcome.type === 'bidPlaced' ? outcome.adId : null;
      return [note(event.data.userId, 'purchaseFulfilled', { params, adId })];
    }
    case 'RefundRequested':
      return [
        note(event.data.userId, 'refundRequested', {
          params: {
            amount: event.data.amount,
            currencycode: 'INR',
            message: event.data.message,
            purchaseId: event.data.purchaseId,
            // A second payment's refund leaves the purchase's invoice standing (its email says so).
            reason: event.data.reason,
            ...(event.data.itemName === undefined ? {} : { itemName: event.data.itemName }),
          },
        }),
      ];
    default:
      return [];
  }
}

/**
 * The member a slot bid took the lead from (params: the slot and the new amount); the member whose
 * offer of a slot ran out unpaid (params: the slot), when one did.
 */
export function notificationsForSlotEvent(event: AdSlotEvent): NotificationDraft[] {
  if (event.type === 'SlotBidPlaced') {
    const { outbid, type, slotdate, bidamt } = event.data;
    if (!outbid) return [];
    return [
      note(outbid.userId, 'slotOutbid', {
        params: { spaceType: type, slotdate, amount: bidamt, currencycode: 'INR' },
      }),
    ];
  }
  if (event.type !== 'SlotOffered' && event.type !== 'SlotUnsold') return [];
  const { lapsed, type, slotdate } = event.data;
  if (lapsed === null) return [];
  return [note(lapsed.userId, 'slotOfferLapsed', { params: { spaceType: type, slotdate } })];
}
