import type { Context } from 'koa';
import { MESSAGES } from '@boli/engine/shared/messages';
import { errorList } from '@boli/engine/accounts/account.rules';
import { fieldErrorsFromZod } from '@boli/engine/accounts/account.schemas';
import type { AccountState } from '@boli/engine/accounts/account.decider';
import type { z } from 'zod';
import { sessionService } from '../../http/auth.ts';
import { ApiError, ValidationError } from '../../http/errors.ts';
import type { FieldError } from '../../http/envelope.ts';
import { consume, tooManyAttempts, type RateLimitRule } from '../../identity/rateLimit.ts';
import type { Infrastructure } from '../../infrastructure.ts';
import { userDetailOf } from './accounts.ts';

export type AuthInfra = Pick<
  Infrastructure,
  'config' | 'db' | 'redis' | 'store' | 'idempotency' | 'logger'
>;

/** Rate keys with the deployment's prefix, so separate apps never share counters. */
const deploymentKeys = (infra: Pick<Infrastructure, 'config'>, keys: string[]) =>
  keys.map((key) => `${infra.config.QUEUE_PREFIX}:${key}`);

/**
 * Counts this attempt against `rule` for every key (per account, per IP); over the limit → 429
 * with Retry-After. Keys carry the deployment's prefix, so separate apps never share counters.
 * Returns how many more attempts the window allows after this one.
 */
export async function limitRate(
  ctx: Context,
  infra: AuthInfra,
  rule: RateLimitRule,
  keys: string[],
): Promise<number> {
  const verdict = await consume(infra.redis, rule, deploymentKeys(infra, keys), new Date());
  if (!verdict.allowed) {
    ctx.set('Retry-After', String(verdict.retryAfterSeconds));
    throw new ApiError(429, tooManyAttempts(verdict.retryAfterSeconds), 'RATE_LIMITED');
  }
  return verdict.remaining;
}

/**
 * Counts this attempt against `rule` for every key, as `limitRate` does, and says whether it was
 * within it, for what is not refused past a limit but no longer counted (an ad's impressions).
 */
export async function withinRate(
  infra: Pick<Infrastructure, 'config' | 'redis'>,
  rule: RateLimitRule,
  keys: string[],
): Promise<boolean> {
  return (await consume(infra.redis, rule, deploymentKeys(infra, keys), new Date())).allowed;
}

/** zod at the edge with the account rules' wording: every message per field. */
export function parseForm<S extends z.ZodType>(
  schema: S,
  input: unknown,
  summary?: string,
  extra: FieldError[] = [],
): z.output<S> {
  const result = schema.safeParse(input ?? {});
  const errors = [...(result.success ? [] : errorList(fieldErrorsFromZod(result.error))), ...extra];
  if (errors.length > 0) throw new ValidationError(errors, summary);
  return (result as { data: z.output<S> }).data;
}

/** Answers a refusal that needs more than the error middleware gives (errors and data together). */
export function refuse(
  ctx: Context,
  status: number,
  msg: string,
  extra: { errors?: FieldError[]; data?: unknown; [key: string]: unknown } = {},
): void {
  const { data = null, ...rest } = extra;
  ctx.status = status;
  ctx.body = { data, error: true, msg, ...rest };
}

export const memberActor = (userId: string) => ({ userId, role: 'member' });

/** A full session for `state`'s account: tokens plus the contract's userDetail. */
export async function openSession(ctx: Context, infra: AuthInfra, state: AccountState) {
  const issued = await sessionService(infra).issue(state.userId, [...state.roles], new Date(), {
    userAgent: ctx.get('user-agent') || undefined,
    ip: ctx.ip,
  });
  return {
    token: issued.token,
    refreshToken: issued.refreshToken,
    userDetail: await userDetailOf(infra.db, state),
  };
}

/** The OTP and resend calls name the account by username; the token must name the same one. */
export function assertSameAccount(ctx: Context, userId: string | undefined): string {
  const account = ctx.state.account;
  if (!account || userId === undefined || account.userId !== userId) {
    throw new ApiError(403, MESSAGES.generic, 'FORBIDDEN');
  }
  return userId;
}
