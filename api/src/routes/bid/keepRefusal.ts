import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { PlaceBid } from '@boli/engine/ads/ad.commands';
import { keepBidRefusal } from '@boli/engine/ads/bidRefusal';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import { findAdBidding } from '@boli/projections/bids/bids.queries';
import { ApiError } from '../../http/errors.ts';
import { refuseOthersUsername } from '../../http/members.ts';
import type { MemberFacts } from '../../http/members.ts';

type Refusal = { readonly code: string; readonly message: string };

/**
 * Keeps a bid the ad refused for support's Ad history, in the words the member is answered with
 * (the bid form, the start of a bid fee's checkout); a failure to keep it only goes to the log,
 * the member's answer is the refusal either way.
 */
export const keepRefusal = (
  ctx: Context,
  store: EventStore,
  adId: string,
  command: PlaceBid,
  refusal: Refusal,
): Promise<void> =>
  keepBidRefusal(store, adId, command, refusal).catch((failed: unknown) =>
    ctx.log.warn({ err: failed, adId }, 'bid refusal not kept'),
  );

/**
 * `refuseOthersUsername` for a bid, its refusal kept like the ad's own: a bid under another
 * member's username is an attempt to pass for them, what a dispute may well be about. Kept only
 * for an ad that exists, as the ad's refusals are.
 */
export async function refuseOthersUsernameKept(
  ctx: Context,
  infra: { readonly db: Knex; readonly store: EventStore },
  adId: string,
  command: PlaceBid,
  member: Pick<MemberFacts, 'user_id' | 'bid_alias'>,
): Promise<void> {
  try {
    await refuseOthersUsername(infra.db, command.data.bidAlias, member);
  } catch (error) {
    if (error instanceof ApiError && error.code && (await findAdBidding(infra.db, adId))) {
      await keepRefusal(ctx, infra.store, adId, command, {
        code: error.code,
        message: error.message,
      });
    }
    throw error;
  }
}
