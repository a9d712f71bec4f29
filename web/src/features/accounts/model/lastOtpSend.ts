import { LIMITS } from '@boli/engine/shared/limits';

/*
 * The OTP this browser last had sent for a member. Verify Mobile Number sends a code as it opens
 * (section 7), and each send spends one of the day's LIMITS.otp.dailyTries: without this memory
 * every reload, typed URL or new tab of a member still verifying spent one, and five loads locked
 * them out for 24 hours. While the last code is still valid the screen asks for it instead.
 */

/**
 * When the last code was asked for (ms since the epoch, this browser's clock), the sends left and
 * the number it went to (null: not known).
 */
export type LastOtpSend = { sentAt: number; triesLeft: number | null; sentTo?: string | null };

/** What Verify Mobile Number does as it opens. */
export type OtpOnLoad =
  | { kind: 'send' }
  /** The last code is still valid: enter it; Resend OTP waits out what is left of its countdown. */
  | { kind: 'enterCode'; triesLeft: number | null; cooldown: number; sentTo: string | null };

const CODE_VALID_MS = LIMITS.otp.validMinutes * 60_000;

/**
 * Whether the code asked for at `last.sentAt` is still valid at `now`. The server starts its
 * validity when it receives the request, after `sentAt`, so this never outlives the code. A
 * `sentAt` in the future (the clock was set back) proves nothing: not valid.
 */
export function lastCodeStillValid(last: LastOtpSend | null, now: number): last is LastOtpSend {
  return last !== null && last.sentAt <= now && now < last.sentAt + CODE_VALID_MS;
}

/** Send a code as the screen opens, unless the last one sent for this member is still valid. */
export function otpOnLoad(last: LastOtpSend | null, now: number): OtpOnLoad {
  if (!lastCodeStillValid(last, now)) return { kind: 'send' };
  const cooldownEndsAt = last.sentAt + LIMITS.resendCooldownSeconds * 1000;
  return {
    kind: 'enterCode',
    triesLeft: last.triesLeft,
    cooldown: Math.max(0, Math.ceil((cooldownEndsAt - now) / 1000)),
    sentTo: last.sentTo ?? null,
  };
}

/** The stored form of a send; anything else read back (edited, older shape) counts as none. */
export function parseLastOtpSend(raw: string | null): LastOtpSend | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { sentAt, triesLeft, sentTo } = value as Record<string, unknown>;
  if (typeof sentAt !== 'number' || !Number.isFinite(sentAt)) return null;
  const tries =
    typeof triesLeft === 'number' && Number.isInteger(triesLeft) && triesLeft >= 0
      ? triesLeft
      : null;
  return { sentAt, triesLeft: tries, sentTo: typeof sentTo === 'string' ? sentTo : null };
}

/** Usernames are unique whatever their case (docs/api/accounts.md). */
export const lastOtpSendKey = (username: string): string =>
  `otpSent:${username.trim().toLowerCase()}`;

// In localStorage, so reloads and other tabs share it. Storage may be refused (private windows):
// then each load sends, as before.

export function readLastOtpSend(username: string): LastOtpSend | null {
  try {
    return parseLastOtpSend(window.localStorage.getItem(lastOtpSendKey(username)));
  } catch {
    return null;
  }
}

export function writeLastOtpSend(username: string, last: LastOtpSend | null): void {
  try {
    const key = lastOtpSendKey(username);
    if (last) window.localStorage.setItem(key, JSON.stringify(last));
    else window.localStorage.removeItem(key);
  } catch {
    // Not remembered: the next load sends a code.
  }
}
