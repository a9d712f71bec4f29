import type { Redis } from 'ioredis';
import { isRedisUnreachable } from '../redisOutages.ts';

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

export type RateLimitVerdict = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/**
 * Fixed-window counters in Redis: one INCR per attempt, the window's expiry set on its first hit.
 * Several keys (per account, per IP) are checked together; one over its limit refuses the attempt.
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
  const window = Math.floor(now.getTime() / 1000 / rule.windowSeconds);
  const windowKeys = keys.map((key) => `ratelimit:${rule.name}:${key}:${window}`);
  const windowEnds = (window + 1) * rule.windowSeconds;
  const counts =
    (await countInRedis(redis, rule, windowKeys)) ??
    windowKeys.map((key) => countLocally(key, windowEnds * 1000, now.getTime()));
  const highest = Math.max(0, ...counts);
  return {
    allowed: highest <= rule.limit,
    remaining: Math.max(0, rule.limit - highest),
    retryAfterSeconds: Math.max(1, windowEnds - Math.floor(now.getTime() / 1000)),
  };
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

/** Each key's count after this attempt; undefined when Redis cannot be reached. */
async function countInRedis(
  redis: Redis,
  rule: RateLimitRule,
  windowKeys: string[],
): Promise<number[] | undefined> {
  // Not connected: counting here at once beats queueing behind ioredis' reconnection attempts.
  if (redis.status !== 'ready') return undefined;
  const pipeline = redis.multi();
  for (const key of windowKeys) pipeline.incr(key).expire(key, rule.windowSeconds, 'NX');
  try {
    const results = (await pipeline.exec()) ?? [];
    return results.filter((_, index) => index % 2 === 0).map(([, count]) => Number(count));
  } catch (error) {
    if (isRedisUnreachable(error)) return undefined;
    throw error;
  }
}

/** This process's counters while Redis is away: key → count and the end of its window (ms). */
const localWindows = new Map<string, { count: number; endsAt: number }>();
/** Above this many counters, the ended windows are dropped before another is added. */
const LOCAL_WINDOWS_SWEEP_AT = 10_000;
/** Never more counters than this: past it, the oldest go first (memory over exactness). */
const LOCAL_WINDOWS_MAX = 100_000;

function countLocally(key: string, endsAt: number, nowMs: number): number {
  const counter = localWindows.get(key);
  if (counter) return ++counter.count;
  if (localWindows.size >= LOCAL_WINDOWS_SWEEP_AT) {
    for (const [stored, { endsAt: ends }] of localWindows)
      if (ends <= nowMs) localWindows.delete(stored);
    for (const stored of localWindows.keys()) {
      if (localWindows.size < LOCAL_WINDOWS_MAX) break;
      localWindows.delete(stored);
    }
  }
  localWindows.set(key, { count: 1, endsAt });
  return 1;
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
