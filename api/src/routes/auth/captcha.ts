import { randomInt } from 'node:crypto';
import type { Redis } from 'ioredis';
import { randomToken } from '../../identity/tokens.ts';

export const CAPTCHA_TTL_SECONDS = 10 * 60;

const key = (prefix: string, captchaId: string) => `${prefix}:captcha:${captchaId}`;

/** An arithmetic question; the answer waits in Redis for 10 minutes. */
export async function newCaptcha(
  redis: Redis,
  prefix: string,
): Promise<{ captchaId: string; question: string }> {
  const a = randomInt(1, 10);
  const b = randomInt(1, 10);
  const captchaId = randomToken(16);
  await redis.set(key(prefix, captchaId), String(a + b), 'EX', CAPTCHA_TTL_SECONDS);
  return { captchaId, question: `What is ${a} + ${b}?` };
}

/** True when `answer` is right. Every captcha is spent by its first check, right or wrong. */
export async function solveCaptcha(
  redis: Redis,
  prefix: string,
  captchaId: string,
  answer: string,
): Promise<boolean> {
  if (!/^[\w-]{1,64}$/.test(captchaId)) return false;
  const expected = await redis.getdel(key(prefix, captchaId));
  return expected !== null && expected === answer.trim();
}
