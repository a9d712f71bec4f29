import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import type { Router } from '@koa/router';
import { createRouter } from '../../http/router.ts';
import { actingRoleOf, holdsRole, SUPPORT_ROLES } from '@boli/engine/accounts/staffRoles';
import type { Actor } from '@boli/engine/eventStore/eventStore';
import { contactDecider } from '@boli/engine/social/contact.decider';
import { contactStream } from '@boli/engine/social/contact.events';
import type { MobileRequestCommand } from '@boli/engine/social/mobileRequest.commands';
import { mobileRequestDecider } from '@boli/engine/social/mobileRequest.decider';
import { mobileRequestStream } from '@boli/engine/social/mobileRequest.events';
import { requesterState, STATUS_AFTER_EVENT } from '@boli/engine/social/mobileRequest.machine';
import { contactErrorList, contactSummary } from '@boli/engine/social/contact.rules';
import { askAgainAt } from '@boli/engine/social/mobileRequest.rules';
import type { ReviewCommand } from '@boli/engine/social/review.commands';
import { reviewsDecider } from '@boli/engine/social/review.decider';
import { reviewsStream } from '@boli/engine/social/review.events';
import {
  notificationsSeenDecider,
  notificationsSeenStream,
} from '@boli/engine/social/notificationsSeen';
import { MESSAGES } from '@boli/engine/shared/messages';
import { listContactMessages } from '@boli/projections/social/contactMessages.queries';
import {
  findMobileRequestBetween,
  findMobileRequestById,
  type MobileRequestRow,
} from '@boli/projections/social/mobileRequests.queries';
import { listNotifications } from '@boli/projections/social/notifications.queries';
import { notificationsSeenAt } from '@boli/projections/social/notificationsSeen.queries';
import { findReview, listReviews } from '@boli/projections/social/reviews.queries';
import { findUserById } from '@boli/projections/users/users.queries';
import { optionalAuth, requireAuth, requireRole } from '../../http/auth.ts';
import { commandMetadata, execute, idempotencyKeyOf, idOfRequest } from '../../http/commands.ts';
import { success } from '../../http/envelope.ts';
import { ApiError, parseInput, ValidationError } from '../../http/errors.ts';
import { consume, tooMany } from '../../identity/rateLimit.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import { localDiskStorage } from '../../media/storage.ts';
import { memberAccess } from '../../http/members.ts';
import { otherMember } from './memberAccess.ts';
import {
  contactBody,
  contactMessageParams,
  contactPageQuery,
  incomingRequestQuery,
  mobileRequestBody,
  notificationListQuery,
  notificationsSeenBody,
  requestStatusBody,
  requestStatusQuery,
  reviewBody,
  reviewDeleteBody,
  reviewEditBody,
  reviewListQuery,
} from './schema.ts';
import { PER_IP_LIMITS } from '../../identity/rateLimit.ts';
import { LIMITS } from '@boli/engine/shared/limits';

type SocialInfra = Pick<Infrastructure, 'db' | 'store' | 'idempotency' | 'config' | 'redis'>;

/** Read models a mobile-request command's answer (and the next notification fetch) reads. */
const REQUEST_READ_MODELS = ['mobile_requests', 'notifications'] as const;

const MESSAGE_OF_ANSWER = {
  approved: MESSAGES.mobileRequestApproved,
  rejected: MESSAGES.mobileRequestRejected,
  revoked: MESSAGES.mobileRequestRevoked,
} as const;

const COMMAND_OF_ANSWER = {
  approved: 'ApproveMobileRequest',
  rejected: 'RejectMobileRequest',
  revoked: 'RevokeMobileRequest',
} as const;

const memberActor = (userId: string): Actor => ({ userId, role: 'member' });

/**
 * Section 4's requester view of a request: 1 Show, 2 Pending, 3 approved; and, once the owner
 * said no, when Show may ask again (null: now). The row's last change is that answer.
 */
const requestView = (row: MobileRequestRow | undefined) => ({
  status: requesterState(row?.status),
  requestId: row?.requestId ?? null,
  requestStatus: row?.status ?? null,
  askAgainAt: askAgainAt(row?.status, row?.updatedAt ?? null, new Date().toISOString()),
});

/**
 * Section 7's social and support calls: reviews, mobile-number requests, notifications and the
 * contact form (docs/api/social.md).
 */
export function socialRouter(infra: SocialInfra): Router {
  const router = createRouter();
  const auth = requireAuth(infra);
  const member = memberAccess(infra);
  const storage = localDiskStorage(infra.config.MEDIA_DIR);
  const pictureUrl = (name: string) => storage.urlOf(name);
  const me = (ctx: Context) => ctx.state.auth!.userId;
  /** Support sees what a block hides from members: a blocked member's reviews, and their list. */
  const seesBlocked = (ctx: Context) => holdsRole(ctx.state.auth?.roles, SUPPORT_ROLES);
  /** A member's reviews as the viewer may see them. */
  const reviewsOf = (ctx: Context, userId: string, page?: number) =>
    listReviews(infra.db, userId, {
      pictureUrl,
      ...(page === undefined ? {} : { page }),
      blockedReviewers: seesBlocked(ctx),
    });

  // Reviews -------------------------------------------------------------------------------------

  const reviews = async (ctx: Context) => {
    const { userId, page } = parseInput(reviewListQuery, ctx.query);
    // A blocked member's reviews are hidden with their profile, but from support.
    if (userId !== me(ctx)) await otherMember(infra, userId, { blockedToo: seesBlocked(ctx) });
    ctx.body = success(await reviewsOf(ctx, userId, page));
  };
  router.get('/api/review', auth, member, reviews);
  router.get('/api/review/', auth, member, reviews);

  const postReview = async (ctx: Context) => {
    const { userId, text } = parseInput(reviewBody, ctx.request.body ?? {});
    await otherMember(infra, userId, { blockedToo: false });
    // A retried request (same Idempotency-Key) is the same review: the same review id.
    const key = idempotencyKeyOf(ctx, `review:${me(ctx)}`);
    await execute(infra, {
      streamId: reviewsStream(userId),
      decider: reviewsDecider,
      command: {
        type: 'PostReview',
        data: { reviewId: idOfRequest(key), userId, postedBy: me(ctx), text },
        metadata: commandMetadata(ctx, memberActor(me(ctx))),
      },
      readModels: ['reviews', 'notifications'],
      ...(key ? { idempotencyKey: key } : {}),
    });
    ctx.body = success(await reviewsOf(ctx, userId), MESSAGES.reviewPosted);
  };
  router.post('/api/review', auth, member, postReview);
  router.post('/api/review/', auth, member, postReview);

  /** A command on a review that is there; answers the reviewed member's reviews as they now are. */
  const onReview = async (
    ctx: Context,
    reviewId: string,
    command: ReviewCommand,
    message: string,
  ) => {
    const review = await findReview(infra.db, reviewId);
    if (!review) throw new ApiError(404, MESSAGES.reviewNotFound, 'REVIEW_NOT_FOUND');
    await execute(infra, {
      streamId: reviewsStream(review.userId),
      decider: reviewsDecider,
      command,
      readModels: ['reviews', 'notifications'],
    });
    ctx.body = success(await reviewsOf(ctx, review.userId), message);
  };

  router.post('/api/review/edit', auth, member, async (ctx) => {
    const { reviewId, text, previousText } = parseInput(reviewEditBody, ctx.request.body ?? {});
    await onReview(
      ctx,
      reviewId,
      {
        type: 'EditReview',
        data: {
          reviewId,
          editedBy: me(ctx),
          text,
          ...(previousText === undefined ? {} : { previousText }),
        },
        metadata: commandMetadata(ctx, memberActor(me(ctx))),
      },
      MESSAGES.reviewUpdated,
    );
  });

  router.post('/api/review/delete', auth, member, async (ctx) => {
    const { reviewId } = parseInput(reviewDeleteBody, ctx.request.body ?? {});
    const role = actingRoleOf(ctx.state.auth!.roles, SUPPORT_ROLES);
    await onReview(
      ctx,
      reviewId,
      {
        type: 'DeleteReview',
        data: { reviewId, deletedBy: me(ctx), asStaff: role !== undefined },
        metadata: commandMetadata(ctx, role ? { userId: me(ctx), role } : memberActor(me(ctx))),
      },
      MESSAGES.reviewDeleted,
    );
  });

  // Mobile-number requests ----------------------------------------------------------------------

  router.post('/api/request', auth, member, async (ctx) => {
    const { requestedTo } = parseInput(mobileRequestBody, ctx.request.body ?? {});
    const owner = await otherMember(infra, requestedTo, { blockedToo: true });
    const requestedBy = me(ctx);
    const { events } = await execute(infra, {
      streamId: mobileRequestStream(requestedTo, requestedBy),
      decider: mobileRequestDecider,
      command: {
        type: 'RequestMobileNumber',
        data: {
          requestId: randomUUID(),
          requestedBy,
          requestedTo,
          requestedToBlocked: owner.is_blocked,
        },
        metadata: commandMetadata(ctx, memberActor(requestedBy)),
      },
      readModels: REQUEST_READ_MODELS,
    });
    // The new request is in the command's answer; asking again answers the request as it stands.
    const asked = events[0];
    const view = asked
      ? {
          status: requesterState('pending'),
          requestId: asked.data.requestId,
          requestStatus: 'pending',
          askAgainAt: null,
        }
      : requestView(await findMobileRequestBetween(infra.db, { requestedBy, requestedTo }));
    ctx.body = success(view, MESSAGES.mobileRequestSent);
  });

  router.get('/api/request/status', auth, member, async (ctx) => {
    const { requestedTo } = parseInput(requestStatusQuery, ctx.query);
    const row = await findMobileRequestBetween(infra.db, { requestedBy: me(ctx), requestedTo });
    ctx.body = success(requestView(row));
  });

  // Where the request another member made for the caller's number stands: their profile offers
  // Approve / Reject (or Revoke) as the bell does, since a request's email opens it.
  router.get('/api/request/incoming', auth, member, async (ctx) => {
    const { requestedBy } = parseInput(incomingRequestQuery, ctx.query);
    const row = await findMobileRequestBetween(infra.db, { requestedBy, requestedTo: me(ctx) });
    ctx.body = success({ requestId: row?.requestId ?? null, requestStatus: row?.status ?? null });
  });

  router.put('/api/request/status', auth, member, async (ctx) => {
    const { requestId, status } = parseInput(requestStatusBody, ctx.request.body ?? {});
    const row = await findMobileRequestById(infra.db, requestId);
    if (row === undefined) {
      throw new ApiError(404, MESSAGES.mobileRequestNotFound, 'MOBILE_REQUEST_NOT_FOUND');
    }
    // Approving shares the number: not with a member blocked since they asked.
    const askerBlocked =
      status === 'approved' && (await findUserById(infra.db, row.requestedBy))?.is_blocked === true;
    const { events } = await execute(infra, {
      streamId: mobileRequestStream(row.requestedTo, row.requestedBy),
      decider: mobileRequestDecider,
      command: {
        type: COMMAND_OF_ANSWER[status],
        data: { requestId, ...(askerBlocked ? { requestedByBlocked: true } : {}) },
        metadata: commandMetadata(ctx, memberActor(me(ctx))),
      } as MobileRequestCommand,
      readModels: REQUEST_READ_MODELS,
    });
    const answered = events[0];
    const requestStatus = answered ? STATUS_AFTER_EVENT[answered.type] : row.status;
    // A no to a request already said no to the other way (Reject once revoked) changes nothing:
    // the answer says so, not 'Request rejected.' beside a request that still reads revoked.
    const unchangedNo = !answered && status !== 'approved' && requestStatus !== status;
    ctx.body = success(
      { requestId, requestStatus },
      unchangedNo ? MESSAGES.mobileRequestAlreadyNo : MESSAGE_OF_ANSWER[status],
    );
  });

  // Notifications -------------------------------------------------------------------------------

  // A page of notifications; `next`, beside `data`, asks for the older ones (`?before=`).
  router.get('/api/notification', auth, member, async (ctx) => {
    const { before } = parseInput(notificationListQuery, ctx.query);
    const { notifications, next } = await listNotifications(infra.db, me(ctx), before);
    ctx.body = { ...success(notifications), next };
  });

  // When the member last opened their notifications, kept on the account: the bell counts what
  // came since on every device (docs/api/social.md).
  router.get('/api/notification/seen', auth, member, async (ctx) => {
    ctx.body = success({ seenAt: await notificationsSeenAt(infra.db, me(ctx)) });
  });
  router.post('/api/notification/seen', auth, member, async (ctx) => {
    const { seenAt } = parseInput(notificationsSeenBody, ctx.request.body ?? {});
    await execute(infra, {
      streamId: notificationsSeenStream(me(ctx)),
      decider: notificationsSeenDecider,
      command: {
        type: 'MarkNotificationsSeen',
        data: { userId: me(ctx), seenAt },
        metadata: commandMetadata(ctx, memberActor(me(ctx))),
      },
      readModels: ['notifications_seen'],
    });
    // The mark as kept: a later one from another device stays.
    ctx.body = success({ seenAt: await notificationsSeenAt(infra.db, me(ctx)) });
  });

  // Contact us ----------------------------------------------------------------------------------

  const limitContact = async (ctx: Context) =>
    consume(
      infra.redis,
      PER_IP_LIMITS.contactUs,
      [`${infra.config.QUEUE_PREFIX}:ip:${ctx.ip}`],
      new Date(),
    );

  router.post('/api/contactus', optionalAuth(infra), async (ctx) => {
    const form = parseInput(contactBody, ctx.request.body ?? {});
    // Refused as any bad form is, each field's problem listed (the decider holds the same rule);
    // only messages the form accepts count against the limit.
    const summary = contactSummary(form);
    if (summary !== undefined) throw new ValidationError(contactErrorList(form), summary);
    const verdict = await limitContact(ctx);
    if (!verdict.allowed) {
      ctx.set('Retry-After', String(verdict.retryAfterSeconds));
      throw new ApiError(429, tooMany('messages', verdict.retryAfterSeconds), 'RATE_LIMITED');
    }
    const sentBy = ctx.state.auth?.userId ?? null;
    // A retried message (same Idempotency-Key) is the same message: received, and mailed, once.
    const key = idempotencyKeyOf(ctx, `contact:${sentBy ?? 'guest'}`);
    const messageId = key ? idOfRequest(key) : randomUUID();
    await execute(infra, {
      streamId: contactStream(messageId),
      decider: contactDecider,
      command: {
        type: 'SendContactMessage',
        data: { ...form, messageId, sentBy },
        metadata: commandMetadata(ctx, sentBy ? memberActor(sentBy) : undefined),
      },
      readModels: ['contact_messages'],
    });
    ctx.body = success({ messageId }, MESSAGES.contactSent);
  });

  /** Support staff read the messages, newest first: those waiting, those handled, or all. */
  router.get('/api/contactus', auth, requireRole(...SUPPORT_ROLES), async (ctx) => {
    const { page, status } = parseInput(contactPageQuery, ctx.query);
    ctx.body = success(
      await listContactMessages(infra.db, {
        page,
        pageSize: LIMITS.contactPageSize,
        filter: status,
      }),
    );
  });

  /** Support marks a message handled, or open again; the answer waits for the inbox to show it. */
  const MARK_WORDS = {
    handled: {
      done: 'Marked handled.',
      already: 'Already handled, by a colleague or in another tab.',
    },
    reopen: {
      done: 'Reopened.',
      already: 'Already open: reopened by a colleague or in another tab.',
    },
  } as const;
  for (const [path, handled] of [
    ['handled', true],
    ['reopen', false],
  ] as const) {
    router.post(
      `/api/contactus/:messageId/${path}`,
      auth,
      requireRole(...SUPPORT_ROLES),
      async (ctx) => {
        const { messageId } = parseInput(contactMessageParams, ctx.params);
        const { userId: staffId, roles } = ctx.state.auth!;
        // requireRole has let in only a holder of one of them.
        const role = actingRoleOf(roles, SUPPORT_ROLES)!;
        const { events } = await execute(infra, {
          streamId: contactStream(messageId),
          decider: contactDecider,
          command: {
            type: 'MarkContactMessage',
            data: { staffId, handled },
            metadata: commandMetadata(ctx, { userId: staffId, role }),
          },
          readModels: ['contact_messages'],
        });
        // Nothing changed: a colleague (or another tab) got there first.
        const changed = events.length > 0;
        const words = MARK_WORDS[path];
        ctx.body = success({ messageId, handled, changed }, changed ? words.done : words.already);
      },
    );
  }

  return router;
}
