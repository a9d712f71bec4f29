import { holdsRole, SUPPORT_ROLES } from '@boli/engine/accounts/staffRoles';
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Context } from 'koa';
import type { Router } from '@koa/router';
import { createRouter } from '../../http/router.ts';
import { accountDecider } from '@boli/engine/accounts/account.decider';
import { accountStream, type EditableProfile } from '@boli/engine/accounts/account.events';
import { editProfileSchema, type EditProfileRequest } from '@boli/engine/accounts/account.schemas';
import type { AccountCommand } from '@boli/engine/accounts/account.commands';
import type { Actor } from '@boli/engine/eventStore/eventStore';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import {
  findUserById,
  findUserByUsername,
  listMembers,
  searchUsers,
  toPublicProfile,
  toUserDetail,
  type UserRow,
} from '@boli/projections/users/users.queries';
import { mobileRequestApproved } from '@boli/projections/social/mobileRequests.queries';
import { bidOnAdOf } from '@boli/projections/bids/bids.queries';
import { photoOfDisplayCopy } from '@boli/engine/ads/photoCopies';
import { requireAuth, requireRole } from '../../http/auth.ts';
import { commandMetadata, execute } from '../../http/commands.ts';
import { success, type FieldError } from '../../http/envelope.ts';
import { memberAccess } from '../../http/members.ts';
import { ApiError, parseInput, ValidationError } from '../../http/errors.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import {
  byteRangeOf,
  contentRange,
  unsatisfiedRange,
  type RangeAnswer,
} from '../../media/byteRange.ts';
import { reencodeProfilePicture } from '../../media/images.ts';
import { localDiskStorage, type MediaStorage } from '../../media/storage.ts';
import { receiveImage } from '../../media/upload.ts';
import { referenceCatalogue } from '../reference/catalogue.ts';
import { accessiblePages } from './accessPages.ts';
import { aliasIsOthersUsername } from '../auth/identities.ts';
import { neighbourhoodInList, placeInLists, placeMoved } from '../reference/place.ts';
import { INDUSTRIES } from './industries.ts';
import {
  changeSettingBody,
  EMAIL_NOTICES_SETTING,
  memberPageQuery,
  searchUserQuery,
  userIdQuery,
  userNameQuery,
} from './schema.ts';
import { thumbnailOfPicture } from '@boli/engine/shared/pictureNames';
import { hasFullAddress } from '../posts/adForm.ts';

export type UserRouterOptions = {
  /** Where pictures go; the local disk under MEDIA_DIR by default. */
  storage?: MediaStorage;
};

type UserInfra = Pick<Infrastructure, 'db' | 'store' | 'idempotency' | 'config'>;

/** Words for the three fields the sign-up dialog says can never change. */
const FIXED_FIELD_MESSAGES = {
  username: 'Username cannot be changed.',
  gender: 'Gender cannot be changed.',
  dob: 'Date of birth cannot be changed.',
} as const;

const memberActor = (userId: string): Actor => ({ userId, role: 'member' });

const settingsOf = (row: UserRow) => ({
  showMobileNumber: row.show_mobile_number,
  showEmail: row.show_email,
  showAddress: row.show_address,
  emailNotices: row.email_notices,
});

/** The profile's address, and whether it is complete enough to post an ad (hasFullAddress). */
const addressOf = (row: UserRow) => ({
  houseno: row.houseno,
  street: row.street,
  city: row.city,
  neighbourHood: row.neighbourhood,
  district: row.district,
  state: row.state,
  country: row.country,
  pincode: row.pincode,
  complete: hasFullAddress(row),
});

/**
 * The edit-profile request over what is stored: a field it leaves out keeps its value. Section 7's
 * body names only some of the profile's fields (not education, industry or the casting details),
 * so a client sending just those must not blank the rest. A field sent empty is blank.
 */
const overStoredProfile = (body: unknown, row: UserRow): Record<string, unknown> => ({
  ...toUserDetail(row),
  ...(typeof body === 'object' && body !== null ? body : {}),
});

/** The editable part of a parsed edit-profile form: username, gender and dob stay as they are. */
const editableProfile = (form: EditProfileRequest): EditableProfile => {
  const { username: _username, gender: _gender, dob: _dob, ...profile } = form;
  return profile;
};

/** The section 7 call (/api/user/*), the profile picture's media route and the industries list. */
export function userRouter(infra: UserInfra, options: UserRouterOptions = {}): Router {
  const storage = options.storage ?? localDiskStorage(infra.config.MEDIA_DIR);
  const pictureUrl = (name: string) => storage.urlOf(name);
  const reference = referenceCatalogue(infra.db);
  const router = createRouter();
  const auth = requireAuth(infra);
  /** Whether the signed-in viewer may block and unblock members (and so must find them). */
  const moderates = (ctx: Context): boolean => holdsRole(ctx.state.auth!.roles, SUPPORT_ROLES);

  /** The signed-in member's own row; 404 if the read model does not know them. */
  const ownRow = async (ctx: Context): Promise<UserRow> => {
    const row = await findUserById(infra.db, ctx.state.auth!.userId);
    if (row === undefined) throw new ApiError(404, MESSAGES.noUsersFound, 'NOT_FOUND');
    return row;
  };

  /**
   * Section 6: a member whose mobile is not validated sees only the OTP screen, so the calls
   * behind member pages refuse them too (and a blocked member, whose token should be gone).
   */
  const fullAccess = memberAccess(infra);

  /** The member's command on their own account, answered once `users` has its events. */
  const decide = (ctx: Context, command: Omit<AccountCommand, 'metadata'>) => {
    const { userId } = ctx.state.auth!;
    return execute(infra, {
      streamId: accountStream(userId),
      decider: accountDecider,
      command: {
        ...command,
        metadata: commandMetadata(ctx, memberActor(userId)),
      } as AccountCommand,
      readModels: ['users'],
    });
  };

  const run = async (ctx: Context, command: Omit<AccountCommand, 'metadata'>) => {
    await decide(ctx, command);
    return ownRow(ctx);
  };

  const otherProfile = async (ctx: Context, row: UserRow | undefined) => {
    const viewerId = ctx.state.auth!.userId;
    // A blocked member's profile is gone for everyone but themselves and those who may unblock
    // them (support, admins), who must be able to find who they moderate.
    const hidden = row?.is_blocked && row.user_id !== viewerId && !moderates(ctx);
    if (row === undefined || hidden) {
      throw new ApiError(404, MESSAGES.noUsersFound, 'NOT_FOUND');
    }
    // Section 6: the viewer whose mobile-number request the member approved sees the number, as
    // does the owner of an ad the member bid on, who has it beside their bids already.
    const other = viewerId !== row.user_id;
    const [approvedMobileRequest, bidOnViewersAd] = await Promise.all([
      other && mobileRequestApproved(infra.db, { ownerId: row.user_id, viewerId }),
      other && bidOnAdOf(infra.db, { bidderId: row.user_id, ownerId: viewerId }),
    ]);
    const profile = toPublicProfile(row, viewerId, {
      approvedMobileRequest,
      bidOnViewersAd,
      pictureUrl,
    });
    // Staff see that the member they opened is blocked (nobody else reaches this profile), so the
    // page offers them no phone request or review the api would refuse.
    return row.is_blocked ? { ...profile, isBlocked: true } : profile;
  };

  router.get('/api/user', auth, async (ctx) => {
    ctx.body = success(toUserDetail(await ownRow(ctx), { pictureUrl }));
  });

  router.get('/api/user/id', auth, fullAccess, async (ctx) => {
    const { user_id } = parseInput(userIdQuery, ctx.query);
    ctx.body = success(await otherProfile(ctx, await findUserById(infra.db, user_id)));
  });

  router.get('/api/user/name', auth, fullAccess, async (ctx) => {
    const { user_name } = parseInput(userNameQuery, ctx.query);
    ctx.body = success(await otherProfile(ctx, await findUserByUsername(infra.db, user_name)));
  });

  router.get('/api/user/searchUser', auth, fullAccess, async (ctx) => {
    const { key, page, limit } = parseInput(searchUserQuery, ctx.query);
    const hits = await searchUsers(infra.db, {
      key,
      page,
      limit,
      viewerId: ctx.state.auth!.userId,
      includeBlocked: moderates(ctx),
      pictureUrl,
    });
    ctx.body = success(hits, hits.length === 0 ? MESSAGES.noUsersFound : '');
  });

  router.post('/api/user/editProfile', auth, async (ctx) => {
    const row = await ownRow(ctx);
    const form = parseInput(
      editProfileSchema({ username: row.username, now: new Date() }),
      overStoredProfile(ctx.request.body, row),
      MESSAGES.invalidForm,
    );
    const fixed: FieldError[] = [];
    if (form.username.trim() !== '' && form.username.trim().toLowerCase() !== row.username_lower) {
      fixed.push({ field: 'username', message: FIXED_FIELD_MESSAGES.username });
    }
    if (form.gender !== row.gender)
      fixed.push({ field: 'gender', message: FIXED_FIELD_MESSAGES.gender });
    if (form.dob !== row.dob) fixed.push({ field: 'dob', message: FIXED_FIELD_MESSAGES.dob });
    if (fixed.length > 0) throw new ValidationError(fixed, MESSAGES.invalidForm);
    // The alias bids go under by default: not one that passes for another member.
    const alias = form.bidAlias.trim();
    if (alias !== row.bid_alias && (await aliasIsOthersUsername(infra.db, alias, row.user_id))) {
      throw new ValidationError(
        [{ field: 'bidAlias', message: MESSAGES.bidAliasIsUsername }],
        MESSAGES.invalidForm,
      );
    }
    const moved = placeMoved(form, row) || form.neighbourHood !== row.neighbourhood;
    const addresses = moved ? await reference.addresses() : undefined;
    const place = addresses ? placeInLists(addresses, form) : { named: {}, errors: [] };
    // The neighbourhood is judged in the district as the list writes it.
    const hood = addresses
      ? neighbourhoodInList(addresses, { ...form, ...place.named })
      : { named: {}, errors: [] };
    const errors = [...place.errors, ...(place.errors.length > 0 ? [] : hood.errors)];
    if (errors.length > 0) throw new ValidationError(errors, MESSAGES.invalidForm);
    const updated = await run(ctx, {
      type: 'EditProfile',
      data: { profile: { ...editableProfile(form), ...place.named, ...hood.named } },
    });
    const userDetail = toUserDetail(updated, { pictureUrl });
    ctx.body = { ...success(userDetail, MESSAGES.profileUpdated), userDetail };
  });

  router.post('/api/user/uploadProfilePic', auth, async (ctx) => {
    const upload = await receiveImage(ctx.req, {
      field: 'Photo',
      maxBytes: LIMITS.profilePicture.maxBytes,
      scratchDir: await storage.scratchDir(),
    });
    const id = randomUUID();
    const names = { picture: `${id}.jpg`, thumbnail: thumbnailOfPicture(`${id}.jpg`) };
    const removeFiles = (picture: string) =>
      Promise.all([storage.remove(picture), storage.remove(thumbnailOfPicture(picture))]);
    let replaced: string | null | undefined;
    try {
      const { picture, thumbnail } = await reencodeProfilePicture(upload.path);
      await storage.save(names.picture, picture);
      await storage.save(names.thumbnail, thumbnail);
      const { events } = await decide(ctx, {
        type: 'ChangeProfilePicture',
        data: { profilepic: names.picture, extension: upload.kind, sizeBytes: upload.sizeBytes },
      });
      // Named by the event, decided on the stream: of two uploads racing, each removes the one
      // it really replaced, and neither leaves the other's file behind.
      replaced = events.find((event) => event.type === 'ProfilePictureChanged')?.data.replaced;
    } catch (error) {
      await removeFiles(names.picture);
      throw error;
    } finally {
      await rm(upload.path, { force: true });
    }
    // The picture it replaces is the member's to take back: no longer served to anyone.
    if (replaced) await removeFiles(replaced);
    ctx.body = success({ profilepic: pictureUrl(names.picture) }, MESSAGES.profilePicUpdated);
  });

  router.get('/api/user/getAll_User_Settings', auth, async (ctx) => {
    ctx.body = success(settingsOf(await ownRow(ctx)));
  });

  router.post('/api/user/changeSetting', auth, async (ctx) => {
    const { key, value } = parseInput(changeSettingBody, ctx.request.body ?? {});
    const row = await run(
      ctx,
      key === EMAIL_NOTICES_SETTING
        ? { type: 'ChangeEmailNotices', data: { on: value } }
        : { type: 'ChangePrivacySetting', data: { setting: key, value } },
    );
    ctx.body = success(settingsOf(row), MESSAGES.settingsUpdated);
  });

  router.get('/api/user/getUserAccessPages', auth, async (ctx) => {
    const row = await ownRow(ctx);
    ctx.body = success(
      accessiblePages({
        mobileValidated: row.mobile_validated,
        isBlocked: row.is_blocked,
        roles: row.roles,
      }),
    );
  });

  router.get('/api/user/getUserAddress', auth, async (ctx) => {
    ctx.body = success(addressOf(await ownRow(ctx)));
  });

  const memberPage = async (ctx: Context) => {
    const { page } = parseInput(memberPageQuery, ctx.query);
    ctx.body = success(
      await listMembers(infra.db, { page, pageSize: LIMITS.memberPageSize, pictureUrl }),
    );
  };
  // Every member's name, page by page, is support's to read: members find each other by the
  // search, from 3 characters on, not by paging through everyone.
  const staffOnly = requireRole(...SUPPORT_ROLES);
  router.get('/api/user/getusers', auth, fullAccess, staffOnly, memberPage);
  router.get('/api/user/pagination', auth, fullAccess, staffOnly, memberPage);

  router.get('/api/auth/industries', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = success(INDUSTRIES);
  });

  // One byte range when asked (Range: bytes=…), so browsers can seek in a video.
  router.get('/media/:name', async (ctx) => {
    let asked = { kind: 'whole' } as RangeAnswer;
    const open = (name: string) =>
      storage.open(name, (size) => {
        asked = byteRangeOf(ctx.get('range') || undefined, size);
        return asked.kind === 'partial' ? asked.range : undefined;
      });
    const name = ctx.params.name ?? '';
    // A photo stored before display copies were made (engine/src/ads/photoCopies.ts) has none:
    // the photo stands in for it.
    const original = photoOfDisplayCopy(name);
    const media = (await open(name)) ?? (original === undefined ? undefined : await open(original));
    if (media === undefined) throw new ApiError(404, MESSAGES.pageNotFound, 'NOT_FOUND');
    ctx.set('Accept-Ranges', 'bytes');
    // Names are never reused, so a picture never changes under its name.
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('X-Content-Type-Options', 'nosniff');
    if (asked.kind === 'unsatisfiable') {
      media.body.destroy();
      ctx.status = 416;
      ctx.set('Content-Range', unsatisfiedRange(media.size));
      return;
    }
    ctx.type = media.contentType;
    if (media.range !== undefined) {
      ctx.status = 206;
      ctx.set('Content-Range', contentRange(media.range, media.size));
      ctx.length = media.range.end - media.range.start + 1;
    } else {
      ctx.length = media.size;
    }
    ctx.body = media.body;
  });

  return router;
}
