import type { Context } from 'koa';
import type { Router } from '@koa/router';
import { createRouter } from '../../http/router.ts';
import type { AdCommand, PlaceBid } from '@boli/engine/ads/ad.commands';
import { adDecider } from '@boli/engine/ads/ad.decider';
import { adStream, type BidPhase } from '@boli/engine/ads/ad.events';
import { AD_MESSAGES } from '@boli/engine/ads/ad.messages';
import type { Actor } from '@boli/engine/eventStore/eventStore';
import { DomainError } from '@boli/engine/shared/decider';
import { MESSAGES } from '@boli/engine/shared/messages';
import { withAdded } from '@boli/engine/shared/objects';
import {
  bidPage,
  bidSummaryView,
  userBidPage,
  type SummaryOptions,
  type Viewer,
} from '@boli/projections/bids/bids.queries';
import { bidSummaryFromFold } from '@boli/projections/bids/bids.fromFold';
import { optionalAuth, requireAuth, requireMember } from '../../http/auth.ts';
import { commandMetadata, execute, idempotencyKeyOf, idOfRequest } from '../../http/commands.ts';
import { success } from '../../http/envelope.ts';
import { activeSignedInMember, bidAliasOf } from '../../http/members.ts';
import { ApiError, parseInput } from '../../http/errors.ts';
import { adKey } from '../posts/schema.ts';
import { keepRefusal, refuseOthersUsernameKept } from './keepRefusal.ts';
import { refusalOf } from '../../http/domainErrors.ts';
import { subscribeRefusal } from '../../http/subscribeRefusal.ts';
import { withdrawnAdChecked, withdrawnFromViewer } from './withdrawnAd.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import {
  bidAmountFields,
  bidListQuery,
  closeBidBody,
  finalCallBody,
  inBidFormTerms,
  placeBidBody,
  userBidsQuery,
} from './schema.ts';

type BidInfra = Pick<Infrastructure, 'db' | 'store' | 'idempotency' | 'config'>;

const memberActor = (userId: string): Actor => ({ userId, role: 'member' });
const phaseOf = (isAfterFinalCall: boolean | undefined): BidPhase =>
  isAfterFinalCall ? 'afterFinalCall' : 'beforeFinalCall';
/**
 * The read models a command's answer waits for. A bid waits for the bid summary alone (it is the
 * busiest call, and an ad's card shows no bid it would change at once); a final call and a close
 * change the ad's cards too, so that My Ads, opened next, shows the ad as the owner left it.
 */
const readModelsOf = (command: AdCommand): readonly string[] =>
  command.type === 'PlaceBid' ? ['bids'] : ['bids', 'ads'];
const viewerOf = (ctx: Context): Viewer =>
  ctx.state.auth ? { userId: ctx.state.auth.userId } : {};

/** Section 7's /api/bid calls: place a bid, the summary and lists, final call and close. */
export function bidRouter(infra: BidInfra): Router {
  const router = createRouter({ prefix: '/api/bid' });
  const auth = requireAuth(infra);
  // Placing a bid, a final call and a close act as an active member: read with the session.
  const member = requireMember(infra);

  const summaryOf = async (
    ctx: Context,
    adId: string,
    lists: Pick<SummaryOptions, 'pages' | 'limit'> = {},
  ) => {
    const summary = await bidSummaryView(infra.db, {
      adId,
      viewer: viewerOf(ctx),
      ...lists,
      now: new Date(),
    });
    if (summary === undefined) throw new ApiError(404, AD_MESSAGES.adNotFound, 'AD_NOT_FOUND');
    return summary;
  };

  /** A member's command on an ad, stamped with the request's metadata (its time, its actor). */
  const asMember = (ctx: Context, command: Omit<AdCommand, 'metadata'>): AdCommand =>
    withAdded(command, {
      metadata: commandMetadata(ctx, memberActor(ctx.state.auth!.userId)),
    }) as AdCommand;

  const run = async (ctx: Context, adId: string, command: AdCommand) => {
    const key = idempotencyKeyOf(ctx, ctx.state.auth!.userId);
    try {
      if (command.type === 'PlaceBid') await withdrawnAdChecked(ctx, infra.db, adId);
      return await execute(infra, {
        streamId: adStream(adId),
        decider: adDecider,
        command,
        readModels: readModelsOf(command),
        // The command id is fresh per request: only a client's key is worth an answer kept.
        keepAnswer: 'withKey',
        ...(key ? { idempotencyKey: key } : {}),
      });
    } catch (error) {
      if (error instanceof DomainError && command.type === 'PlaceBid') {
        await keepRefusal(ctx, infra.store, adId, command, refusalOf(error));
        throw subscribeRefusal(inBidFormTerms(error));
      }
      throw subscribeRefusal(error);
    }
  };

  // Only the ad's id is read with the session: the whole body is parsed once, by the route.
  const adOfBid = (body: unknown) =>
    adKey.safeParse((body as { item_id?: unknown } | undefined)?.item_id).data;
  router.post('/', requireMember(infra, adOfBid), async (ctx) => {
    const body = parseInput(placeBidBody, ctx.request.body ?? {}, MESSAGES.enterAllBidDetails);
    const bidder = activeSignedInMember(ctx);
    // A retried request (same Idempotency-Key) is the same command: the same bid id.
    const key = idempotencyKeyOf(ctx, bidder.user_id);
    const command = asMember(ctx, {
      type: 'PlaceBid',
      data: {
        bidId: idOfRequest(key),
        userId: bidder.user_id,
        username: bidder.username,
        bidAlias: bidAliasOf(body.bidAlias, bidder),
        ...bidAmountFields(body.bidamt),
        type: body.type ?? null,
        bidderEntitled: ctx.state.member!.entitled,
      },
    }) as PlaceBid;
    await refuseOthersUsernameKept(ctx, infra, body.item_id, command, bidder);
    const placed = await run(ctx, body.item_id, command);
    // The fold that took the bid holds the summary the read model now has (it was waited for);
    // a retried bid, answered from before, reads it.
    const summary = placed.state
      ? bidSummaryFromFold({
          ad: placed.state,
          viewerId: bidder.user_id,
          viewerContact: bidder,
          now: new Date(),
          position: placed.position,
        })
      : await summaryOf(ctx, body.item_id);
    ctx.body = success(summary, MESSAGES.bidPosted);
  });

  router.post('/finalCall', member, async (ctx) => {
    const body = parseInput(finalCallBody, ctx.request.body ?? {});
    activeSignedInMember(ctx);
    await run(
      ctx,
      body.item_id,
      asMember(ctx, {
        type: 'MakeFinalCall',
        data: { userId: ctx.state.auth!.userId, deadline: body.finalCallDateTime },
      }),
    );
    ctx.body = success(await summaryOf(ctx, body.item_id), MESSAGES.finalCallDone);
  });

  router.post('/closeBid', member, async (ctx) => {
    const body = parseInput(closeBidBody, ctx.request.body ?? {});
    activeSignedInMember(ctx);
    await run(
      ctx,
      body.item_id,
      asMember(ctx, {
        type: 'CloseBidding',
        data: { reason: 'closedEarlyByOwner', userId: ctx.state.auth!.userId },
      }),
    );
    ctx.body = success(await summaryOf(ctx, body.item_id), MESSAGES.bidClosed);
  });

  /** A blocked member's ad, withdrawn from this viewer (`withdrawnFromViewer`): 'Ad not found'. */
  const readableAd = async (ctx: Context, adId: string) => {
    if (await withdrawnFromViewer(infra.db, ctx.state.auth?.roles, adId)) {
      throw new DomainError('AD_WITHDRAWN', { adId });
    }
  };

  /**
   * The summary whose list for `isAfterFinalCall` holds page `page` (the other list: page 0),
   * both lists in pages of `limit` bids.
   */
  router.get('/bids', optionalAuth(infra), async (ctx) => {
    const query = parseInput(bidListQuery, ctx.query);
    await readableAd(ctx, query.item_id);
    const phase = phaseOf(query.isAfterFinalCall);
    ctx.body = success(
      await summaryOf(ctx, query.item_id, { pages: { [phase]: query.page }, limit: query.limit }),
    );
  });

  router.get('/getBids', optionalAuth(infra), async (ctx) => {
    const query = parseInput(bidListQuery, ctx.query);
    await readableAd(ctx, query.item_id);
    const page = await bidPage(infra.db, {
      adId: query.item_id,
      viewer: viewerOf(ctx),
      phase: phaseOf(query.isAfterFinalCall),
      page: query.page,
      limit: query.limit,
    });
    if (page === undefined) throw new ApiError(404, AD_MESSAGES.adNotFound, 'AD_NOT_FOUND');
    ctx.body = success(page, page.bids.length === 0 ? MESSAGES.noBidsPosted : '');
  });

  router.get('/getUserBids', auth, async (ctx) => {
    const query = parseInput(userBidsQuery, ctx.query);
    const page = await userBidPage(infra.db, {
      bidderId: ctx.state.auth!.userId,
      adId: query.item_id,
      phase: query.isAfterFinalCall === undefined ? undefined : phaseOf(query.isAfterFinalCall),
      page: query.page,
      limit: query.limit,
    });
    ctx.body = success(page, page.bids.length === 0 ? MESSAGES.noBidsPosted : '');
  });

  return router;
}
