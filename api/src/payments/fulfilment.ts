import { randomUUID } from 'node:crypto';
import { handleCommand } from '@boli/engine/commandHandling/handleCommand';
import { bidsOf } from '@boli/engine/ads/ad.bidBook';
import type { AdCommand, PlaceBid } from '@boli/engine/ads/ad.commands';
import { adDecider } from '@boli/engine/ads/ad.decider';
import { adStream, type AdEvent } from '@boli/engine/ads/ad.events';
import { keepBidRefusal } from '@boli/engine/ads/bidRefusal';
import type { AdState } from '@boli/engine/ads/ad.state';
import { bidIdOfFee, feePurchaseOfBid, sameFeeBid } from '@boli/engine/billing/feeBid.rules';
import { BILLING_MESSAGES } from '@boli/engine/billing/billing.messages';
import {
  oneTimePurchaseDecider,
  oneTimePurchaseStream,
  type OneTimeKind,
} from '@boli/engine/billing/oneTimePurchase.decider';
import type { FulfilmentOutcome, RefundReason } from '@boli/engine/billing/purchase.events';
import type { PurchaseState } from '@boli/engine/billing/purchase.state';
import type { EventStore, NewEventMetadata } from '@boli/engine/eventStore/eventStore';
import { DomainError, type Decider } from '@boli/engine/shared/decider';
import { activatePaidSpace } from '../routes/adspace/activation.ts';
import { deliverSoldSlot } from './slotSale.ts';
import { BID_ALREADY_PLACED, decidePaidBid } from './bidFee.ts';
import { shareBidsDecider } from '@boli/engine/shares/shareBid.decider';
import { shareBidsStream } from '@boli/engine/shares/shareBid.events';
import type { PlaceShareBid } from '@boli/engine/shares/shareBid.commands';
import { companyNameOf } from '@boli/engine/shared/companyName';

/*
 * What a paid purchase delivers, by kind. A subscription is activated by the PurchaseFulfilled
 * event itself (the entitlements read model reads it); a bid fee places the member's bid; the
 * buy-share bid fee posts the member's share bid; ad space is delivered by its issue (#8).
 */

type Refund = { readonly refund: { readonly reason: RefundReason; readonly message: string } };

export type Delivery =
  { readonly delivered: FulfilmentOutcome } | Refund | { readonly waiting: string };

/**
 * Claims what the purchase buys once for good for its member; false when another purchase has it
 * already, so this one's payment is to be refunded. Claiming again for the same purchase is true.
 */
async function claimOneTime(
  store: EventStore,
  purchase: NonNullable<PurchaseState['purchase']>,
  kind: OneTimeKind,
  metadata: NewEventMetadata,
): Promise<boolean> {
  const userId = purchase.buyer.userId;
  try {
    await handleCommand({
      store,
      streamId: oneTimePurchaseStream(kind, userId),
      decider: oneTimePurchaseDecider,
      command: {
        type: 'ClaimOneTimePurchase',
        data: { userId, kind, purchaseId: purchase.purchaseId },
        metadata: {
          ...metadata,
          eventId: randomUUID(),
          causationId: purchase.purchaseId,
          actor: { userId, role: 'member' },
        },
      },
    });
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'ALREADY_OWNED') return false;
    throw error;
  }
}

const refundAlreadyOwned = (message: string): Refund => ({
  refund: { reason: 'alreadyOwned', message },
});

type Purchase = NonNullable<PurchaseState['purchase']>;

/** A command a paid purchase sends on its buyer's behalf, caused by the purchase. */
const onBehalfOf = (purchase: Purchase, metadata: NewEventMetadata): NewEventMetadata => ({
  ...metadata,
  eventId: randomUUID(),
  causationId: purchase.purchaseId,
  actor: { userId: purchase.buyer.userId, role: 'member' },
});

/** The bid a bid fee places once paid: the one the member asked for when paying. */
export function paidBidCommand(purchase: Purchase, metadata: NewEventMetadata): PlaceBid {
  const subject = purchase.subject;
  if (subject.kind !== 'bidFee') throw new Error('not a bid fee');
  return {
    type: 'PlaceBid',
    data: {
      bidId: bidIdOfFee(purchase.purchaseId),
      userId: purchase.buyer.userId,
      username: purchase.buyer.username,
      bidAlias: subject.bidAlias,
      amount: subject.bidamt,
      type: subject.type,
      // The fee is the bidder's right to this one bid.
      bidderEntitled: true,
    },
    metadata: onBehalfOf(purchase, metadata),
  };
}

const CLOSED_CODES = new Set(['BIDDING_CLOSED', 'AD_CLOSED']);

/** A fee's bid whose twin another fee of the member placed already: the same fee paid twice. */
const PLACED_BY_ANOTHER_FEE = 'PLACED_BY_ANOTHER_FEE';

/**
 * Whether the member's bid was placed by another fee (`sameFeeBid`): two tabs paying the fee for
 * the one bid typed in both. Only fees' bids count, so a bid the member placed again on purpose
 * is not mistaken for one.
 */
function placedByAnotherFee(state: AdState, command: PlaceBid): boolean {
  const { bidId, userId } = command.data;
  return bidsOf(state.bids, userId).some(
    (bid) =>
      bid.bidId !== bidId && feePurchaseOfBid(bid.bidId) !== null && sameFeeBid(bid, command.data),
  );
}

/** The ad's decider for a fee's bid: refuses the twin within the same decision as the append. */
const paidBidDecider: Decider<AdState, AdCommand, AdEvent> = {
  ...adDecider,
  decide: (command, state) => {
    if (command.type !== 'PlaceBid') return adDecider.decide(command, state);
    if (placedByAnotherFee(state, command)) throw new DomainError(PLACED_BY_ANOTHER_FEE);
    return decidePaidBid(command, state);
  },
};

async function placePaidBid(
  store: EventStore,
  purchase: NonNullable<PurchaseState['purchase']>,
  metadata: NewEventMetadata,
): Promise<Delivery> {
  const subject = purchase.subject;
  if (subject.kind !== 'bidFee') throw new Error('not a bid fee');
  const command = paidBidCommand(purchase, metadata);
  const { bidId } = command.data;
  try {
    await handleCommand({
      store,
      streamId: adStream(subject.adId),
      decider: paidBidDecider,
      command,
    });
    return { delivered: { type: 'bidPlaced', adId: subject.adId, bidId } };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const refund = refundOfRefusedBid(error.code);
    // Kept for support, with what the member is told: the fee was refunded, and why. Stored once
    // however often the fulfilment is retried; a failure to store it retries the fulfilment.
    await keepBidRefusal(store, subject.adId, command, {
      code: error.code,
      message: refund.refund.message,
    });
    return refund;
  }
}

/** Why a paid bid the ad refused is refunded: placed by the fee's twin, closed, or otherwise. */
function refundOfRefusedBid(code: string): Refund {
  if (code === PLACED_BY_ANOTHER_FEE) {
    return refundAlreadyOwned(BILLING_MESSAGES.bidFeeRefundedAlreadyPlaced);
  }
  if (code === BID_ALREADY_PLACED)
    return refundAlreadyOwned(BILLING_MESSAGES.bidFeeRefundedSameBid);
  return CLOSED_CODES.has(code)
    ? { refund: { reason: 'biddingClosed', message: BILLING_MESSAGES.bidFeeRefundedBiddingClosed } }
    : { refund: { reason: 'notFulfillable', message: BILLING_MESSAGES.bidFeeRefundedNotPlaced } };
}

/** The share bid a paid buy-share fee posts has an id derived from the purchase, as a fee's bid. */
export const shareBidIdOfFee = (purchaseId: string): string => `share-fee-${purchaseId}`;

/** The share bid a buy-share fee posts once paid: the one the member asked for when paying. */
export function paidShareBidCommand(purchase: Purchase, metadata: NewEventMetadata): PlaceShareBid {
  const subject = purchase.subject;
  if (subject.kind !== 'shareFee') throw new Error('not a share fee');
  return {
    type: 'PlaceShareBid',
    data: {
      bidId: shareBidIdOfFee(purchase.purchaseId),
      userId: purchase.buyer.userId,
      username: purchase.buyer.username,
      company: subject.company,
      amount: subject.bidamt,
      type: subject.type,
      // This purchase is the fee.
      feePaid: true,
    },
    metadata: onBehalfOf(purchase, metadata),
  };
}

/**
 * The buy-share bid fee posts the share bid the member asked for when paying; once delivered, the
 * member has paid to buy shares (the users read model reads the outcome). A bid refused now (its
 * company name taken meanwhile) is not posted and the fee refunded, as for a bid fee. A fee paid
 * twice (two checkouts side by side) posts its bid, as the first fee covers it, and is refunded;
 * the claim comes after the bid, so a fee refunded for a refused bid never counts as paid.
 */
async function postPaidShareBid(
  store: EventStore,
  purchase: NonNullable<PurchaseState['purchase']>,
  metadata: NewEventMetadata,
): Promise<Delivery> {
  const subject = purchase.subject;
  if (subject.kind !== 'shareFee') throw new Error('not a share fee');
  try {
    await handleCommand({
      store,
      streamId: shareBidsStream(subject.company),
      decider: shareBidsDecider,
      command: paidShareBidCommand(purchase, metadata),
    });
    if (!(await claimOneTime(store, purchase, 'shareFee', metadata))) {
      return refundAlreadyOwned(BILLING_MESSAGES.shareFeeRefundedAlreadyPaid);
    }
    return { delivered: { type: 'shareFeePaid', company: companyNameOf(subject.company) } };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return {
      refund: { reason: 'notFulfillable', message: BILLING_MESSAGES.bidFeeRefundedNotPlaced },
    };
  }
}

/** Delivers what a captured purchase bought, or says why it must be refunded. */
export async function deliver(
  store: EventStore,
  state: PurchaseState,
  metadata: NewEventMetadata,
): Promise<Delivery> {
  const purchase = state.purchase!;
  const subject = purchase.subject;
  switch (subject.kind) {
    case 'subscription':
      if (!(await claimOneTime(store, purchase, 'subscription', metadata))) {
        return refundAlreadyOwned(BILLING_MESSAGES.subscriptionRefundedAlreadyOwned);
      }
      return {
        delivered: {
          type: 'subscriptionActivated',
          planId: subject.planId,
          startsAt: metadata.now,
        },
      };
    case 'bidFee':
      return placePaidBid(store, purchase, metadata);
    case 'shareFee':
      return postPaidShareBid(store, purchase, metadata);
    case 'adSpace':
      return { delivered: await activatePaidSpace(store, purchase, metadata) };
    case 'adSlot':
      return deliverSoldSlot(store, purchase, metadata);
  }
}
