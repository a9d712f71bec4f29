import { ApiError } from '../app/api/client.ts';

/*
 * A form's Idempotency-Key. When the answer to a submission is lost (the connection dropped, a
 * 5xx), the member cannot know whether it was applied, and presses again: the same body goes with
 * the same key, so the api applies it once (a bid is not placed twice, a review not posted
 * twice). Once an answer arrives, or the body changes, the next submission is a new one.
 */

export type SubmissionKey = {
  /** The key for this body: the pending one when the same body is sent again. */
  keyFor(body: unknown): string;
  /** The submission's outcome: a success or an answered refusal ends it; a lost answer does not. */
  settle(error?: unknown): void;
};

/** Whether a failure leaves it unknown if the api applied the request. */
export const answerLost = (error: unknown): boolean =>
  !(error instanceof ApiError) || error.status === 0 || error.status === 409 || error.status >= 500;

export function submissionKey(newKey: () => string = () => crypto.randomUUID()): SubmissionKey {
  let pending: { body: string; key: string } | null = null;
  return {
    keyFor(body) {
      const text = JSON.stringify(body);
      if (pending?.body !== text) pending = { body: text, key: newKey() };
      return pending.key;
    },
    settle(error) {
      if (error === undefined || !answerLost(error)) pending = null;
    },
  };
}
