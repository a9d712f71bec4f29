import { randomUUID } from 'node:crypto';
import { storedFilesOf } from '@boli/engine/ads/photoCopies';
import type { Router } from '@koa/router';
import { createRouter } from '../../http/router.ts';
import type { GalleryItem } from '@boli/engine/ads/ad.events';
import { LIMITS } from '@boli/engine/shared/limits';
import { toAdDetailView, toGalleryItemViews } from '@boli/projections/ads/ads.view';
import { optionalAuth, requireAuth } from '../../http/auth.ts';
import { success } from '../../http/envelope.ts';
import { ApiError, parseInput, ValidationError } from '../../http/errors.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import { removeStored } from '../../media/adMedia.ts';
import { receiveAdForm, removeScratch } from '../../media/adMediaUpload.ts';
import { AD_MESSAGES, judgeMediaCount, storeAll } from '../posts/adForm.ts';
import { adsContext, type AdsRouterOptions } from '../posts/router.ts';
import { galleryItemBody, galleryOrderBody, itemIdQuery } from '../posts/schema.ts';
import { deleteExpiredStaged, releaseStaged, stageMedia } from './staged.ts';

type GalleryInfra = Pick<Infrastructure, 'db' | 'store' | 'idempotency' | 'config' | 'logger'>;

/**
 * An ad's photo and video gallery (section 7's gallery calls and the /postAd/media/{ad_id}
 * screen): list, upload, remove, choose the thumbnail; and staging, one file per request, for
 * the post-ad form.
 */
export function galleryRouter(infra: GalleryInfra, options: AdsRouterOptions = {}): Router {
  const ads = adsContext(infra, options);
  const { storage, viewOf } = ads;
  const router = createRouter();
  const auth = requireAuth(infra);

  router.get('/api/gallery/media', optionalAuth(infra), async (ctx) => {
    const { item_id } = parseInput(itemIdQuery, ctx.query);
    ctx.body = success(toGalleryItemViews(await ads.adOr404(item_id), viewOf(ctx).mediaUrl));
  });

  router.post('/api/gallery/stage', auth, async (ctx) => {
    // Refused as posting is (blocked, mobile not verified, not entitled), its upload unread.
    const userId = (await ads.poster(ctx, false)).user_id;
    const form = await receiveAdForm(ctx.req, {
      fileField: 'file',
      maxMedia: 1,
      maxBytes: LIMITS.adMedia.maxBytes,
      scratchDir: await storage.scratchDir(),
    });
    let stored: { items: GalleryItem[]; written: string[] } = { items: [], written: [] };
    const stagedId = randomUUID();
    try {
      judgeMediaCount(form.files.length);
      stored = await storeAll(storage, form.files, ads.media);
      await stageMedia(infra.db, userId, { ...stored.items[0]!, stagedId }, new Date());
    } catch (error) {
      await removeStored(storage, stored.written);
      throw error;
    } finally {
      await removeScratch(form.files);
    }
    // Each staging sweeps what has expired, so staged files never outlive their day by much.
    deleteExpiredStaged(infra.db, storage, new Date()).catch((error: unknown) =>
      infra.logger.warn({ err: error }, 'could not delete expired staged media'),
    );
    const item = stored.items[0]!;
    ctx.body = success({
      stagedId,
      galleryType: item.galleryType,
      thumbnail: storage.urlOf(item.thumbnail),
    });
  });

  router.post('/api/gallery/upload', auth, async (ctx) => {
    const userId = ctx.state.auth!.userId;
    const form = await receiveAdForm(ctx.req, {
      fileField: 'media',
      stagedField: 'stagedId',
      maxMedia: LIMITS.adMedia.maxFiles,
      maxBytes: LIMITS.adMedia.maxBytes,
      scratchDir: await storage.scratchDir(),
    });
    let pending: GalleryItem[] = [];
    let written: string[] = [];
    try {
      const { item_id } = parseInput(itemIdQuery, form.fields);
      const ad = await ads.adOr404(item_id);
      if (ad.posted_by !== userId) throw new ApiError(403, AD_MESSAGES.notAdOwner, 'NOT_AD_OWNER');
      const staged = await ads.stagedFor(userId, form.stagedIds);
      const adding = form.files.length + staged.length;
      if (adding === 0) {
        throw new ValidationError([{ field: 'media', message: AD_MESSAGES.mediaRequired }]);
      }
      judgeMediaCount(ad.gallery.length + adding);
      const stored = await storeAll(storage, form.files, ads.media);
      written = stored.written;
      pending = [...stored.items, ...staged];
      const ours = new Set(pending.map((item) => item.name));
      let row = ad;
      while (pending.length > 0) {
        const { galleryType, name, thumbnail } = pending[0]!;
        row = await ads.run(ctx, ad.ad_id, {
          type: 'AddMedia',
          data: { userId, galleryType, name, thumbnail },
        });
        pending = pending.slice(1);
      }
      await releaseStaged(infra.db, form.stagedIds);
      // Uploads running side by side each answer with the whole gallery: `added` marks this
      // request's own items, so the screen knows which upload row each item came from.
      ctx.body = success(
        toGalleryItemViews(row, viewOf(ctx).mediaUrl).map((item) =>
          ours.has(item.name) ? { ...item, added: true } : item,
        ),
      );
    } catch (error) {
      // Files whose AddMedia did not happen belong to no ad.
      const unused = new Set(pending.flatMap(storedFilesOf));
      await removeStored(
        storage,
        written.filter((name) => unused.has(name)),
      );
      throw error;
    } finally {
      await removeScratch(form.files);
    }
  });

  router.post('/api/gallery/remove', auth, async (ctx) => {
    const { item_id, name } = parseInput(galleryItemBody, ctx.request.body ?? {});
    const ad = await ads.adOr404(item_id);
    const item = ad.gallery.find((existing) => existing.name === name);
    const row = await ads.run(ctx, ad.ad_id, {
      type: 'RemoveMedia',
      data: { userId: ctx.state.auth!.userId, name },
    });
    if (item !== undefined) await removeStored(storage, storedFilesOf(item));
    ctx.body = success(toAdDetailView(row, viewOf(ctx)));
  });

  router.post('/api/gallery/order', auth, async (ctx) => {
    const { item_id, order } = parseInput(galleryOrderBody, ctx.request.body ?? {});
    const ad = await ads.adOr404(item_id);
    const row = await ads.run(ctx, ad.ad_id, {
      type: 'ReorderMedia',
      data: { userId: ctx.state.auth!.userId, order },
    });
    ctx.body = success(toAdDetailView(row, viewOf(ctx)));
  });

  router.post('/api/gallery/thumbnail', auth, async (ctx) => {
    const { item_id, name } = parseInput(galleryItemBody, ctx.request.body ?? {});
    const ad = await ads.adOr404(item_id);
    const row = await ads.run(ctx, ad.ad_id, {
      type: 'ChooseThumbnail',
      data: { userId: ctx.state.auth!.userId, name },
    });
    ctx.body = success(toAdDetailView(row, viewOf(ctx)));
  });

  return router;
}
