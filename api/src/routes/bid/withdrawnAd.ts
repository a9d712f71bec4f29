import type { Context, Middleware } from 'koa';
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
  if (await isAdWithdrawn(db, adId)) throw new DomainError('AD_WITHDRAWN', { adId });
}

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

declare module 'koa' {
  interface DefaultState {
    /** `checkWithdrawnAdAhead`'s check, for the route to take up. */
    withdrawnAdCheck?: { readonly adId: string; readonly check: Promise<void> };
  }
}

/**
 * Placed before the member's session check: starts `refuseBidOnWithdrawnAd` for the ad the body
 * names, so that both reads go to PostgreSQL at once and a bid's answer waits for one round trip
 * less. The route takes the outcome up (`withdrawnAdChecked`) once the member is known: a request
 * without a valid session is refused as before, whatever the ad.
 */
export const checkWithdrawnAdAhead =
  (db: Knex, adIdOf: (body: unknown) => string | undefined): Middleware =>
  async (ctx, next) => {
    const adId = adIdOf(ctx.request.body);
    if (adId !== undefined) {
      const check = refuseBidOnWithdrawnAd(db, adId);
      // Taken up by the route, or dropped with a request refused before it.
      check.catch(() => undefined);
      ctx.state.withdrawnAdCheck = { adId, check };
    }
    await next();
  };

/** The check `checkWithdrawnAdAhead` started for `adId`, else one made now. */
export const withdrawnAdChecked = (ctx: Context, db: Knex, adId: string): Promise<void> =>
  ctx.state.withdrawnAdCheck?.adId === adId
    ? ctx.state.withdrawnAdCheck.check
    : refuseBidOnWithdrawnAd(db, adId);
