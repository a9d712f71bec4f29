import type { Redis } from 'ioredis';

export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

export type RateLimitVerdict = { allowed: boolean; remaining: number; retryAfterSeconds: number };

/**
 * Fixed-window counters in Redis: one INCR per attempt, the window's expiry set on its first hit.
 * Several keys (per account, per IP) are checked together; one over its limit refuses the attempt.
 */
export async function consume(
  redis: Redis,
  rule: RateLimitRule,
  keys: string[],
  now: Date,
): Promise<RateLimitVerdict> {
  const window = Math.floor(now.getTime() / 1000 / rule.windowSeconds);
  const redisKeys = keys.map((key) => `ratelimit:${rule.name}:${key}:${window}`);
  const pipeline = redis.multi();
  for (const key of redisKeys) pipeline.incr(key).expire(key, rule.windowSeconds, 'NX');
  const results = (await pipeline.exec()) ?? [];
  const counts = results.filter((_, index) => index % 2 === 0).map(([, count]) => Number(count));
  const highest = Math.max(0, ...counts);
  const windowEnds = (window + 1) * rule.windowSeconds;
  return {
    allowed: highest <= rule.limit,
    remaining: Math.max(0, rule.limit - highest),
    retryAfterSeconds: Math.max(1, windowEnds - Math.floor(now.getTime() / 1000)),
  };
}

/** The limits on the endpoints attackers hammer, per account and per IP. */
export const RATE_LIMITS = {
  signin: { name: 'signin', limit: 10, windowSeconds: 15 * 60 },
  otp: { name: 'otp', limit: 10, windowSeconds: 60 * 60 },
  resend: { name: 'resend', limit: 10, windowSeconds: 60 * 60 },
  forgotPassword: { name: 'forgot-password', limit: 5, windowSeconds: 60 * 60 },
  signinPerIp: { name: 'signin-ip', limit: 100, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;
