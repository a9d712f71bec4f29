/*
 * Section 4: bids are taken until the final call's deadline and none from it on. The engine
 * judges each command by it (ad.state.ts, statusAt), the expiry timer's close waits for it
 * (ad.decider.ts, expire), and the web app shows 'Bidding Closed' by it the moment it passes. Kept apart from ad.state.ts so the web does not load the ad's
 * state machine for one comparison.
 */

/** Whether the deadline has come by `nowMs` (ms since the epoch); none, or none readable, never has. */
export const deadlineHasCome = (deadline: string | null | undefined, nowMs: number): boolean => {
  const at = deadline ? Date.parse(deadline) : Number.NaN;
  return !Number.isNaN(at) && at <= nowMs;
};
