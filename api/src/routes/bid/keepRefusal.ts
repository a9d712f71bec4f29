import type { Context } from 'koa';
import type { PlaceBid } from '@boli/engine/ads/ad.commands';
import { keepBidRefusal } from '@boli/engine/ads/bidRefusal';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import type { DomainError } from '@boli/engine/shared/decider';
import { refusalOf } from '../../http/domainErrors.ts';

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
  error: DomainError,
): Promise<void> =>
  keepBidRefusal(store, adId, command, refusalOf(error)).catch((failed: unknown) =>
    ctx.log.warn({ err: failed, adId }, 'bid refusal not kept'),
  );
