import type { Redis } from 'ioredis';
import { isRedisUnreachable } from '../redisOutages.ts';
import { LIMITS } from '@boli/engine/shared/limits';

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

export type RateLimitVerdict = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/**
 * Sliding-window counters in Redis. An attempt is weighed against its window's count plus the
 * last window's, shrinking as the window goes by (`slidingCount`): a burst at a window's edge
 * meets the limit as one in its middle does, where fixed windows would allow twice the limit.
 * Several keys (per account, per IP) are checked together; one over its limit refuses the
 * attempt, and only allowed attempts are counted, so a refused member's wait does not grow.
 *
 * While Redis cannot be reached, the same windows are counted in this process instead
 * (`countLocally`): members can still sign in, and an attacker still meets the limits, each
 * api process's own. Any other Redis error is thrown.
 */
export async function consume(
  redis: Redis,
  rule: RateLimitRule,
  keys: string[],
  now: Date,
): Promise<RateLimitVerdict> {
  const windowMs = rule.windowSeconds * 1000;
  const window = Math.floor(now.getTime() / windowMs);
  const windowKey = (key: string, at: number) => `ratelimit:${rule.name}:${key}:${at}`;
  const pairs = keys.map((key) => ({
    current: windowKey(key, window),
    previous: windowKey(key, window - 1),
  }));
  const elapsedMs = now.getTime() - window * windowMs;
  const counts =
    (await countInRedis(redis, rule, pairs, elapsedMs)) ??
    countLocally(pairs, rule, elapsedMs, (window + 2) * windowMs, now.getTime());
  return slidingVerdict(rule, counts, elapsedMs);
}

/** A key's counts of allowed attempts: in the window now, and in the one before. */
export type WindowCounts = { current: number; previous: number };

/**
 * Whether one more attempt `elapsedMs` into the window keeps a key within the limit, as the
 * sliding window estimates its count over the last window's length: the current window's
 * attempts, and the last one's in the share of it still within that length. In whole numbers
 * (both sides times the window's milliseconds), so Redis' script and this process agree exactly.
 */
export const fitsOneMore = (
  rule: RateLimitRule,
  { current, previous }: WindowCounts,
  elapsedMs: number,
): boolean => {
  const windowMs = rule.windowSeconds * 1000;
  return previous * (windowMs - elapsedMs) + (current + 1) * windowMs <= rule.limit * windowMs;
};

/**
 * The verdict on an attempt `elapsedMs` into its window, given each key's counts before it:
 * allowed if every key stays within the limit with it. Refused, it says when the next attempt
 * would be allowed if none were made meanwhile (whole seconds, rounded up, at least one).
 */
export function slidingVerdict(
  rule: RateLimitRule,
  counts: WindowCounts[],
  elapsedMs: number,
): RateLimitVerdict {
  const windowMs = rule.windowSeconds * 1000;
  const allowed = counts.every((key) => fitsOneMore(rule, key, elapsedMs));
  const estimate = ({ current, previous }: WindowCounts) =>
    (previous * (windowMs - elapsedMs)) / windowMs + current + 1;
  const remaining = allowed
    ? Math.max(0, Math.floor(rule.limit - Math.max(0, ...counts.map(estimate))))
    : 0;
  const waitMs = Math.max(
    0,
    ...counts.map((key) =>
      fitsOneMore(rule, key, elapsedMs) ? 0 : msToWait(rule, key, elapsedMs),
    ),
  );
  return { allowed, remaining, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** How long until one more attempt fits under the limit for this key, none made meanwhile. */
function msToWait(rule: RateLimitRule, { current, previous }: WindowCounts, elapsedMs: number) {
  const windowMs = rule.windowSeconds * 1000;
  /** How far into a window the last one's `count` has slid out enough to leave `room`. */
  const slidOut = (room: number, count: number) => windowMs - Math.floor((room * windowMs) / count);
  // Within this window, once enough of the last one has slid out of it.
  if (current + 1 <= rule.limit) return slidOut(rule.limit - current - 1, previous) - elapsedMs;
  // In the next, once enough of this one has.
  return windowMs - elapsedMs + slidOut(rule.limit - 1, current);
}

/**
 * The answer over a limit, saying what there were too many of and when to try again (as
 * Retry-After does): in seconds under a minute, else in whole minutes, rounded up so that the
 * member is never told too soon.
 */
export function tooMany(what: 'attempts' | 'messages', retryAfterSeconds: number): string {
  const [count, unit] =
    retryAfterSeconds < 60
      ? [Math.max(1, Math.ceil(retryAfterSeconds)), 'second']
      : [Math.ceil(retryAfterSeconds / 60), 'minute'];
  return `Too many ${what}. Please try again in ${count} ${unit}${count === 1 ? '' : 's'}.`;
}

/** Over a sign-in, OTP or reset limit. */
export const tooManyAttempts = (retryAfterSeconds: number): string =>
  tooMany('attempts', retryAfterSeconds);

/**
 * Each key's counts before this attempt, counting it if allowed, in one script so that
 * concurrent attempts never both take the last place; undefined when Redis cannot be reached.
 */
async function countInRedis(
  redis: Redis,
  rule: RateLimitRule,
  pairs: { current: string; previous: string }[],
  elapsedMs: number,
): Promise<WindowCounts[] | undefined> {
  // Not connected: counting here at once beats queueing behind ioredis' reconnection attempts.
  if (redis.status !== 'ready') return undefined;
  const keys = pairs.flatMap(({ current, previous }) => [current, previous]);
  try {
    const counts = (await redis.eval(
      SLIDING_SCRIPT,
      keys.length,
      ...keys,
      String(rule.limit),
      String(rule.windowSeconds * 1000),
      String(elapsedMs),
      String(2 * rule.windowSeconds),
    )) as number[];
    return pairs.map((_, index) => ({
      current: Number(counts[2 * index]),
      previous: Number(counts[2 * index + 1]),
    }));
  } catch (error) {
    if (isRedisUnreachable(error)) return undefined;
    throw error;
  }
}

/**
 * KEYS: each key's current and previous window; ARGV: the limit, the window and the time into it
 * (ms), and the counters' lifetime (s, two windows). The test is `fitsOneMore`'s. Returns the
 * counts read, before this attempt.
 */
const SLIDING_SCRIPT = `
local limit, window, elapsed = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local counts = {}
local allowed = true
for i = 1, #KEYS, 2 do
  local current = tonumber(redis.call('GET', KEYS[i]) or '0')
  local previous = tonumber(redis.call('GET', KEYS[i + 1]) or '0')
  counts[i] = current
  counts[i + 1] = previous
  if previous * (window - elapsed) + (current + 1) * window > limit * window then allowed = false end
end
if allowed then
  for i = 1, #KEYS, 2 do
    redis.call('INCR', KEYS[i])
    redis.call('EXPIRE', KEYS[i], ARGV[4], 'NX')
  end
end
return counts
`;

/** This process's counters while Redis is away: window key → count and when it may go (ms). */
const localWindows = new Map<string, { count: number; endsAt: number }>();
/** Above this many counters, the ended windows are dropped before another is added. */
const LOCAL_WINDOWS_SWEEP_AT = 10_000;
/** Never more counters than this: past it, the oldest go first (memory over exactness). */
const LOCAL_WINDOWS_MAX = 100_000;

/** As the script does, in this process: the counts before, and this attempt counted if allowed. */
function countLocally(
  pairs: { current: string; previous: string }[],
  rule: RateLimitRule,
  elapsedMs: number,
  endsAt: number,
  nowMs: number,
): WindowCounts[] {
  const counts = pairs.map(({ current, previous }) => ({
    current: localWindows.get(current)?.count ?? 0,
    previous: localWindows.get(previous)?.count ?? 0,
  }));
  if (!counts.every((key) => fitsOneMore(rule, key, elapsedMs))) return counts;
  for (const { current } of pairs) {
    const counter = localWindows.get(current);
    if (counter) counter.count += 1;
    else addLocalWindow(current, endsAt, nowMs);
  }
  return counts;
}

function addLocalWindow(key: string, endsAt: number, nowMs: number) {
  if (localWindows.size >= LOCAL_WINDOWS_SWEEP_AT) {
    for (const [stored, { endsAt: ends }] of localWindows)
      if (ends <= nowMs) localWindows.delete(stored);
    for (const stored of localWindows.keys()) {
      if (localWindows.size < LOCAL_WINDOWS_MAX) break;
      localWindows.delete(stored);
    }
  }
  localWindows.set(key, { count: 1, endsAt });
}

/** The limits on the endpoints attackers hammer, per account and per IP. */
export const RATE_LIMITS = {
  signin: { name: 'signin', limit: 10, windowSeconds: 15 * 60 },
  otp: { name: 'otp', limit: 10, windowSeconds: 60 * 60 },
  resend: { name: 'resend', limit: 10, windowSeconds: 60 * 60 },
  forgotPassword: { name: 'forgot-password', limit: 5, windowSeconds: 60 * 60 },
  /** A mistyped number changed on the OTP screen: a few tries an hour, not a way to spray SMS. */
  phoneChange: { name: 'phone-change', limit: 5, windowSeconds: 60 * 60 },
  signinPerIp: { name: 'signin-ip', limit: 100, windowSeconds: 15 * 60 },
  /**
   * Change password checks the old one: with sign-in's limit, so that a session left open (or
   * stolen) is no way round it to guess the password.
   */
  changePassword: { name: 'change-password', limit: 10, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/**
 * Per-IP ceilings beside RATE_LIMITS' per-account ones: an IP may be a whole office or a mobile
 * carrier's NAT, so it gets ten accounts' worth.
 */
export const PER_IP_LIMITS = {
  otp: { name: 'otp-ip', limit: 100, windowSeconds: 60 * 60 },
  otpVerify: { name: 'otp-verify-ip', limit: 100, windowSeconds: 60 * 60 },
  resend: { name: 'resend-ip', limit: 100, windowSeconds: 60 * 60 },
  forgotPassword: { name: 'forgot-password-ip', limit: 50, windowSeconds: 60 * 60 },
  /** Contact Us, open to guests: a script may not fill support's inbox. */
  contactUs: { name: 'contactus-ip', limit: LIMITS.contactPerIpPerHour, windowSeconds: 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;
