import { SPACE_TYPE_LABELS, type AdSpaceType } from '@boli/engine/billing/products';
import { displayDate, indiaWallClockOf } from '@boli/engine/shared/indiaTime';
import type { NotificationKind } from './notifications.evolve.ts';
import { listInWords } from '@boli/engine/shared/words';

/*
 * The words of each notification, pure, filled in when the list is read: so a member who
 * changes their username is named by the new one, and a message can be reworded without a
 * rebuild.
 */

/** 'YYYY-MM-DD HH:mm:ss' in India time (section 9's date-time format); '' for no instant. */
export const istDateTime = (iso: string): string =>
  Number.isNaN(Date.parse(iso)) ? '' : indiaWallClockOf(iso);

/** Paise → '₹1,50,000' (Indian grouping); another currency by its code. */
export function formatAmount(paise: number, currencycode = 'INR'): string {
  const code = /^[A-Z]{3}$/.test(currencycode) ? currencycode : 'INR';
  return new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: code,
    maximumFractionDigits: paise % 100 === 0 ? 0 : 2,
  }).format(paise / 100);
}

/** What a delivered purchase says, by its outcome (engine/src/billing/purchase.events.ts). */
const PURCHASE_DELIVERED: Readonly<Record<string, string>> = {
  subscriptionActivated: 'Your payment was received. Your Lifetime Subscription is active.',
  bidPlaced: 'Your bid processing fee was received and your bid was placed.',
  shareFeePaid: 'Your buy-share bid fee was received. You can now bid on shares.',
  adSpaceActivated: 'Your payment was received. Your ad space is active.',
};

/**
 * What an edited ad's note calls its changed details, in the order of the ad's form; details of
 * one kind (the address's lines, the category's) are named once.
 */
const EDITED_DETAIL: Readonly<Record<string, string>> = {
  itemName: 'item name',
  categoryname: 'category',
  subcategory: 'category',
  type: 'category',
  price: 'price',
  currencycode: 'currency',
  description: 'description',
  // The house number and street tell nobody (notifications.evolve.ts, TELLS_NOBODY).
  city: 'address',
  neighbourHood: 'address',
  district: 'address',
  pincode: 'address',
  state: 'address',
  country: 'address',
  // Each of the vehicle's named: a bidder's bid may turn on the year or the mileage alone.
  make: 'make',
  model: 'model',
  mileage: 'mileage',
  yearOfManufacture: 'year of manufacture',
  ownerOrDealer: 'owner or dealer',
  newOrused: 'new or used',
};

/** Each detail's place in the form; 'details' (a field not named above) last. */
const DETAIL_ORDER = [...new Set(Object.values(EDITED_DETAIL)), 'details'];

/**
 * ['price', 'description', 'address'] from 'price,description,city,pincode': each detail named
 * once, in the form's order whatever the order the edit named them in.
 */
export const editedDetailNames = (changed: string): string[] =>
  [
    ...new Set(
      changed
        .split(',')
        .filter(Boolean)
        .map((field) => EDITED_DETAIL[field] ?? 'details'),
    ),
  ].sort((a, b) => DETAIL_ORDER.indexOf(a) - DETAIL_ORDER.indexOf(b));

/** 'price, description and address' from 'price,description,city,pincode'. */
export const editedDetails = (changed: string): string =>
  listInWords(editedDetailNames(changed)) || 'details';

type Params = Readonly<Record<string, string | number | undefined>>;

const text = (value: string | number | undefined): string =>
  value === undefined ? '' : String(value);

/** 'Side panels slot for 10-05-2026', from a note's spaceType and slotdate (a sold one's too). */
const slotName = (params: Params): string => {
  const space = SPACE_TYPE_LABELS[text(params.spaceType) as AdSpaceType] ?? 'ad';
  const date = displayDate(text(params.slotdate));
  return date ? `${space} slot for ${date}` : `${space} slot`;
};

/** 'an Open bid' or 'a Hidden bid', from a note's bidType; 'a bid' for any other. */
const bidKind = (bidType: string | number | undefined): string =>
  bidType === 'Open' ? 'an Open bid' : bidType === 'Hidden' ? 'a Hidden bid' : 'a bid';

/**
 * What the read models say beside a note when it is read, where that changes its words: what the
 * ad it is about has come to since, who the member asking for a number is to the one asked.
 */
export type NoteContext = {
  /** A final call is made, or bidding closed: 'You can now make a final call.' no longer holds. */
  readonly finalCallPast: boolean;
  /**
   * A request for a number: what ties the asker to the member asked, so a buyer is told from a
   * stranger — an ad of the member's the asker bid on (the latest), or else an ad of the asker's
   * the member bid on.
   */
  readonly askerBidOn?: string | null;
  readonly askerOwns?: string | null;
  /** The name of the ad the note is about, as it reads now: the bid a fee placed names it. */
  readonly adName?: string | null;
  /** The status of the request for a number the note is about, now (approved, revoked, …). */
  readonly requestStatus?: string | null;
};

/**
 * Whether a `biddingClosed` note is the one to the holder of the highest bid: only theirs carries
 * the amount (notifications.evolve.ts), which no other bidder may learn.
 */
export const toldHighestBid = (params: Params): boolean => params.amount !== undefined;

export function notificationMessage(
  kind: NotificationKind,
  params: Params,
  actorUsername: string,
  context: NoteContext = { finalCallPast: false },
): string {
  const who = actorUsername || 'A member';
  const item = text(params.itemName) || 'an ad';
  const amount = () => formatAmount(Number(params.amount ?? 0), text(params.currencycode));
  switch (kind) {
    case 'mobileRequest':
      if (context.askerBidOn) {
        return `${who}, who bid on your ${context.askerBidOn}, has requested your mobile number.`;
      }
      if (context.askerOwns) {
        return `${who}, the owner of ${context.askerOwns}, which you bid on, has requested your mobile number.`;
      }
      return `${who} has requested your mobile number.`;
    case 'mobileRequestApproved':
      // Taken back since (or asked again, not yet answered): the number is not shown any more.
      if (context.requestStatus && context.requestStatus !== 'approved')
        return `${who} approved your request, then took the approval back: their mobile number is not shown.`;
      return `${who} approved your request. Their mobile number is now shown on their profile.`;
    case 'mobileRequestRejected':
      return `${who} rejected your request for their mobile number.`;
    case 'mobileRequestRevoked':
      return `${who} no longer shares their mobile number with you.`;
    case 'outbid':
      return `You have been outbid on ${item}: an Open bid of ${amount()} was placed.`;
    case 'adEdited': {
      const renamed = params.previousItemName
        ? ` (until now ${text(params.previousItemName)})`
        : '';
      return `The owner edited ${item}${renamed}, which you bid on: ${editedDetails(text(params.changed))} changed. Check the ad before you bid again.`;
    }
    case 'finalCallMade':
      return `Final call made on ${item}. Bidding closes at ${istDateTime(text(params.deadline))} IST.`;
    case 'biddingClosed': {
      // When it closed, which a notice read later (or delivered late) does not tell by its date.
      const closed = params.closedAt
        ? `Bidding Closed on ${item} at ${istDateTime(text(params.closedAt))} IST.`
        : `Bidding Closed on ${item}.`;
      // Every bidder: the one holding the highest bid is told so, with its amount (given to them
      // alone); the others that theirs is not, as the ad's page tells them, and no more.
      return toldHighestBid(params)
        ? `${closed} Yours is the highest bid, ${amount()}.`
        : `${closed} Yours is not the highest bid.`;
    }
    case 'firstBid': {
      const placed = `${who} placed the first bid on ${item}: ${bidKind(params.bidType)} of ${amount()}.`;
      return context.finalCallPast ? placed : `${placed} You can now make a final call.`;
    }
    case 'finalCallEnded':
      return Number(params.amount ?? 0) > 0
        ? `Your final call on ${item} has ended. Bidding is closed; the highest bid is ${amount()}${actorUsername ? `, by ${actorUsername}` : ''}.`
        : `Your final call on ${item} has ended. Bidding is closed.`;
    case 'reviewReceived':
      return `${who} posted a review on your profile.`;
    case 'reviewEdited':
      return `${who} changed their review on your profile.`;
    case 'purchaseFulfilled':
      if (params.outcome === 'adSlotSold') {
        return `Your payment was received. The ${slotName(params)} is yours: add its photo or video under Your ad spaces on Buy AdSpace.`;
      }
      if (params.outcome === 'bidPlaced' && context.adName) {
        // A member may pay several fees: each note says which ad its bid is on.
        return `Your bid processing fee was received and your bid on ${context.adName} was placed.`;
      }
      return PURCHASE_DELIVERED[text(params.outcome)] ?? 'Your payment was received.';
    case 'slotOffered': {
      return `The ${slotName(params)} is yours if you pay ${amount()} (your bid plus GST) by ${istDateTime(text(params.payBy))} IST. Unpaid by then, it is offered to the next bidder, if any.`;
    }
    case 'slotOutbid':
      return `You have been outbid on the ${slotName(params)}: a bid of ${amount()} was placed.`;
    case 'slotOfferLapsed':
      return `Your time to pay for the ${slotName(params)} ran out, so the slot is no longer yours.`;
    case 'refundRequested':
      // The reason already says the payment is refunded ("…, so this payment has been
      // refunded."): the amount leads, without a second, contradicting tense.
      // A bid fee's names its ad: a member may have paid several.
      return params.itemName
        ? `Refund of ${amount()} for your bid on ${item}: ${text(params.message)}`
        : `Refund of ${amount()}: ${text(params.message)}`;
    default: {
      const unknown: never = kind;
      throw new Error(`Unknown notification kind ${String(unknown)}`);
    }
  }
}
