import { LIMITS } from '../shared/limits.ts';
import { indiaWallClockOf } from '../shared/indiaTime.ts';
import type { MobileRequestStatus } from './mobileRequest.machine.ts';

/**
 * When the requester may ask again for a number its owner said no to (rejected, or approved and
 * revoked) at `answeredAt`: `LIMITS.mobileRequestAgainAfterHours` later, so that a refused
 * member cannot fill the owner's notifications with the same request. Null when they may ask now
 * (never asked, or the request is pending or approved, where asking again changes nothing).
 */
export function askAgainAt(
  status: MobileRequestStatus | undefined,
  answeredAt: string | null,
  now: string,
): string | null {
  if ((status !== 'rejected' && status !== 'revoked') || answeredAt === null) return null;
  const at = Date.parse(answeredAt) + LIMITS.mobileRequestAgainAfterHours * 3_600_000;
  return at > Date.parse(now) ? new Date(at).toISOString() : null;
}

const MINUTE_MS = 60_000;

/**
 * The refusal of an ask made too soon, naming the no (a rejection, or an approval taken back)
 * and when the ask may be made (India time, to the minute, rounded up: an ask at the minute said
 * is never refused).
 */
export function askAgainMessage(at: string, status: MobileRequestStatus | null = null): string {
  const minute = Math.ceil(Date.parse(at) / MINUTE_MS) * MINUTE_MS;
  const when = indiaWallClockOf(new Date(minute).toISOString()).slice(0, 16);
  const no =
    status === 'revoked'
      ? 'They no longer share their number with you.'
      : 'They said no to this request.';
  return `${no} You can ask again from ${when} IST.`;
}
