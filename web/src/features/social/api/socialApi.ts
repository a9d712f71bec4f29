import type { MobileRequestStatus } from '@boli/engine/social/mobileRequest.machine';

/*
 * The social calls (docs/api/social.md) and the shapes they answer. Each function takes the
 * session's `request` (useApi), so tokens and session expiry are handled in one place.
 */

type Request = <T>(
  path: string,
  options?: {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    query?: Record<string, string>;
    json?: unknown;
  },
) => Promise<T>;

type EnvelopeRequest = <T>(
  path: string,
  options?: {
    method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
    json?: unknown;
    idempotencyKey?: string;
    query?: Record<string, string>;
  },
) => Promise<{ data: T | null; msg: string; [extra: string]: unknown }>;

export type Review = {
  _id: string;
  userId: string;
  text: string;
  postedBy: string;
  postedByUsername: string;
  postedByFirstname: string;
  postedByLastname: string;
  postedByProfilepic: string;
  createdAt: string;
  /** When its writer last rewrote it; null while it is as posted. */
  editedAt: string | null;
};

/** Section 4: 1 = may ask (Show), 2 = pending (Pending), 3 = approved (number shown). */
export type RequestView = {
  status: 1 | 2 | 3;
  requestId: string | null;
  requestStatus: MobileRequestStatus | null;
  /** After the owner said no: when Show may ask again (null: now). */
  askAgainAt: string | null;
};

export type Notification = {
  _id: string;
  kind: string;
  message: string;
  requestId: string | null;
  requestStatus: MobileRequestStatus | null;
  canAnswer: boolean;
  adId: string | null;
  actorId: string | null;
  /** What a fulfilled purchase gave (adSlotSold, adSpaceActivated …); null for other kinds. */
  purchaseOutcome?: string | null;
  /** The ad slot a note is about (outbid, offered, lapsed, bought); null for other notes. */
  slot?: { type: string; slotdate: string } | null;
  /** An edit's changed details, in the form's order ('price', 'address'); null for other notes. */
  editedDetails?: readonly string[] | null;
  createdAt: string;
};

export type RequestAnswer = 'approved' | 'rejected' | 'revoked';

/** A page (1-based) of the reviews a member received, newest first; a full page may have more after it. */
export const fetchReviews = (request: Request, userId: string, page = 1) =>
  request<Review[]>('/api/review/', { query: { userId, page: String(page) } });

/** The same key sent again posts the review once. */
export const postReview = (
  envelope: EnvelopeRequest,
  review: { userId: string; text: string },
  idempotencyKey: string,
) => envelope<Review[]>('/api/review/', { method: 'POST', json: review, idempotencyKey });

/** Its writer rewrites a review; the answer is the reviewed member's reviews as they now are. */
export const editReview = (
  envelope: EnvelopeRequest,
  review: { reviewId: string; text: string; previousText: string },
) => envelope<Review[]>('/api/review/edit', { method: 'POST', json: review });

/** Its writer, or support, deletes a review; answered like editReview. */
export const deleteReview = (envelope: EnvelopeRequest, reviewId: string) =>
  envelope<Review[]>('/api/review/delete', { method: 'POST', json: { reviewId } });

export const fetchRequestStatus = (request: Request, requestedTo: string) =>
  request<RequestView>('/api/request/status', { query: { requestedTo } });

/** The request `requestedBy` made for the caller's number, as its answerer sees it. */
export type IncomingRequest = {
  requestId: string | null;
  requestStatus: MobileRequestStatus | null;
};

export const fetchIncomingRequest = (request: Request, requestedBy: string) =>
  request<IncomingRequest>('/api/request/incoming', { query: { requestedBy } });

export const requestMobileNumber = (request: Request, requestedTo: string) =>
  request<RequestView>('/api/request', { method: 'POST', json: { requestedTo } });

/** A page of the member's notifications, and the cursor of the older ones (null: none). */
export type NotificationPage = { notifications: Notification[]; next: string | null };

/** The newest page, or (`before`, a page's `next`) the one after it. */
export const fetchNotifications = (envelope: EnvelopeRequest, before?: string) =>
  envelope<Notification[]>('/api/notification', before ? { query: { before } } : {}).then(
    (answer): NotificationPage => ({
      notifications: answer.data ?? [],
      next: typeof answer.next === 'string' ? answer.next : null,
    }),
  );

/** When the member last opened their notifications, on any device (null: never). */
export const fetchNotificationsSeen = (request: Request) =>
  request<{ seenAt: string | null }>('/api/notification/seen').then(({ seenAt }) => seenAt);

/** The menu was opened: everything up to `seenAt` is seen; answers the account's mark. */
export const markNotificationsSeen = (request: Request, seenAt: string) =>
  request<{ seenAt: string | null }>('/api/notification/seen', {
    method: 'POST',
    json: { seenAt },
  }).then((answer) => answer.seenAt);

export const answerRequest = (
  envelope: EnvelopeRequest,
  requestId: string,
  status: RequestAnswer,
) =>
  envelope<{ requestId: string; requestStatus: string }>('/api/request/status', {
    method: 'PUT',
    json: { requestId, status },
  });
