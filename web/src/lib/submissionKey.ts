import { ApiError, failedOffline } from '../app/api/client.ts';
import { isRecord } from './records.ts';
import {
  parseStoredJson,
  readTabItem,
  tabStorage,
  writeTabItem,
  type DraftStorage,
} from './tabStorage.ts';

/*
 * A form's Idempotency-Key. When the answer to a submission is lost (the connection dropped, a
 * 5xx), the member cannot know whether it was applied, and presses again — perhaps after a
 * reload, the form's draft still filled in: the same body goes with the same key, so the api
 * applies it once (a bid is not placed twice, a review not posted twice). The pending key is kept
 * in the tab's storage beside the drafts. Once an answer arrives, or the body changes, the next
 * submission is a new one.
 */

export type SubmissionKey = {
  /**
   * Sends `body` with its key (`request`'s argument): the pending key when the same body is sent
   * again. A success or an answered refusal ends the submission; a lost answer does not. Rethrows.
   */
  send<T>(body: unknown, request: (key: string) => Promise<T>): Promise<T>;
  /**
   * Whether a submission (of `body`, when given) was sent and no answer settled it: its answer
   * was lost, or the page was reloaded or closed while it was on its way.
   */
  waiting(body?: unknown): boolean;
  /** The body of the submission waiting (kept across a reload), to send again as it was; null. */
  waitingBody(): unknown;
};

/** Whether a failure leaves it unknown if the api applied the request. */
export const answerLost = (error: unknown): boolean =>
  !(error instanceof ApiError) || error.status === 0 || error.status === 409 || error.status >= 500;

/**
 * Sent, and no answer came back though the browser is online, or the server failed (5xx; its
 * database went away as it stored it, say): it may have been applied. A retry carries the same
 * key, so the member is told to press again, not that something went wrong.
 */
export const unconfirmed = (error: unknown): boolean =>
  error instanceof ApiError &&
  (lostGoingOffline.has(error) ||
    (error.status === 0 && !failedOffline(error)) ||
    error.status >= 500);

/**
 * Failures of submissions sent while online whose answer was lost as the browser went offline:
 * the request left, so it may have been applied, though the browser now says it is offline.
 */
const lostGoingOffline = new WeakSet<ApiError>();

type Pending = { body: string; key: string };

const storageKey = (scope: string) => `submission:${scope}`;

function readPending(store: DraftStorage | null, scope: string): Pending | null {
  const value = parseStoredJson(readTabItem(storageKey(scope), store));
  return isRecord(value) && typeof value.body === 'string' && typeof value.key === 'string'
    ? { body: value.body, key: value.key }
    : null;
}

// Refused storage keeps nothing: the key still lives in the page until a reload.
const writePending = (store: DraftStorage | null, scope: string, pending: Pending | null) =>
  writeTabItem(storageKey(scope), pending === null ? null : JSON.stringify(pending), store);

/**
 * The key of the form named `scope` (e.g. `bid:<ad id>`), kept in `store`. `oneWhileWaiting`: a
 * submission waiting keeps its key whatever the body sent next (Post Ad!, whose files chosen again
 * after a reload are new staged ids: the api answers a key's second form with the ad its first
 * posted, so a lost post and its retry are one ad).
 */
export function submissionKey(
  scope: string,
  {
    store = tabStorage(),
    newKey = (): string => crypto.randomUUID(),
    oneWhileWaiting = false,
  }: { store?: DraftStorage | null; newKey?: () => string; oneWhileWaiting?: boolean } = {},
): SubmissionKey {
  let pending = readPending(store, scope);
  /** The key for this body: the pending one when the same body is sent again. */
  const keyFor = (body: unknown): string => {
    const text = JSON.stringify(body);
    if (pending?.body !== text) {
      const key = pending !== null && oneWhileWaiting ? pending.key : newKey();
      pending = { body: text, key };
      writePending(store, scope, pending);
    }
    return pending.key;
  };
  /** The submission's outcome: a success or an answered refusal ends it; a lost answer does not. */
  const settle = (error?: unknown): void => {
    if (error !== undefined && answerLost(error)) return;
    pending = null;
    writePending(store, scope, null);
  };
  return {
    async send(body, request) {
      const offlineWhenSent = globalThis.navigator?.onLine === false;
      try {
        const answer = await request(keyFor(body));
        settle();
        return answer;
      } catch (error) {
        // Pressed offline and refused as offline: it never left the browser, so no answer is
        // awaited (a reload does not say it may have been placed). Pressed online, it left.
        const neverLeft = offlineWhenSent && failedOffline(error);
        if (!offlineWhenSent && failedOffline(error)) lostGoingOffline.add(error as ApiError);
        settle(neverLeft ? undefined : error);
        throw error;
      }
    },
    waiting: (...body) =>
      pending !== null && (body.length === 0 || pending.body === JSON.stringify(body[0])),
    waitingBody: () => (pending === null ? null : parseStoredJson(pending.body)),
  };
}
