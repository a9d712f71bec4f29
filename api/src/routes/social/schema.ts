import { CONTACT_MESSAGE_FILTERS } from '@boli/projections/social/contactMessages.queries';
import { z } from 'zod';
import { MESSAGES } from '@boli/engine/shared/messages';
import { pageNumber } from '../../http/pageNumbers.ts';

/*
 * The social calls' queries and bodies (docs/api/social.md). Only shape is checked here; the
 * rules with the spec's words (empty review, self-review, the contact form) are the engine's.
 */

const required = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`);

/** A missing or non-text field is an empty one, so the domain answers with its own words. */
const text = z.union([z.string(), z.number()]).transform(String).catch('').default('');

export const reviewListQuery = z.object({
  userId: required('userId'),
  /** 1-based; anything else is the first page. */
  page: pageNumber(1).catch(1).default(1),
});

export const reviewBody = z.object({ userId: required('userId'), text });

/** A review rewritten by its writer. */
export const reviewEditBody = z.object({
  reviewId: required('reviewId'),
  text,
  /** The text the rewrite started from (optional): refused when the review has changed since. */
  previousText: z.string().max(10_000).optional(),
});

/** A review taken down by its writer or by support. */
export const reviewDeleteBody = z.object({ reviewId: required('reviewId') });

export const mobileRequestBody = z.object({ requestedTo: required('requestedTo') });

export const requestStatusQuery = z.object({ requestedTo: required('requestedTo') });
/** The asked member's side: the request `requestedBy` made for the caller's number. */
export const incomingRequestQuery = z.object({ requestedBy: required('requestedBy') });

/** Section 7's two answers, plus `revoked` to take an approval back. */
export const REQUEST_ANSWERS = ['approved', 'rejected', 'revoked'] as const;
export const requestStatusBody = z.object({
  requestId: required('requestId'),
  status: z.enum(REQUEST_ANSWERS, { error: MESSAGES.mobileRequestStatusInvalid }),
});

export const contactBody = z.object({
  country: text,
  firstname: text,
  lastname: text,
  email: text,
  mobile: text,
  description: text,
  subject: text,
});

export const contactPageQuery = z.object({
  page: pageNumber(0).catch(0).default(0),
  /** Unknown or absent: every message, as before the filter existed. */
  status: z.enum(CONTACT_MESSAGE_FILTERS).catch('all').default('all'),
});
export const contactMessageParams = z.object({ messageId: z.string().trim().min(1).max(100) });

/** GET /api/notification: `before`, the `_id` of the last notification shown, for older ones. */
export const notificationListQuery = z.object({ before: z.string().min(1).max(200).optional() });

/** POST /api/notification/seen: when the member opened their notifications (ISO date-time). */
export const notificationsSeenBody = z.object({
  seenAt: z.iso.datetime({ offset: true, error: 'seenAt must be a date and time' }),
});
