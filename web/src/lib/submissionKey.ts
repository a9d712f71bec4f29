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
  send<T>(body: unknown, request: (key: string) => Promise<T>, key?: string): Promise<T>;
  /**
   * Whether a submission (of `body`, when given) was sent and no answer settled it: its answer
   * was lost, or the page was reloaded or closed while it was on its way.
   */
  waiting(body?: unknown): boolean;
  /**
   * The submission waiting (kept across a reload), to send again as it was with its key (`send`'s
   * `key`: another submission may wait by then); null.
   */
  waitingSubmission(): { body: unknown; key: string } | null;
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
 * The key of the form named `scope` (e.g. `bid:<ad id>`), kept in `store`. `sameSubmission`: a
 * body sent while another waits is that submission again, keeping its key, when this says so —
 * not only when the two are alike (Post Ad!, whose files chosen again after a reload are new
 * staged ids: the same fields are the same post, which the api answers with the ad it posted).
 */
export function submissionKey(
  scope: string,
  {
    store = tabStorage(),
    newKey = (): string => crypto.randomUUID(),
    sameSubmission = () => false,
  }: {
    store?: DraftStorage | null;
    newKey?: () => string;
    sameSubmission?: (waiting: unknown, sent: unknown) => boolean;
  } = {},
): SubmissionKey {
  let pending = readPending(store, scope);
  /** The key for this body: the pending one when the same submission is sent again. */
  const keyFor = (body: unknown, key?: string): string => {
    const text = JSON.stringify(body);
    if (key === undefined && pending?.body === text) return pending.key;
    const again =
      pending !== null && sameSubmission(parseStoredJson(pending.body), body) ? pending.key : null;
    pending = { body: text, key: key ?? again ?? newKey() };
    writePending(store, scope, pending);
    return pending.key;
  };
  /** The submission's outcome: a success or an answered refusal ends it; a lost answer does not. */
  const settle = (error?: unknown): void => {
    if (error !== undefined && answerLost(error)) return;
    pending = null;
    writePending(store, scope, null);
  };
  return {
    async send(body, request, key) {
      const offlineWhenSent = globalThis.navigator?.onLine === false;
      // What was waiting before this press: a press that never left the browser changes nothing.
      const before = pending;
      try {
        const answer = await request(keyFor(body, key));
        settle();
        return answer;
      } catch (error) {
        // Pressed offline and refused as offline: it never left the browser, so no answer is
        // awaited (a reload does not say it may have been placed). Pressed online, it left.
        if (failedOffline(error) && offlineWhenSent) {
          // An earlier press whose answer was lost still waits, with its key: pressed again
          // online, it goes as that one, not as a new submission.
          pending = before;
          writePending(store, scope, pending);
        } else {
          if (failedOffline(error)) lostGoingOffline.add(error as ApiError);
          settle(error);
        }
        throw error;
      }
    },
    waiting: (...body) =>
      pending !== null && (body.length === 0 || pending.body === JSON.stringify(body[0])),
    waitingSubmission: () =>
      pending === null ? null : { body: parseStoredJson(pending.body), key: pending.key },
  };
}
