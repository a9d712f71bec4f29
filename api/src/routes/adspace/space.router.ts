import { randomUUID } from 'node:crypto';
import type { Router } from '@koa/router';
import { createRouter } from '../../http/router.ts';
import type { Context } from 'koa';
import { adAudienceStream, type AdAudienceEvent } from '@boli/engine/adspace/adAudience.events';
import { adSpaceDecider } from '@boli/engine/adspace/adSpace.decider';
import { adSpaceStream } from '@boli/engine/adspace/adSpace.events';
import { ADSPACE_MESSAGES } from '@boli/engine/adspace/adspace.messages';
import { isBoughtDirectly, isShowingAt } from '@boli/engine/adspace/adSpace.rules';
import { indiaDateOf } from '@boli/engine/shared/indiaTime';
import { adSpaceProductKey, pricedCycle } from '@boli/engine/billing/products';
import { LIMITS } from '@boli/engine/shared/limits';
import { paiseToRupees } from '@boli/engine/shared/money';
import {
  findSpace,
  showingSpaces,
  spacesOfMember,
  type SpaceRow,
} from '@boli/projections/adspace/adspace.queries';
import { requireAuth } from '../../http/auth.ts';
import { commandMetadata, execute, idempotencyKeyOf } from '../../http/commands.ts';
import { success } from '../../http/envelope.ts';
import { ApiError, parseInput, ValidationError } from '../../http/errors.ts';
import { activeMember } from '../../http/members.ts';
import { removeStored } from '../../media/adMedia.ts';
import { drainRequest, receiveAdForm, removeScratch } from '../../media/adMediaUpload.ts';
import { purchaseIdFor, quoteFor, startPurchase } from '../../payments/checkout.ts';
import { quoteOf } from '../../payments/purchaseInfo.ts';
import {
  checkoutDeps,
  confirmCheckout,
  infoOf,
  type BillingInfra,
} from '../billing/billingDeps.ts';
import { PER_IP_LIMITS } from '../../identity/rateLimit.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import { withinRate } from '../auth/support.ts';
import { storeAll } from '../posts/adForm.ts';
import { adsContext, type AdsRouterOptions } from '../posts/router.ts';
import {
  addSpaceBody,
  cycleQuery,
  spaceIdBody,
  spaceIdParam,
  spaceIdQuery,
  spaceListQuery,
  spacePaymentBody,
  spaceQuery,
} from './schema.ts';
import { activeView, creativeView, spaceView } from './views.ts';

/** Read models the space answers read. */
const SPACE_READ_MODELS = ['ad_spaces'] as const;

/**
 * Section 7's ad space calls (/api/space, docs/api/adspace.md): price and buy an inStream or
 * betweenPosts space for a cycle, the member's spaces, their creative, what the site shows now,
 * and impressions and clicks.
 */
export function spaceRouter(
  infra: BillingInfra & Pick<Infrastructure, 'redis'>,
  options: AdsRouterOptions = {},
): Router {
  const router = createRouter({ prefix: '/api/space' });
  const auth = requireAuth(infra);
  const deps = checkoutDeps(infra);
  const { storage, media } = adsContext(infra, options);

  const ownSpace = async (ctx: Context, spaceId: string): Promise<SpaceRow> => {
    const space = await findSpace(infra.db, spaceId);
    if (space === undefined) {
      throw new ApiError(404, ADSPACE_MESSAGES.spaceNotFound, 'SPACE_NOT_FOUND');
    }
    if (space.userId !== ctx.state.auth!.userId) {
      throw new ApiError(403, ADSPACE_MESSAGES.notSpaceOwner, 'NOT_SPACE_OWNER');
    }
    return space;
  };

  router.get('/space', auth, async (ctx) => {
    const { name, cycle } = parseInput(spaceQuery, ctx.query);
    const buyer = await activeMember(infra, ctx);
    const line = await quoteFor(
      deps,
      adSpaceProductKey(name, cycle),
      buyer.state,
      pricedCycle(cycle),
    );
    ctx.body = success({
      _id: name,
      name,
      cycle,
      country: 'India',
      price: paiseToRupees(line.price),
      totalPriceAfterTax: paiseToRupees(line.total),
    });
  });

  router.get('/purchaseInfo/:id', auth, async (ctx) => {
    const { id } = parseInput(spaceIdParam, ctx.params);
    const { cycle } = parseInput(cycleQuery, ctx.query);
    const buyer = await activeMember(infra, ctx);
    const line = await quoteFor(
      deps,
      adSpaceProductKey(id, cycle),
      buyer.state,
      pricedCycle(cycle),
    );
    ctx.body = success(quoteOf('adSpace', line.name, line));
  });

  router.post('/add/:id', auth, async (ctx) => {
    const { id } = parseInput(spaceIdParam, ctx.params);
    const asked = parseInput(addSpaceBody, ctx.request.body ?? {});
    // Section 9: daily is the quarterly value — priced, invoiced and run as a quarter.
    const cycle = pricedCycle(asked.cycle);
    if (!isBoughtDirectly(id)) {
      throw new ApiError(400, ADSPACE_MESSAGES.selectDatesInCalendar, 'SELECT_DATES_IN_CALENDAR', {
        calendarAt: '/bid-calendar',
      });
    }
    const buyer = await activeMember(infra, ctx);
    const purchaseId = purchaseIdFor(idempotencyKeyOf(ctx, `adSpace:${buyer.user_id}`));
    const state = await startPurchase(deps, {
      purchaseId,
      buyer,
      // The space's id is the purchase's: the checkout's advtId names both.
      subject: { kind: 'adSpace', spaceType: id, cycle, spaceId: purchaseId },
      productKey: adSpaceProductKey(id, cycle),
      cycle,
      metadata: commandMetadata(ctx, { userId: buyer.user_id, role: 'member' }),
    });
    // A checkout opened again pays the space's purchase left open: its id, not this request's.
    const info = infoOf(infra, state);
    ctx.body = success({ ...info, advtId: info._id });
  });

  router.post(['/payment/success', '/payment/success/'], auth, async (ctx) => {
    const body = parseInput(spacePaymentBody, ctx.request.body ?? {});
    const info = await confirmCheckout(
      infra,
      { purchaseId: body.advtId, userId: ctx.state.auth!.userId, checkout: body },
      SPACE_READ_MODELS,
    );
    ctx.body = success({ ...info, advtId: info._id }, info.message ?? '');
  });

  router.get('/list', auth, async (ctx) => {
    const { status } = parseInput(spaceListQuery, ctx.query);
    const now = new Date();
    const spaces = await spacesOfMember(infra.db, ctx.state.auth!.userId, { status, now });
    ctx.body = success(spaces.map((space) => spaceView(space, now, storage.urlOf)));
  });

  router.get('/active', async (ctx) => {
    ctx.body = success(activeView(await showingSpaces(infra.db, new Date()), storage.urlOf));
  });

  router.get('/galleries', auth, async (ctx) => {
    const { spaceId } = parseInput(spaceIdQuery, ctx.query);
    const creative = creativeView(await ownSpace(ctx, spaceId), storage.urlOf);
    ctx.body = success(creative === null ? [] : [creative]);
  });

  router.post('/upload/:spaceId', auth, async (ctx) => {
    const userId = ctx.state.auth!.userId;
    try {
      await ownSpace(ctx, String(ctx.params.spaceId));
    } catch (error) {
      await drainRequest(ctx.req);
      throw error;
    }
    const form = await receiveAdForm(ctx.req, {
      fileField: 'media',
      maxMedia: 1,
      maxBytes: LIMITS.adMedia.maxBytes,
      scratchDir: await storage.scratchDir(),
    });
    let written: string[] = [];
    try {
      if (form.files.length === 0) {
        throw new ValidationError(
          [{ field: 'media', message: ADSPACE_MESSAGES.creativeRequired }],
          ADSPACE_MESSAGES.creativeRequired,
        );
      }
      const stored = await storeAll(storage, form.files, media);
      written = stored.written;
      const item = stored.items[0]!;
      await execute(infra, {
        streamId: adSpaceStream(String(ctx.params.spaceId)),
        decider: adSpaceDecider,
        command: {
          type: 'UploadCreative',
          data: {
            spaceId: String(ctx.params.spaceId),
            userId,
            galleryType: item.galleryType,
            name: item.name,
            thumbnail: item.thumbnail,
            company: (form.fields.company ?? '').slice(0, 100),
            link: form.fields.link ?? '',
          },
          metadata: commandMetadata(ctx, { userId, role: 'member' }),
        },
        readModels: SPACE_READ_MODELS,
      });
      written = [];
      const space = await ownSpace(ctx, String(ctx.params.spaceId));
      ctx.body = success(creativeView(space, storage.urlOf));
    } finally {
      // Files of a refused upload belong to no space.
      await removeStored(storage, written);
      await removeScratch(form.files);
    }
  });

  const countAudience = (type: AdAudienceEvent['type']) => async (ctx: Context) => {
    const { spaceId } = parseInput(spaceIdBody, ctx.request.body ?? {});
    const space = await findSpace(infra.db, spaceId);
    if (space === undefined) {
      throw new ApiError(404, ADSPACE_MESSAGES.spaceNotFound, 'SPACE_NOT_FOUND');
    }
    const now = new Date().toISOString();
    // Only what the site really shows counts; a late report of an ended space is dropped, and so
    // is one past what one address may add in an hour.
    if (
      isShowingAt(space, now) &&
      space.creative !== null &&
      (await withinRate(infra, PER_IP_LIMITS[type], [`ip:${ctx.ip}:${spaceId}`]))
    ) {
      const date = indiaDateOf(now);
      const event: AdAudienceEvent = { type, data: { spaceId, date, at: now } };
      await infra.store.append(
        adAudienceStream(spaceId, date),
        [{ ...event, metadata: { ...commandMetadata(ctx), eventId: randomUUID() } }],
        'any',
      );
    }
    ctx.status = 204;
  };
  router.post('/impression', countAudience('AdImpressionRecorded'));
  router.post('/click', countAudience('AdClickRecorded'));

  return router;
}
