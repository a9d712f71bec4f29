import type { PlaceBid } from '@boli/engine/ads/ad.commands';
import { adDecider } from '@boli/engine/ads/ad.decider';
import { adStream, type AdEvent } from '@boli/engine/ads/ad.events';
import type { Infrastructure } from '../infrastructure.ts';
import { refuseBidOnWithdrawnAd } from '../routes/bid/withdrawnAd.ts';

/*
 * Before a member pays a bid processing fee, the bid is judged as it would be placed now (ad open,
 * not their own, not withdrawn, amount, type and alias valid), so nobody pays for a bid that would
 * be refused.
 * The same decider judges it again once the fee is captured; if bidding closed in between, the fee
 * is refunded (settlement.ts).
 */

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
  adDecider.decide(command, state);
  const posted = events.find((event) => event.type === 'AdPosted')?.data as
    { itemName?: string } | undefined;
  return { itemName: posted?.itemName ?? '' };
}
