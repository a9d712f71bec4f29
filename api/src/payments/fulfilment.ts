import { randomUUID } from 'node:crypto';
import { handleCommand } from '@boli/engine/commandHandling/handleCommand';
import type { AdCommand } from '@boli/engine/ads/ad.commands';
import { adDecider } from '@boli/engine/ads/ad.decider';
import { adStream } from '@boli/engine/ads/ad.events';
import { BILLING_MESSAGES } from '@boli/engine/billing/billing.messages';
import type { FulfilmentOutcome, RefundReason } from '@boli/engine/billing/purchase.events';
import type { PurchaseState } from '@boli/engine/billing/purchase.state';
import type { EventStore, NewEventMetadata } from '@boli/engine/eventStore/eventStore';
import { DomainError } from '@boli/engine/shared/decider';

/*
 * What a paid purchase delivers, by kind. A subscription is activated by the PurchaseFulfilled
 * event itself (the entitlements read model reads it); a bid fee places the member's bid; the
 * share fee and ad space are delivered by the issue that builds them (#8).
 */

export type Delivery =
  | { readonly delivered: FulfilmentOutcome }
  | { readonly refund: { readonly reason: RefundReason; readonly message: string } }
  | { readonly waiting: string };

/** The bid a paid fee places has an id derived from the purchase: placing it twice places one. */
export const bidIdOfFee = (purchaseId: string): string => `fee-${purchaseId}`;

const CLOSED_CODES = new Set(['BIDDING_CLOSED', 'AD_CLOSED']);

async function placePaidBid(
  store: EventStore,
  purchase: NonNullable<PurchaseState['purchase']>,
  metadata: NewEventMetadata,
): Promise<Delivery> {
  const subject = purchase.subject;
  if (subject.kind !== 'bidFee') throw new Error('not a bid fee');
  const bidId = bidIdOfFee(purchase.purchaseId);
  const command: AdCommand = {
    type: 'PlaceBid',
    data: {
      bidId,
      userId: purchase.buyer.userId,
      username: purchase.buyer.username,
      bidAlias: subject.bidAlias,
      amount: subject.bidamt,
      type: subject.type,
      // The fee is the bidder's right to this one bid.
      bidderEntitled: true,
    },
    metadata: {
      ...metadata,
      eventId: randomUUID(),
      causationId: purchase.purchaseId,
      actor: { userId: purchase.buyer.userId, role: 'member' },
    },
  };
  try {
    await handleCommand({ store, streamId: adStream(subject.adId), decider: adDecider, command });
    return { delivered: { type: 'bidPlaced', adId: subject.adId, bidId } };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return CLOSED_CODES.has(error.code)
      ? {
          refund: {
            reason: 'biddingClosed',
            message: BILLING_MESSAGES.bidFeeRefundedBiddingClosed,
          },
        }
      : { refund: { reason: 'notFulfillable', message: BILLING_MESSAGES.bidFeeRefundedNotPlaced } };
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
      return { delivered: { type: 'shareFeePaid', company: subject.company } };
    case 'adSpace':
      return { waiting: 'ad space is activated by the ad space issue (#8)' };
  }
}
