import type { Knex } from 'knex';
import { DomainError } from '@boli/engine/shared/decider';
import { isAdWithdrawn } from '@boli/projections/ads/ads.queries';

/**
 * No bids on a blocked member's ads: they are withdrawn (gone from the lists, the search and their
 * pages) till the block is lifted, and a page left open from before must not bid on one. The
 * member is answered as the ad's page answers, 'Ad not found'; support's Ad history keeps the
 * refusal as AD_WITHDRAWN. A fee's bid is judged here before its payment, not again once paid.
 */
export async function refuseBidOnWithdrawnAd(db: Knex, adId: string): Promise<void> {
  if (await isAdWithdrawn(db, adId)) throw new DomainError('AD_WITHDRAWN', { adId });
}
