import type { Router } from '@koa/router';
import { createRouter } from '../../http/router.ts';
import type { Context } from 'koa';
import { z } from 'zod';
import { accountDecider } from '@boli/engine/accounts/account.decider';
import { accountStream, type AccountEvent } from '@boli/engine/accounts/account.events';
import {
  actingRoleOf,
  AD_HISTORY_ROLES,
  blockRefusal,
  STAFF_ROLES,
  SUPPORT_ROLES,
} from '@boli/engine/accounts/staffRoles';
import type { AccountCommand } from '@boli/engine/accounts/account.commands';
import { adStream } from '@boli/engine/ads/ad.events';
import {
  adEditsOf,
  replayAd,
  toHistoryEntry,
  type DetailChange,
} from '@boli/engine/ads/ad.history';
import { bidRefusalsStream, refusedBidsOf } from '@boli/engine/ads/bidRefusal';
import { verifyStreamChain } from '@boli/engine/eventStore/hashChain';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { AD_MESSAGES } from '@boli/engine/ads/ad.messages';
import { paiseToRupees } from '@boli/engine/shared/money';
import { findAd, isAdWithdrawn } from '@boli/projections/ads/ads.queries';
import { adsForStaff } from '@boli/projections/ads/ads.staffLookup';
import { biddingAt } from '@boli/projections/ads/ads.view';
import { orNothingBeforeFirstBuild } from '@boli/projections/runtime/beforeFirstBuild';
import { findUserById, usersHoldingAnyRole } from '@boli/projections/users/users.queries';
import { forbidden, requireAuth, requireRole, sessionService } from '../../http/auth.ts';
import { commandMetadata, execute } from '../../http/commands.ts';
import { success } from '../../http/envelope.ts';
import { ApiError, parseInput } from '../../http/errors.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import type { RecordedEvent } from '@boli/engine/eventStore/eventStore';
import { blockedSpans, moderationStatus, spanHolding, type BlockedSpan } from './moderation.ts';
import { slotHistory } from './slotHistory.ts';
import { SLOT_SPACE_TYPES } from '@boli/engine/adspace/adSpace.rules';
import { ADSPACE_MESSAGES } from '@boli/engine/adspace/adspace.messages';
import { instantOfDateTime, isCalendarDate } from '@boli/engine/shared/indiaTime';
import { adKey } from '../posts/schema.ts';
import { transactionsPage } from '../billing/billingDeps.ts';
import { transactionsQuery } from '../billing/schema.ts';

// No upper bound on ids: one no member or ad can have is simply not found (404), as any other.
const userParams = z.object({ userId: z.string().trim().min(1) });
/** Why a member is blocked, or unblocked: both are kept in their moderation history. */
const reasonBody = z.object({ reason: z.string().trim().min(1, 'Please give a reason').max(500) });

// A key of spaces is no ad's: 'Ad not found', as for any other (not a field's own words).
const historyParams = z.object({ adId: adKey });
const slotParams = z.object({
  type: z.enum(SLOT_SPACE_TYPES),
  slotdate: z.string().refine(isCalendarDate, MESSAGES.invalidDate),
});
const adLookupQuery = z.object({
  key: z.string().trim().min(1).max(LIMITS.staffLookupKeyMax, MESSAGES.staffLookupTooLong),
  /** How many pages of ads to answer (Show more asks for one more). */
  pages: z.coerce.number().int().min(1).max(LIMITS.staffLookupPagesMax).default(1),
});
const historyQuery = z.object({
  /** ISO-8601 with its offset, or India's clock without one, as the screen reads its address. */
  asOf: z
    .string()
    .max(100)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const instant = instantOfDateTime(value);
      if (instant !== undefined) return instant;
      ctx.addIssue({ code: 'custom', message: 'asOf must be an ISO-8601 date-time' });
      return z.NEVER;
    }),
});

/** What block and unblock answer when the member already stood so. */
export const MODERATION_ANSWERS = {
  blockedAlready: 'This member was blocked already, by a colleague or in another tab.',
  notBlocked: 'This member is not blocked: nothing was changed.',
} as const;

/**
 * Staff tools. `GET /api/support/ads?key=` finds ads by their owner's username, the code of
 * their id or link, or their name (`adsForStaff`), blocked owners' too; the ad whose whole id or
 * uid the key is first, found by 'id'.
 * `GET /api/support/ads/:adId/history?asOf=` answers an ad's whole stream (each event
 * with both clocks, actor, request and hash), whether its hash chain is intact, and the ad replayed
 * as it stood at `asOf` — every bid with its amount, Hidden ones included — and every bid the ad
 * refused (`refusals`, from their own stream, with its chain), and whether it is `withdrawn` now
 * (its owner blocked).
 * `GET /api/support/slots/:type/:slotdate` answers an ad slot's bids, close, offers and sale.
 * `GET /api/support/users/:userId` answers whether a member is blocked, from their own account
 * stream (no read-model lag), so the block and unblock buttons act on what is true now.
 */
export function supportRouter(infra: Infrastructure): Router {
  const router = createRouter({ prefix: '/api/support' });
  router.use(requireAuth(infra), requireRole(...AD_HISTORY_ROLES));

  /** The role a staff member moderates in: admin first (SUPPORT_ROLES' order); none: 403. */
  const actingRole = (ctx: Context): string => {
    const role = actingRoleOf(ctx.state.auth!.roles, SUPPORT_ROLES);
    if (role === undefined) throw forbidden();
    return role;
  };

  /** Runs an account command as the signed-in staff member, in the role that allows it. */
  const asStaff = async (
    ctx: Context,
    userId: string,
    command: Omit<AccountCommand, 'metadata'>,
  ) => {
    const auth = ctx.state.auth!;
    const role = actingRole(ctx);
    // Not the decider's 'Signup first', which speaks to a member about their own account.
    if ((await findUserById(infra.db, userId)) === undefined)
      throw new ApiError(404, MESSAGES.noUsersFound, 'NOT_FOUND');
    const { events } = await execute(infra, {
      streamId: accountStream(userId),
      decider: accountDecider,
      command: {
        ...command,
        metadata: commandMetadata(ctx, { userId: auth.userId, role }),
      } as AccountCommand,
      readModels: ['users', 'ads'],
    });
    // Blocking the blocked, or unblocking the active, changes nothing (a colleague did it).
    return events.length > 0;
  };

  /** The spans the owner of an ad (its AdPosted's) was blocked, from their account stream. */
  const ownerBlocksOf = async (events: readonly RecordedEvent[]): Promise<BlockedSpan[]> => {
    const posted = events.find((event) => event.type === 'AdPosted');
    if (!posted) return [];
    const ownerId = String((posted.data as { postedBy?: unknown }).postedBy);
    const account = await infra.store.readStream(accountStream(ownerId));
    const status = moderationStatus(account as unknown as AccountEvent[]);
    return status ? blockedSpans(status.history) : [];
  };

  router.get('/users/:userId', requireRole(...SUPPORT_ROLES), async (ctx) => {
    const { userId } = parseInput(userParams, ctx.params);
    const events = await infra.store.readStream(accountStream(userId));
    const found = moderationStatus(events as unknown as AccountEvent[]);
    if (found === undefined) throw new ApiError(404, MESSAGES.noUsersFound, 'NOT_FOUND');
    // Names are for people to read; the read model's lag does not matter for a staff member.
    const staffIds = [...new Set(found.history.map((step) => step.by))];
    const names = new Map(
      await Promise.all(
        staffIds.map(
          async (id) => [id, (await findUserById(infra.db, id))?.username ?? null] as const,
        ),
      ),
    );
    const { roles, history, ...standing } = found;
    ctx.body = success({
      ...standing,
      blockedByUsername: found.blockedBy === null ? null : (names.get(found.blockedBy) ?? null),
      history: history.map((step) => ({ ...step, byUsername: names.get(step.by) ?? null })),
      // Whether this viewer may block them, by the decider's own rule.
      blockable:
        blockRefusal(
          { userId: ctx.state.auth!.userId, role: actingRole(ctx) },
          { userId: found.userId, roles },
        ) === undefined,
    });
  });

  /**
   * A member's purchases as their Transactions lists them, a page at a time: support settles a
   * payment dispute from the member's profile, with the invoices and credit notes to download.
   */
  router.get('/users/:userId/purchases', requireRole(...SUPPORT_ROLES), async (ctx) => {
    const { userId } = parseInput(userParams, ctx.params);
    const query = parseInput(transactionsQuery, ctx.query);
    if ((await findUserById(infra.db, userId)) === undefined)
      throw new ApiError(404, MESSAGES.noUsersFound, 'NOT_FOUND');
    ctx.body = success(await transactionsPage(infra, userId, query));
  });

  /**
   * Blocks a member and ends every session they hold, so no token of theirs works any more. Each
   * answer says whether it changed anything: one already blocked (by a colleague, in another tab)
   * is told so, and its history records nothing.
   */
  router.post('/users/:userId/block', async (ctx) => {
    const { userId } = parseInput(userParams, ctx.params);
    const { reason } = parseInput(reasonBody, ctx.request.body ?? {});
    const changed = await asStaff(ctx, userId, { type: 'BlockAccount', data: { reason } });
    const revoked = await sessionService(infra).revokeAllExcept(userId, undefined, new Date());
    ctx.body = success(
      { userId, blocked: true, changed, sessionsRevoked: revoked },
      changed ? 'Member blocked.' : MODERATION_ANSWERS.blockedAlready,
    );
  });

  router.post('/users/:userId/unblock', async (ctx) => {
    const { userId } = parseInput(userParams, ctx.params);
    const { reason } = parseInput(reasonBody, ctx.request.body ?? {});
    const changed = await asStaff(ctx, userId, { type: 'UnblockAccount', data: { reason } });
    ctx.body = success(
      { userId, blocked: false, changed },
      changed ? 'Member unblocked.' : MODERATION_ANSWERS.notBlocked,
    );
  });

  router.get('/ads', async (ctx) => {
    const { key, pages } = parseInput(adLookupQuery, ctx.query);
    const found = await orNothingBeforeFirstBuild(adsForStaff(infra.db, key, pages), {
      ads: [],
      more: false,
      noMember: null,
    });
    ctx.body = success({
      more: found.more,
      noMember: found.noMember,
      ads: found.ads.map(({ ad, foundBy, withdrawn, bids }) => ({
        _id: ad.ad_id,
        itemName: ad.item_name,
        postedByUsername: ad.posted_by_username,
        createdAt: ad.created_at,
        bidOpen: biddingAt(ad, new Date()).bidOpen,
        withdrawn,
        bids,
        foundBy,
      })),
    });
  });

  router.get('/ads/:adId/history', async (ctx) => {
    const { adId: asked } = parseInput(historyParams, ctx.params);
    const { asOf } = parseInput(historyQuery, ctx.query);
    // By its id, or by the uid of the ad's web address (what a shared link carries).
    const adId =
      (await orNothingBeforeFirstBuild(findAd(infra.db, asked, { blockedOwners: true }), undefined))
        ?.ad_id ?? asked;
    const events = await infra.store.readStream(adStream(adId));
    if (events.length === 0) throw new ApiError(404, AD_MESSAGES.adNotFound, 'AD_NOT_FOUND');
    const replay = replayAd(events, asOf);
    const latest = asOf === undefined ? replay : replayAd(events);
    const refusals = await infra.store.readStream(bidRefusalsStream(adId));
    const ownerBlocks = await ownerBlocksOf(events);
    const refusedBids = refusedBidsOf(refusals);
    const inRupees = <T extends { amount: number | null }>(bid: T) => ({
      ...bid,
      amount: bid.amount === null ? null : paiseToRupees(bid.amount),
    });
    // The price, as every amount here, in rupees.
    const priceInRupees = (value: unknown) =>
      typeof value === 'number' ? paiseToRupees(value) : value;
    const changeInRupees = (change: DetailChange) =>
      change.field === 'price'
        ? { ...change, from: priceInRupees(change.from), to: priceInRupees(change.to) }
        : change;
    ctx.body = success({
      adId,
      // The ad's name now: a replay before it was posted (or renamed) still names the ad.
      itemName: latest.itemName,
      // Now, whatever instant is replayed: its owner is blocked, so members cannot see it and its
      // bids are refused (AD_WITHDRAWN) till the block is lifted.
      withdrawn: await isAdWithdrawn(infra.db, adId),
      // Each span its owner was blocked, the ad withdrawn from members meanwhile.
      ownerBlocks,
      chain: verifyStreamChain(events),
      events: events.map(toHistoryEntry),
      // What each edit changed, from what to what: its event holds the new values only.
      edits: adEditsOf(events).map((edit) => ({
        ...edit,
        changes: edit.changes.map(changeInRupees),
      })),
      replay: {
        ...replay,
        // The block that withdrew the ad at the replayed instant (now, without one), if any.
        withdrawnBy: spanHolding(ownerBlocks, asOf ?? new Date().toISOString()),
        details: replay.details && {
          ...replay.details,
          price: paiseToRupees(replay.details.price),
        },
        bids: replay.bids.map(inRupees),
        highest: replay.highest.map(inRupees),
        leading: replay.leading === null ? null : inRupees(replay.leading),
      },
      // Every refused attempt, whatever instant is replayed: a dispute is often about one.
      refusals: {
        chain: verifyStreamChain(refusals),
        bids: refusedBids.map(inRupees),
      },
      // Bidders who hold a staff role: a dispute over an ad a staff member bid on is theirs to
      // hand to someone else.
      staffBidders: await usersHoldingAnyRole(
        infra.db,
        [...latest.bids.map((bid) => bid.bidderId), ...refusedBids.map((bid) => bid.bidderId)],
        STAFF_ROLES,
      ),
    });
  });

  /** A slot's bids, close, offers (with their purchases) and sale: `slotHistory.ts`. */
  router.get('/slots/:type/:slotdate', async (ctx) => {
    const slot = parseInput(slotParams, ctx.params);
    const history = await slotHistory(infra, slot);
    if (history === undefined) {
      throw new ApiError(404, ADSPACE_MESSAGES.slotHasNoBids, 'SLOT_NOT_FOUND');
    }
    ctx.body = success(history);
  });

  return router;
}
