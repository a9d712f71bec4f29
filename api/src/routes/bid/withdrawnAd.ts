import type { Context } from 'koa';
import type { Knex } from 'knex';
import { DomainError } from '@boli/engine/shared/decider';
import { isAdWithdrawn } from '@boli/projections/ads/ads.queries';
import { AD_HISTORY_ROLES, holdsRole } from '@boli/engine/accounts/staffRoles';

/**
 * No bids on a blocked member's ads: they are withdrawn (gone from the lists, the search and their
 * pages) till the block is lifted, and a page left open from before must not bid on one. The
 * member is answered as the ad's page answers, 'Ad not found'; support's Ad history keeps the
 * refusal as AD_WITHDRAWN. A fee's bid is judged here before its payment, not again once paid.
 */
export async function refuseBidOnWithdrawnAd(db: Knex, adId: string): Promise<void> {
  if (await isAdWithdrawn(db, adId)) throw withdrawn(adId);
}

const withdrawn = (adId: string): DomainError => new DomainError('AD_WITHDRAWN', { adId });

/**
 * Whether the ad is withdrawn from a viewer holding `roles`: a blocked member's ad, its bids with
 * it, is 'Ad not found' to members and guests, over HTTP and the live socket alike; staff, who
 * may need to see what was blocked, still read it.
 */
export const withdrawnFromViewer = async (
  db: Knex,
  roles: readonly string[] | undefined,
  adId: string,
): Promise<boolean> => !holdsRole(roles, AD_HISTORY_ROLES) && (await isAdWithdrawn(db, adId));

/**
 * Refuses a bid on a withdrawn ad as `requireMember` read it with the session, when it read this
 * ad (a bid's checks then cost one statement); else as read now.
 */
export async function withdrawnAdChecked(ctx: Context, db: Knex, adId: string): Promise<void> {
  const read = ctx.state.memberAd;
  if (read?.adId !== adId) return refuseBidOnWithdrawnAd(db, adId);
  if (read.withdrawn) throw withdrawn(adId);
}
