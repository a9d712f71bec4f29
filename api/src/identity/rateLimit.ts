import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { isRedisUnreachable } from '../redisOutages.ts';
import { LIMITS } from '@boli/engine/shared/limits';

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

export type RateLimitVerdict = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/**
 * Each key's allowed attempts of the last window, as a log in Redis (a sorted set of their
 * instants): an attempt is allowed while every key has fewer than the limit within the window's
 * length before it. Exact, so no span of that length ever holds more than the limit, wherever it
 * starts (approximate windows let a burst at one's end fade out early). A log holds at most the
 * limit's entries. Several keys (per account, per IP) are checked together; one over its limit
 * refuses the attempt, and only allowed attempts are logged, so a refused member's wait does not
 * grow.
 *
 * While Redis cannot be reached, the same logs are kept in this process instead (`logLocally`):
 * members can still sign in, and an attacker still meets the limits, each api process's own. Any
 * other Redis error is thrown.
 */
export async function consume(
  redis: Redis,
  rule: RateLimitRule,
  keys: string[],
  now: Date,
): Promise<RateLimitVerdict> {
  const logKeys = keys.map((key) => `ratelimit:${rule.name}:${key}`);
  const nowMs = now.getTime();
  const logs = (await logInRedis(redis, rule, logKeys, nowMs)) ?? logLocally(logKeys, rule, nowMs);
  return logVerdict(rule, logs, nowMs);
}

/** A key's allowed attempts within the window's length before now (ms since the epoch). */
export type AttemptLog = readonly number[];

/** Whether an attempt at `nowMs` falls within the window's length after one at `atMs`. */
const stillCounts = (windowMs: number, atMs: number, nowMs: number): boolean =>
  atMs > nowMs - windowMs;

/**
 * The verdict on an attempt at `nowMs`, given each key's log before it (the attempts still within
 * the window): allowed if every key stays within the limit with it. Refused, it says when the
 * next attempt would be allowed if none were made meanwhile: once enough of the slowest key's
 * attempts have left the window (whole seconds, rounded up, at least one).
 */
export function logVerdict(
  rule: RateLimitRule,
  logs: AttemptLog[],
  nowMs: number,
): RateLimitVerdict {
  const windowMs = rule.windowSeconds * 1000;
  const counts = logs.map((log) =>
    log.filter((atMs) => stillCounts(windowMs, atMs, nowMs)).sort((a, b) => a - b),
  );
  const allowed = counts.every((log) => log.length < rule.limit);
  const remaining = allowed ? rule.limit - 1 - Math.max(0, ...counts.map((log) => log.length)) : 0;
  const waitMs = Math.max(
    0,
    ...counts.map((log) =>
      log.length < rule.limit ? 0 : log[log.length - rule.limit]! + windowMs - nowMs,
    ),
  );
  return { allowed, remaining, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
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
 * Each key's log before this attempt, logging it if allowed, in one script so that concurrent
 * attempts never both take the last place; undefined when Redis cannot be reached.
 */
async function logInRedis(
  redis: Redis,
  rule: RateLimitRule,
  keys: string[],
  nowMs: number,
): Promise<AttemptLog[] | undefined> {
  // Not connected: counting here at once beats queueing behind ioredis' reconnection attempts.
  if (redis.status !== 'ready') return undefined;
  try {
    const logs = (await redis.eval(
      LOG_SCRIPT,
      keys.length,
      ...keys,
      String(rule.limit),
      String(rule.windowSeconds * 1000),
      String(nowMs),
      randomUUID(),
    )) as string[][];
    return logs.map((log) => log.map(Number));
  } catch (error) {
    if (isRedisUnreachable(error)) return undefined;
    throw error;
  }
}

/**
 * KEYS: each key's log; ARGV: the limit, the window (ms), now (ms) and this attempt's own name in
 * the logs. Drops what has left the window, logs the attempt if every key has room (`logVerdict`'s
 * test), and returns each log as it was before it.
 */
const LOG_SCRIPT = `
local limit, window, now = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local logs = {}
local allowed = true
for i = 1, #KEYS do
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - window)
  local entries = redis.call('ZRANGE', KEYS[i], 0, -1, 'WITHSCORES')
  local log = {}
  for j = 2, #entries, 2 do log[#log + 1] = entries[j] end
  logs[i] = log
  if #log >= limit then allowed = false end
end
if allowed then
  for i = 1, #KEYS do
    redis.call('ZADD', KEYS[i], now, ARGV[4])
    redis.call('PEXPIRE', KEYS[i], window)
  end
end
return logs
`;

/** This process's logs while Redis is away: key → the allowed attempts' instants (ms). */
const localLogs = new Map<string, { log: number[]; windowMs: number }>();
/** Above this many logs, those with nothing left in their window are dropped before another. */
const LOCAL_LOGS_SWEEP_AT = 10_000;
/** Never more logs than this: past it, the oldest go first (memory over exactness). */
const LOCAL_LOGS_MAX = 100_000;

/** As the script does, in this process: the logs before, and this attempt logged if allowed. */
function logLocally(keys: string[], rule: RateLimitRule, nowMs: number): AttemptLog[] {
  const windowMs = rule.windowSeconds * 1000;
  const logs = keys.map((key) =>
    (localLogs.get(key)?.log ?? []).filter((atMs) => stillCounts(windowMs, atMs, nowMs)),
  );
  if (!logVerdict(rule, logs, nowMs).allowed) return logs;
  keys.forEach((key, index) => keepLocalLog(key, [...logs[index]!, nowMs], windowMs, nowMs));
  return logs;
}

function keepLocalLog(key: string, log: number[], windowMs: number, nowMs: number) {
  if (!localLogs.has(key) && localLogs.size >= LOCAL_LOGS_SWEEP_AT) {
    for (const [stored, kept] of localLogs)
      if (!kept.log.some((atMs) => stillCounts(kept.windowMs, atMs, nowMs)))
        localLogs.delete(stored);
    for (const stored of localLogs.keys()) {
      if (localLogs.size < LOCAL_LOGS_MAX) break;
      localLogs.delete(stored);
    }
  }
  localLogs.set(key, { log, windowMs });
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
  /** An ad space's impressions and clicks, open to guests: counted, not refused, up to it. */
  AdImpressionRecorded: {
    name: 'ad-impression-ip',
    limit: LIMITS.adAudiencePerIpPerHour,
    windowSeconds: 60 * 60,
  },
  AdClickRecorded: {
    name: 'ad-click-ip',
    limit: LIMITS.adAudiencePerIpPerHour,
    windowSeconds: 60 * 60,
  },
} as const satisfies Record<string, RateLimitRule>;
