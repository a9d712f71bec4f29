import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import type { Router } from '@koa/router';
import { createRouter } from '../../http/router.ts';
import type { AdCommand, AdInput } from '@boli/engine/ads/ad.commands';
import { adDecider } from '@boli/engine/ads/ad.decider';
import { AD_HISTORY_ROLES, holdsRole } from '@boli/engine/accounts/staffRoles';
import { adStream } from '@boli/engine/ads/ad.events';
import { parsePosition, type Actor } from '@boli/engine/eventStore/eventStore';
import { LIMITS } from '@boli/engine/shared/limits';
import { DomainError } from '@boli/engine/shared/decider';
import { MESSAGES } from '@boli/engine/shared/messages';
import {
  adFilters,
  adPage,
  filterAds,
  findAd,
  isAdWithdrawn,
  adsBidOn,
  myAds,
  sellerAds,
  searchAds,
  type AdPage,
  type AdRow,
} from '@boli/projections/ads/ads.queries';
import {
  biddingAt,
  toAdDetailView,
  toAdView,
  toMyBidsView,
  type AdDetailView,
  type ViewOptions,
} from '@boli/projections/ads/ads.view';
import { detailsOfRow } from '@boli/projections/ads/ads.evolve';
import { ownerBidsOf } from '@boli/projections/bids/bids.queries';
import { toOwnerBidsView } from '@boli/projections/bids/bids.views';
import { orNothingBeforeFirstBuild } from '@boli/projections/runtime/beforeFirstBuild';
import { waitForProjections } from '@boli/projections';
import { hasActiveEntitlement } from '@boli/projections/entitlements/entitlements.queries';
import { findUserById, type UserRow } from '@boli/projections/users/users.queries';
import { optionalAuth, requireAuth } from '../../http/auth.ts';
import { commandMetadata, execute, idempotencyKeyOf } from '../../http/commands.ts';
import { success } from '../../http/envelope.ts';
import { ApiError, parseInput } from '../../http/errors.ts';
import { activeMember } from '../../http/members.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import { removeStored, type AdMediaOptions } from '../../media/adMedia.ts';
import { drainRequest, receiveAdForm, removeScratch } from '../../media/adMediaUpload.ts';
import { localDiskStorage, type MediaStorage } from '../../media/storage.ts';
import { findStaged, releaseStaged } from '../gallery/staged.ts';
import {
  AD_MESSAGES,
  adIdForKey,
  adInputFrom,
  adPhone,
  adUid,
  asFormError,
  hasFullAddress,
  judgeForm,
  judgeMediaCount,
  storeAll,
} from './adForm.ts';
import {
  adListQuery,
  changedSinceOpened,
  editAdBody,
  editChanges,
  itemIdQuery,
  itemUidQuery,
  ownListQuery,
  userPostsQuery,
  postAdFields,
  searchQuery,
} from './schema.ts';
import { referenceCatalogue } from '../reference/catalogue.ts';
import {
  editedReferences,
  judgePlace,
  judgeReferences,
  listFilterNames,
} from './referenceChecks.ts';
import { notEntitled } from '../../http/subscribeRefusal.ts';

export type AdsRouterOptions = {
  /** Where media go; the local disk under MEDIA_DIR by default. */
  storage?: MediaStorage;
  media?: AdMediaOptions;
};

type AdsInfra = Pick<Infrastructure, 'db' | 'store' | 'idempotency' | 'config' | 'logger'>;

const memberActor = (userId: string): Actor => ({ userId, role: 'member' });

/** How long an ad command's answer waits, at most, for the ads read model to have its events. */
const READ_YOUR_WRITES_MS = 15_000;

/** What an ad command needs from a route, shared by the posts and gallery routers. */
export function adsContext(infra: AdsInfra, options: AdsRouterOptions = {}) {
  const storage = options.storage ?? localDiskStorage(infra.config.MEDIA_DIR);
  const media: AdMediaOptions = options.media ?? {
    onPosterFailure: (error) =>
      infra.logger.warn({ err: error }, 'no poster frame for a video; using the placeholder'),
  };

  const viewOf = (ctx: Context): ViewOptions => ({
    viewerId: ctx.state.auth?.userId,
    now: new Date(),
    mediaUrl: (name) => storage.urlOf(name),
  });

  /** The ad, or 404; a blocked member's ad only for staff (`ctx` the viewer's request). */
  const adOr404 = async (idOrUid: string, ctx?: Context): Promise<AdRow> => {
    const staff = holdsRole(ctx?.state.auth?.roles, AD_HISTORY_ROLES);
    const row = await findAd(infra.db, idOrUid, { blockedOwners: staff });
    if (row === undefined) throw new ApiError(404, AD_MESSAGES.adNotFound, 'AD_NOT_FOUND');
    return row;
  };

  /** Runs an ad command as the signed-in member; answers once the ads read model has it. */
  const run = async (ctx: Context, adId: string, command: Omit<AdCommand, 'metadata'>) => {
    const { userId } = ctx.state.auth!;
    try {
      const result = await execute(infra, {
        streamId: adStream(adId),
        decider: adDecider,
        command: { ...command, metadata: commandMetadata(ctx, memberActor(userId)) } as AdCommand,
        readModels: ['ads'],
      });
      // execute waits briefly; a loaded machine may need longer before the answer can be read.
      if (result.events.length > 0) {
        await waitForProjections(infra.db, ['ads'], result.position, READ_YOUR_WRITES_MS);
      }
    } catch (error) {
      throw asFormError(error);
    }
    return adOr404(adId);
  };

  /** The ad once the ads read model has every event its stream holds now. */
  const adAsStored = async (adId: string): Promise<AdRow> => {
    const last = (await infra.store.readStream(adStream(adId))).at(-1);
    if (last) await waitForProjections(infra.db, ['ads'], last.position, READ_YOUR_WRITES_MS);
    return adOr404(adId);
  };

  /**
   * The member's row, refusing (after reading the request away) one who may not post: first as
   * any member action is refused (`activeMember`: blocked, mobile not verified), then without the
   * address posting needs (a file staged ahead of the form, `addressNeeded` false, needs none),
   * then without a subscription or trial.
   */
  const poster = async (ctx: Context, addressNeeded = true): Promise<UserRow> => {
    try {
      const row = await activeMember(infra, ctx);
      if (addressNeeded && !hasFullAddress(row)) {
        throw new ApiError(400, MESSAGES.addressRequired, 'ADDRESS_REQUIRED', {
          editProfileAt: '/editprofile',
        });
      }
      if (!(await hasActiveEntitlement(infra.db, row.user_id, new Date()))) throw notEntitled();
      return row;
    } catch (error) {
      await drainRequest(ctx.req);
      throw error;
    }
  };

  /** The staged files named by a form, or a refusal naming the expired one. */
  const stagedFor = async (userId: string, stagedIds: readonly string[]) => {
    const staged = await findStaged(infra.db, userId, stagedIds, new Date());
    if (staged === undefined) {
      throw new ApiError(400, AD_MESSAGES.stagedMediaNotFound, 'STAGED_MEDIA_NOT_FOUND');
    }
    return staged;
  };

  return { storage, media, viewOf, adOr404, adAsStored, run, poster, stagedFor };
}

/** Section 7's ad calls: the ad list, search, My Ads, one ad, posting and editing. */
export function postsRouter(infra: AdsInfra, options: AdsRouterOptions = {}): Router {
  const ads = adsContext(infra, options);
  const { storage, viewOf } = ads;
  const reference = referenceCatalogue(infra.db);
  const router = createRouter();
  const auth = requireAuth(infra);
  const maybeAuth = optionalAuth(infra);

  /** A page of ads; `more` adds to each what this list tells besides (My Ads: its bids). */
  const answerList = (
    ctx: Context,
    rows: AdRow[],
    page: AdPage,
    more: (row: AdRow) => object = () => ({}),
  ) => {
    const view = viewOf(ctx);
    ctx.body = success(
      {
        ads: rows.map((row) => ({ ...toAdView(row, view), ...more(row) })),
        page: page.page,
        pageSize: page.limit,
      },
      rows.length === 0 ? MESSAGES.noAdsAvailable : '',
    );
  };

  const adList = async (ctx: Context) => {
    const query = await listFilterNames(reference, parseInput(adListQuery, ctx.query));
    const page = adPage(query);
    answerList(ctx, await filterAds(infra.db, adFilters(query), page), page);
  };
  router.get('/api/posts/filter', auth, adList);
  router.get('/api/globalAds', maybeAuth, adList);

  router.get('/api/posts/searchAds', maybeAuth, async (ctx) => {
    const query = await listFilterNames(reference, parseInput(searchQuery, ctx.query));
    const page = adPage(query);
    answerList(ctx, await searchAds(infra.db, query.search, page, adFilters(query)), page);
  });

  /**
   * A member's own list, once the ads and bids read models have `after` (a notification's event,
   * when given): what the notification told of is on the cards.
   */
  const afterNotified = async (after: string | undefined) => {
    if (after !== undefined)
      await waitForProjections(
        infra.db,
        ['ads', 'bids'],
        parsePosition(after),
        READ_YOUR_WRITES_MS,
      );
  };

  /** My Ads: the member's ads, newest first, each with its bids' count and top bid. */
  router.get('/api/posts/myPosts', auth, async (ctx) => {
    const query = parseInput(ownListQuery, ctx.query);
    const page = adPage(query);
    await afterNotified(query.after);
    const rows = await myAds(infra.db, ctx.state.auth!.userId, page);
    // The owner's cards say how many bids each ad has, and the top one, Hidden ones included.
    const bids = await orNothingBeforeFirstBuild(
      ownerBidsOf(
        infra.db,
        rows.map((row) => row.ad_id),
      ),
      new Map(),
    );
    answerList(ctx, rows, page, (row) => ({ ownerBids: toOwnerBidsView(bids.get(row.ad_id)) }));
  });

  /** A seller's ads, newest first, for their profile (`userId`): none while they are blocked. */
  router.get('/api/posts/userPosts', maybeAuth, async (ctx) => {
    const query = parseInput(userPostsQuery, ctx.query);
    const page = adPage(query);
    answerList(ctx, await sellerAds(infra.db, query.userId, page), page);
  });

  /**
   * My Bids: the ads the member bid on, the one bid on last first, each with `myBids` — how many
   * bids, the highest (rupees) and its type, when the last was placed, and once bidding has
   * closed whether theirs won (`result`, as the ad page's `bidResult`: never while it is open).
   * With `after` (a notification's position) it answers once both read models have that event.
   */
  router.get('/api/posts/myBids', auth, async (ctx) => {
    const query = parseInput(ownListQuery, ctx.query);
    const page = adPage(query);
    await afterNotified(query.after);
    const found = await adsBidOn(infra.db, ctx.state.auth!.userId, page);
    const now = new Date();
    const mine = new Map(found.map(({ row, mine }) => [row.ad_id, mine]));
    answerList(
      ctx,
      found.map(({ row }) => row),
      page,
      (row) => ({ myBids: toMyBidsView(mine.get(row.ad_id)!, biddingAt(row, now).bidOpen) }),
    );
  });

  /**
   * One ad's page. Staff also see a blocked member's ads (members are answered 'Ad not found'):
   * theirs says `withdrawn: true`, so the page tells them why members cannot see it or bid on it.
   */
  const adScreenView = async (ctx: Context, idOrUid: string) => {
    const row = await ads.adOr404(idOrUid, ctx);
    const view = toAdDetailView(row, viewOf(ctx));
    const staff = holdsRole(ctx.state.auth?.roles, AD_HISTORY_ROLES);
    return staff && (await isAdWithdrawn(infra.db, row.ad_id))
      ? { ...view, withdrawn: true }
      : view;
  };

  router.get('/api/posts/post', maybeAuth, async (ctx) => {
    const { item_id } = parseInput(itemIdQuery, ctx.query);
    ctx.body = success(await adScreenView(ctx, item_id));
  });

  router.get('/api/posts/postUID', maybeAuth, async (ctx) => {
    const { item_uid } = parseInput(itemUidQuery, ctx.query);
    ctx.body = success(await adScreenView(ctx, item_uid));
  });

  /**
   * The ad a retried post (same Idempotency-Key) already created, as the read model has it, or
   * undefined when the key's ad stream does not exist yet.
   */
  const postedBefore = async (adId: string): Promise<AdRow | undefined> => {
    const stream = await infra.store.readStream(adStream(adId));
    const last = stream.at(-1);
    if (last === undefined) return undefined;
    await waitForProjections(infra.db, ['ads'], last.position, READ_YOUR_WRITES_MS);
    return ads.adOr404(adId);
  };

  router.post(['/api/posts', '/api/posts/'], auth, async (ctx) => {
    const member = await ads.poster(ctx);
    // A retry with the same Idempotency-Key names the same ad: its stream is the record.
    const key = idempotencyKeyOf(ctx, member.user_id);
    const adId = key === undefined ? randomUUID() : adIdForKey(key);
    const earlier = key === undefined ? undefined : await postedBefore(adId);
    if (earlier !== undefined) {
      // Its files are not wanted: the request is read away, nothing is written.
      await drainRequest(ctx.req);
      ctx.body = success(toAdDetailView(earlier, viewOf(ctx)), MESSAGES.adPosted);
      return;
    }
    const form = await receiveAdForm(ctx.req, {
      fileField: 'media',
      stagedField: 'stagedId',
      maxMedia: LIMITS.adMedia.maxFiles,
      maxBytes: LIMITS.adMedia.maxBytes,
      scratchDir: await storage.scratchDir(),
    });
    let written: string[] = [];
    let row: AdRow;
    try {
      const typed = adInputFrom(parseInput(postAdFields, form.fields), member);
      judgeForm(typed, new Date());
      const named = await judgeReferences(reference, typed);
      const input = { ...typed, ...named, ...(await judgePlace(reference, typed, member)) };
      const staged = await ads.stagedFor(member.user_id, form.stagedIds);
      judgeMediaCount(form.files.length + staged.length);
      const stored = await storeAll(storage, form.files, ads.media);
      written = stored.written;
      row = await ads.run(ctx, adId, {
        type: 'PostAd',
        data: {
          ...input,
          adId,
          uid: adUid(input.itemName),
          postedBy: member.user_id,
          postedByUsername: member.username,
          media: [
            ...stored.items,
            ...staged.map(({ galleryType, name, thumbnail }) => ({ galleryType, name, thumbnail })),
          ],
        },
      });
      await releaseStaged(infra.db, form.stagedIds);
    } catch (error) {
      await removeStored(storage, written);
      // A concurrent attempt with the same key posted first: answer its ad (its staged files
      // are that ad's; only this attempt's own files were removed).
      const winner = key === undefined ? undefined : await postedBefore(adId);
      if (winner === undefined) throw error;
      row = winner;
    } finally {
      await removeScratch(form.files);
    }
    ctx.body = success(toAdDetailView(row, viewOf(ctx)), MESSAGES.adPosted);
  });

  /** Edited fields whose phone, if edited, is judged as when posting (`adPhone`). */
  const withProfilePhone = async (
    changes: Partial<AdInput>,
    userId: string,
  ): Promise<Partial<AdInput>> =>
    changes.phone === undefined
      ? changes
      : {
          ...changes,
          phone: adPhone(changes.phone, (await findUserById(infra.db, userId)) ?? { phone: '' }),
        };

  router.post('/api/posts/edit', auth, async (ctx) => {
    const body = parseInput(editAdBody, ctx.request.body ?? {});
    const ad = await ads.adOr404(body.ad_id);
    // The ad as it now reads goes with the refusal: its owner's form shows it, keeping what was
    // typed. Anyone else is refused by the ad itself, as before.
    const changedElsewhere = (current: AdDetailView) =>
      new ApiError(409, AD_MESSAGES.adChangedElsewhere, 'AD_CHANGED', current);
    const mine = ad.posted_by === ctx.state.auth!.userId;
    const current = toAdDetailView(ad, viewOf(ctx));
    if (mine && changedSinceOpened(current, body.was).length > 0) throw changedElsewhere(current);
    const typed = await withProfilePhone(editChanges(body), ctx.state.auth!.userId);
    const place = {
      country: typed.country ?? ad.country,
      state: typed.state ?? ad.state,
      district: typed.district ?? ad.district,
      neighbourHood: typed.neighbourHood ?? ad.neighbourhood,
    };
    const changes = {
      ...typed,
      ...(await judgeReferences(reference, editedReferences(typed, ad))),
      ...(await judgePlace(reference, place, ad)),
    };
    // What was checked goes with the command: an edit decided between the check and this one is
    // caught where edits are decided one at a time, by the ad's decider.
    const basis = mine && body.was ? { basis: detailsOfRow(ad, Object.keys(body.was)) } : {};
    try {
      const row = await ads.run(ctx, ad.ad_id, {
        type: 'EditAd',
        data: { userId: ctx.state.auth!.userId, changes, ...basis },
      });
      ctx.body = success(toAdDetailView(row, viewOf(ctx)), MESSAGES.adUpdated);
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'AD_CHANGED')) throw error;
      throw changedElsewhere(toAdDetailView(await ads.adAsStored(ad.ad_id), viewOf(ctx)));
    }
  });

  return router;
}
