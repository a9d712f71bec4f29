import { hasBid } from '@boli/engine/ads/ad.bidBook';
import type { PlaceBid } from '@boli/engine/ads/ad.commands';
import { adDecider } from '@boli/engine/ads/ad.decider';
import type { AdState } from '@boli/engine/ads/ad.state';
import { DomainError } from '@boli/engine/shared/decider';
import { adStream, type AdEvent } from '@boli/engine/ads/ad.events';
import { BILLING_MESSAGES } from '@boli/engine/billing/billing.messages';
import { feeBidKeyOfSubject } from '@boli/engine/billing/feeBid.rules';
import type { PurchaseSubject } from '@boli/engine/billing/purchase.events';
import { bidsPlacedByFees } from '@boli/projections/billing/purchases.queries';
import { ApiError } from '../http/errors.ts';
import type { Infrastructure } from '../infrastructure.ts';
import { refuseBidOnWithdrawnAd } from '../routes/bid/withdrawnAd.ts';

/*
 * Before a member pays a bid processing fee, the bid is judged as it would be placed now (ad open,
 * not their own, not withdrawn, amount, type and alias valid), so nobody pays for a bid that would
 * be refused.
 * The same decider judges it again once the fee is captured; if bidding closed in between, the fee
 * is refunded (settlement.ts).
 */

/**
 * Refuses (409 `FEE_BID_PLACED`) a fee for a bid that another paid fee of the member placed
 * already (the same bid paid in another tab): it would only be charged and refunded.
 */
export async function refuseFeeBidPlaced(
  { db }: Pick<Infrastructure, 'db'>,
  userId: string,
  subject: Extract<PurchaseSubject, { kind: 'bidFee' }>,
): Promise<void> {
  const placed = await bidsPlacedByFees(db, userId, [subject.adId]);
  if (placed.has(feeBidKeyOfSubject(subject)))
    throw new ApiError(409, BILLING_MESSAGES.unpaidBidFeePlaced, 'FEE_BID_PLACED');
}

/** Throws the DomainError the ad would answer this bid with; returns the ad's name otherwise. */
export async function judgeBidBeforePayment(
  { store, db }: Pick<Infrastructure, 'store' | 'db'>,
  adId: string,
  command: PlaceBid,
): Promise<{ itemName: string }> {
  await refuseBidOnWithdrawnAd(db, adId);
  const events = await store.readStream(adStream(adId));
  const state = events.reduce(
    (folded, event) => adDecider.evolve(folded, event as unknown as AdEvent),
    adDecider.initialState(),
  );
  decidePaidBid(command, state);
  const posted = events.find((event) => event.type === 'AdPosted')?.data as
    { itemName?: string } | undefined;
  return { itemName: posted?.itemName ?? '' };
}

/** A fee's bid that is the member's newest bid on the ad again, which the ad keeps once. */
export const BID_ALREADY_PLACED = 'BID_ALREADY_PLACED';

/**
 * The ad's decision on a bid a fee pays for, before the payment and as it is delivered; refused
 * (BID_ALREADY_PLACED) when it is the member's newest bid sent again (`repeatsOwnLastBid`), which
 * the ad would keep once: the fee would buy nothing. A fee's own bid placed already is no refusal.
 */
export function decidePaidBid(command: PlaceBid, state: AdState): AdEvent[] {
  const events = adDecider.decide(command, state);
  if (events.length === 0 && !hasBid(state.bids, command.data.bidId)) {
    throw new DomainError(BID_ALREADY_PLACED);
  }
  return events;
}
