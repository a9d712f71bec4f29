import { listInWords } from '@boli/engine/shared/words';
import type { Notification, RequestAnswer } from './api/socialApi.ts';
import { answeredRequestText, answersOfRequest } from './requestAnswers.ts';

/*
 * The bell's count: notifications that arrived since the member last opened the menu, on any
 * device, plus any request still waiting for their answer (it needs them however old it is).
 * When the menu was last opened is kept on the account (GET/POST /api/notification/seen) and in
 * this browser, which counts from the later of the two while the account's is being read.
 */

export const seenKey = (userId: string): string => `notificationsSeenAt:${userId}`;

/**
 * The mark the menu's opening leaves: the newest notification it shows (null when it shows none,
 * which leaves the mark where it was). Not the time of opening: a note recorded before then but
 * not yet in the read model (the projections lag, or catch up after an outage) was not shown,
 * and comes dated after every note that was, so it still counts as new when it arrives.
 */
export function seenMarkOf(notifications: readonly Notification[]): string | null {
  const newest = Math.max(
    Number.NEGATIVE_INFINITY,
    ...notifications.map((notification) => Date.parse(notification.createdAt) || 0),
  );
  return Number.isFinite(newest) ? new Date(newest).toISOString() : null;
}

/** A request the member answers that is not yet approved or rejected: Approve / Reject wait. */
export const awaitsAnswer = (notification: Notification): boolean =>
  notification.canAnswer &&
  notification.kind === 'mobileRequest' &&
  notification.requestStatus === 'pending';

export function badgeCount(notifications: readonly Notification[], seenAt: string | null): number {
  const seen = seenAt === null ? Number.NEGATIVE_INFINITY : Date.parse(seenAt);
  return notifications.filter(
    (notification) => awaitsAnswer(notification) || Date.parse(notification.createdAt) > seen,
  ).length;
}

/** The answers beside a request notification: only the member whose number was asked gets any. */
export function answersFor(notification: Notification): RequestAnswer[] {
  return asksViewer(notification) ? answersOfRequest(notification.requestStatus) : [];
}

/** Where a request the member was asked stands, once they answered it (answeredRequestText). */
export function answeredText(notification: Notification): string | null {
  return asksViewer(notification) ? answeredRequestText(notification.requestStatus) : null;
}

const asksViewer = (notification: Notification): boolean =>
  notification.canAnswer && notification.kind === 'mobileRequest';

/**
 * The bell's list: requests waiting for the member's answer first (their Approve and Reject are
 * what the member has to do), then the rest as they came, newest first.
 */
export function notificationsInOrder<N extends Notification>(notifications: readonly N[]): N[] {
  return [
    ...notifications.filter(awaitsAnswer),
    ...notifications.filter((notification) => !awaitsAnswer(notification)),
  ];
}

/**
 * Whether notes older than the newest page may be new too: there are older ones (`next`), and the
 * page's oldest note came after the mark. The count then says '50+', not '50'.
 */
export function mayBeMoreNew(
  page: { readonly notifications: readonly Notification[]; readonly next: string | null },
  seenAt: string | null,
): boolean {
  if (page.next === null) return false;
  const oldest = page.notifications.find((notification) => notification._id === page.next);
  return (
    oldest !== undefined && (seenAt === null || Date.parse(oldest.createdAt) > Date.parse(seenAt))
  );
}

/** The newest page with the older pages read after it, each note once (a page may repeat one). */
export function withOlder<N extends Notification>(newest: readonly N[], older: readonly N[]): N[] {
  const shown = new Set(newest.map((notification) => notification._id));
  return [...newest, ...older.filter((notification) => !shown.has(notification._id))];
}

/**
 * The menu's notes: `withOlder`, with the requests answered in this tab (`answeredHere`, by
 * note id, as they were answered) over any older copy. The newest page is read again after an
 * answer, but an older page is not, and an answered request leaves the newest page (which keeps
 * only those still waiting): without these, it would stay pending in the older copy, or vanish
 * where no older page was read. The newest page's own copy, read later, wins.
 */
export function shownNotes<N extends Notification>(
  newest: readonly N[],
  older: readonly N[],
  answeredHere: ReadonlyMap<string, N>,
): N[] {
  const listed = withOlder(newest, older);
  const inNewest = new Set(newest.map((notification) => notification._id));
  const answered = (notification: N): N =>
    inNewest.has(notification._id)
      ? notification
      : (answeredHere.get(notification._id) ?? notification);
  const listedIds = new Set(listed.map((notification) => notification._id));
  const missing = [...answeredHere.values()]
    .filter((notification) => !listedIds.has(notification._id))
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  return [...listed.map(answered), ...missing];
}

/** The later of two marks (either may be missing): what was seen on any device is not new. */
export const laterSeen = (a: string | null, b: string | null): string | null =>
  a === null ? b : b === null ? a : Date.parse(b) > Date.parse(a) ? b : a;

/**
 * A notification as the menu lists it: `times` the notes it stands for (repeats folded), and for
 * an ad's edits the details any of them changed.
 */
export type ListedNotification = Notification & { readonly times: number };

/**
 * What makes notes repeats of one another, folded into the newest: every outbid on one ad (two
 * bidders raising each other would fill the menu with one line per raise), every edit of one ad
 * (an owner changing the price 56 times gave 56 lines alike but for their times), every review
 * one member posted on the member's profile (52 in a row were 52 identical lines). Null: not
 * folded.
 */
function repeatKey(notification: Notification): string | null {
  if (notification.kind === 'outbid' && notification.adId !== null)
    return `outbid:${notification.adId}`;
  if (notification.kind === 'adEdited' && notification.adId !== null)
    return `adEdited:${notification.adId}`;
  if (notification.kind === 'reviewReceived' && notification.actorId !== null)
    return `review:${notification.actorId}`;
  return null;
}

/** The menu's notes, newest first as they come, with repeats (`repeatKey`) folded into the newest. */
export function foldRepeats(notifications: readonly Notification[]): ListedNotification[] {
  const byKey = new Map<string, Notification & { times: number }>();
  const listed: (Notification & { times: number })[] = [];
  for (const notification of notifications) {
    const key = repeatKey(notification);
    const newer = key === null ? undefined : byKey.get(key);
    if (newer) {
      newer.times += 1;
      // The newest edit's message names only what it changed: the line names what any did.
      if (newer.editedDetails && notification.editedDetails)
        newer.editedDetails = [...new Set([...newer.editedDetails, ...notification.editedDetails])];
      continue;
    }
    const item = { ...notification, times: 1 };
    if (key !== null) byKey.set(key, item);
    listed.push(item);
  }
  return listed;
}

/** What a folded note says beside its time: how many it stands for. */
export function timesText(notification: ListedNotification): string | null {
  if (notification.times <= 1) return null;
  switch (notification.kind) {
    case 'outbid':
      return `Outbid ${notification.times} times on this ad`;
    case 'adEdited': {
      const details = listInWords(notification.editedDetails ?? []);
      return details
        ? `Edited ${notification.times} times: ${details} changed`
        : `Edited ${notification.times} times`;
    }
    default:
      return `${notification.times} reviews`;
  }
}

/**
 * What a screen reader is told when the list is read again (a push, a poll): the notes that
 * were not in it before, the newest in its words, as a sighted member sees the count rise. Null
 * when none came, and at the first read (`shown` null): what was there already is no news.
 */
export function arrivalNews(
  shown: readonly Notification[] | null,
  read: readonly Notification[],
): string | null {
  if (shown === null) return null;
  const known = new Set(shown.map((notification) => notification._id));
  const arrived = read.filter((notification) => !known.has(notification._id));
  const newest = arrived[0];
  if (newest === undefined) return null;
  return arrived.length === 1
    ? `New notification: ${newest.message}`
    : `${arrived.length} new notifications. The newest: ${newest.message}`;
}
