import { randomUUID } from 'node:crypto';
import { createRouter } from '../../http/router.ts';
import type { Context, Next } from 'koa';
import type { PlaceSlotBid } from '@boli/engine/adspace/adSlot.commands';
import { adSlotDecider } from '@boli/engine/adspace/adSlot.decider';
import { adSlotStream } from '@boli/engine/adspace/adSlot.events';
import { hasSlotBiddingEnded, isSameSlotBid } from '@boli/engine/adspace/adSlot.rules';
import { slotOutcomeFor } from '@boli/engine/adspace/slotOutcome';
import { quoteWonSlot } from '@boli/engine/billing/quote';
import { uuidV5 } from '@boli/engine/commandHandling/eventIds';
import { isCalendarDate } from '@boli/engine/shared/indiaTime';
import { MESSAGES } from '@boli/engine/shared/messages';
import { paiseToRupees } from '@boli/engine/shared/money';
import { bidsOfSlot, calendarBetween } from '@boli/projections/adspace/adspace.queries';
import { hasActiveEntitlement } from '@boli/projections/entitlements/entitlements.queries';
import { bearerToken, requireAuth } from '../../http/auth.ts';
import { commandMetadata, execute, idempotencyKeyOf } from '../../http/commands.ts';
import { success } from '../../http/envelope.ts';
import { ApiError, parseInput } from '../../http/errors.ts';
import { activeMember } from '../../http/members.ts';
import { subscribeRefusal } from '../../http/subscribeRefusal.ts';
import { quoteOf } from '../../payments/purchaseInfo.ts';
import { loadSlot } from '../../payments/slotSale.ts';
import { billingSettingsOf, type BillingInfra } from '../billing/billingDeps.ts';
import { bidAmountInPaise } from '../bid/schema.ts';
import {
  calendarQuery,
  slotBidBody,
  slotBidQuoteQuery,
  slotBidsQuery,
  slotDateBidsQuery,
  slotTypeOf,
} from './schema.ts';
import { calendarEventView, slotBidView } from './views.ts';

/** Section 5: a slot bid without a session is answered 'Please login first'. */
const loginFirst = async (ctx: Context, next: Next): Promise<void> => {
  if (bearerToken(ctx) === undefined) {
    throw new ApiError(401, MESSAGES.pleaseLoginFirst, 'UNAUTHORIZED');
  }
  await next();
};

/**
 * Section 7's slot bids (/api/adbid, docs/api/adspace.md): bid for a dated authPages or
 * sidePanels slot, a slot's bids, where the slot stands for the viewer once closed, and the
 * calendar's per-date highest bids.
 */
export function adbidRouter(infra: Pick<BillingInfra, 'db' | 'store' | 'idempotency' | 'config'>) {
  const router = createRouter({ prefix: '/api/adbid' });
  const auth = requireAuth(infra);

  router.post('/', loginFirst, auth, async (ctx) => {
    const body = parseInput(slotBidBody, ctx.request.body ?? {}, MESSAGES.pleaseEnterAllDetails);
    const bidder = await activeMember(infra, ctx);
    const type = slotTypeOf(body.type);
    const key = idempotencyKeyOf(ctx, `adbid:${bidder.user_id}`);
    const command: PlaceSlotBid = {
      type: 'PlaceSlotBid',
      data: {
        // A retried request (same Idempotency-Key) is the same bid.
        bidId: key ? uuidV5(key) : randomUUID(),
        userId: bidder.user_id,
        username: bidder.username,
        type,
        slotdate: body.slotdate,
        bidamt: bidAmountInPaise(body.bidamt),
        company: body.company,
        bidderEntitled: await hasActiveEntitlement(infra.db, bidder.user_id, new Date()),
      },
      metadata: commandMetadata(ctx, { userId: bidder.user_id, role: 'member' }),
    };
    if (type === null || !isCalendarDate(body.slotdate)) {
      // No slot to load: the domain words the refusal from the command alone.
      adSlotDecider.decide(command, adSlotDecider.initialState());
      throw new ApiError(400, MESSAGES.pleaseEnterAllDetails, 'SLOT_BID_DETAILS_MISSING');
    }
    const result = await execute(infra, {
      streamId: adSlotStream(type, body.slotdate),
      decider: adSlotDecider,
      command,
      readModels: ['ad_slots'],
      ...(key ? { idempotencyKey: key } : {}),
    }).catch((error: unknown) => {
      throw subscribeRefusal(error);
    });
    const placed = result.events[0];
    // Nothing new: the member's same bid was standing already (sent from another tab, whose
    // answer may still be waiting for the read model): the slot's own log says which.
    const asked = { ...command.data, bidamt: command.data.bidamt! };
    const bid =
      placed?.type === 'SlotBidPlaced'
        ? placed.data
        : (await loadSlot(infra.store, { type, slotdate: body.slotdate })).bids.find((standing) =>
            isSameSlotBid(standing, asked),
          );
    if (bid === undefined) throw new Error('no slot bid placed');
    ctx.body = success(slotBidView(bid, ctx.state.auth!.userId), MESSAGES.adBidPosted);
  });

  /** The bids of a slot date, highest first: of the `type` given, or of both types, by type. */
  router.get('/bids', auth, async (ctx) => {
    const { slotdate, type } = parseInput(slotDateBidsQuery, ctx.query);
    const viewerId = ctx.state.auth!.userId;
    const bids = await bidsOfSlot(infra.db, slotdate, type);
    ctx.body = success(bids.map((bid) => slotBidView(bid, viewerId)));
  });

  /** Where the slot stands for the viewer once bidding closed: offered, sold, unsold (slotOutcome.ts). */
  router.get('/slot', auth, async (ctx) => {
    const slot = parseInput(slotBidsQuery, ctx.query);
    const ended = hasSlotBiddingEnded(slot.slotdate, new Date().toISOString());
    const state = await loadSlot(infra.store, slot);
    const outcome = slotOutcomeFor(state, ctx.state.auth!.userId, ended);
    ctx.body = success({
      ...outcome,
      bidamt: outcome.bidamt === null ? null : paiseToRupees(outcome.bidamt),
    });
  });

  /**
   * What the member pays should a bid of `bidamt` win the slot: the bid, its GST and the total,
   * worked out as the sale of the won slot will (`quoteWonSlot`), recording nothing.
   */
  router.get('/purchaseInfo', auth, async (ctx) => {
    const query = parseInput(slotBidQuoteQuery, ctx.query, MESSAGES.pleaseEnterAllDetails);
    const bidamt = bidAmountInPaise(query.bidamt);
    if (bidamt === null || bidamt <= 0) {
      throw new ApiError(400, MESSAGES.pleaseEnterAllDetails, 'SLOT_BID_DETAILS_MISSING');
    }
    const buyer = await activeMember(infra, ctx);
    const line = quoteWonSlot({
      type: query.type,
      slotdate: query.slotdate,
      bidamt,
      settings: billingSettingsOf(infra.config),
      buyerState: buyer.state,
    });
    ctx.body = success(quoteOf('adSlot', line.name, line));
  });

  router.get('/bid-events', auth, async (ctx) => {
    const range = parseInput(calendarQuery, ctx.query);
    ctx.body = success((await calendarBetween(infra.db, range)).map(calendarEventView));
  });

  return router;
}
