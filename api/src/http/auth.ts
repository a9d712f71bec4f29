import type { Context, Middleware, Next } from 'koa';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Knex } from 'knex';
import { holdsRole, NOT_ALLOWED } from '@boli/engine/accounts/staffRoles';
import { MESSAGES } from '@boli/engine/shared/messages';
import {
  assertSessionLive,
  SessionService,
  TokenExpiredError,
  TokenInvalidError,
  type AccessClaims,
} from '../identity/sessions.ts';
import type { Infrastructure } from '../infrastructure.ts';
import { ApiError } from './errors.ts';
import { memberSession } from './members.ts';
import { LIMITS } from '@boli/engine/shared/limits';

/** The signed-in member, as `requireAuth` / `optionalAuth` leave it on `ctx.state.auth`. */
export type AuthState = AccessClaims;

/** Who a validation call is about: the signed-in member or the holder of a validationJWT. */
export type AccountAccess = { userId: string; via: 'session' | 'validation'; sessionId?: string };

declare module 'koa' {
  interface DefaultState {
    auth?: AuthState;
    account?: AccountAccess;
  }
}

export const TOKEN_EXPIRED = MESSAGES.tokenExpired;

type AuthInfra = Pick<Infrastructure, 'db'> & {
  config: Pick<Infrastructure['config'], 'JWT_SECRET'>;
};

/** One SessionService per connection pool and secret. */
const services = new WeakMap<Knex, Map<string, SessionService>>();
export function sessionService(infra: AuthInfra): SessionService {
  let bySecret = services.get(infra.db);
  if (!bySecret) services.set(infra.db, (bySecret = new Map()));
  let service = bySecret.get(infra.config.JWT_SECRET);
  if (!service) {
    service = new SessionService(infra.db, infra.config.JWT_SECRET);
    bySecret.set(infra.config.JWT_SECRET, service);
  }
  return service;
}

/**
 * The token of the Authorization header. "Bearer <jwt>" is the contract; a raw token is accepted
 * too, because the spec only says "the stored token in an Authorization header".
 */
export function bearerToken(ctx: Context): string | undefined {
  const header = ctx.get('authorization').trim();
  if (header === '') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (match) return match[1];
  return /^\S+$/.test(header) ? header : undefined;
}

const unauthorized = (): ApiError => new ApiError(401, MESSAGES.loginRequired, 'UNAUTHORIZED');
const expired = (): ApiError => new ApiError(403, TOKEN_EXPIRED, TOKEN_EXPIRED);
/** A signed-in member asking for what their roles do not allow. */
export const forbidden = (): ApiError => new ApiError(403, NOT_ALLOWED, 'FORBIDDEN');

/** Runs `work` with the token errors it throws turned into the api's answers: 401, or 403 TOKEN_EXPIRED. */
async function asAccessErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TokenExpiredError) throw expired();
    if (error instanceof TokenInvalidError) throw unauthorized();
    throw error;
  }
}

const verifyAccess = (infra: AuthInfra, token: string): Promise<AuthState> =>
  asAccessErrors(() => sessionService(infra).verify(token, new Date()));

/** Refuses the request unless it carries a live access token: 401, or 403 TOKEN_EXPIRED. */
export const requireAuth =
  (infra: AuthInfra): Middleware =>
  async (ctx: Context, next: Next) => {
    const token = bearerToken(ctx);
    if (!token) throw unauthorized();
    ctx.state.auth = await verifyAccess(infra, token);
    await next();
  };

/**
 * `requireAuth` for the calls members make most (bidding): the session, the member and whether
 * they hold an active entitlement are read in one statement, and the member left on
 * `ctx.state.member` for `activeMember` to check when the route asks. Given `adOf`, the ad the
 * request's body names is read in the same statement, whether it is withdrawn left on
 * `ctx.state.memberAd` for the route to judge once the member may act.
 */
export const requireMember =
  (infra: AuthInfra, adOf?: (body: unknown) => string | undefined): Middleware =>
  async (ctx: Context, next: Next) => {
    const token = bearerToken(ctx);
    if (!token) throw unauthorized();
    const now = new Date();
    const adId = adOf?.(ctx.request.body);
    await asAccessErrors(async () => {
      const claims = await sessionService(infra).claimsOf(token, now);
      const found = await memberSession(infra.db, claims.sessionId, adId);
      assertSessionLive(found?.session, claims);
      ctx.state.auth = claims;
      ctx.state.member = found!.member;
      if (adId !== undefined) ctx.state.memberAd = { adId, withdrawn: found!.adWithdrawn };
    });
    await next();
  };

/** Sets `ctx.state.auth` when a valid token comes; a missing or bad one leaves the caller anonymous. */
export const optionalAuth =
  (infra: AuthInfra): Middleware =>
  async (ctx: Context, next: Next) => {
    const token = bearerToken(ctx);
    if (token) {
      try {
        ctx.state.auth = await verifyAccess(infra, token);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        // An expired token still says so: the client can refresh and see the page as itself.
        if (error.code === TOKEN_EXPIRED) throw error;
      }
    }
    await next();
  };

/** After `requireAuth`: 403 unless the member holds one of `roles`. */
export const requireRole =
  (...roles: string[]): Middleware =>
  async (ctx: Context, next: Next) => {
    const auth = ctx.state.auth;
    if (!auth) throw unauthorized();
    if (!holdsRole(auth.roles, roles)) throw forbidden();
    await next();
  };

// ---------------------------------------------------------------------------------------------
// Purpose tokens: short-lived signed statements about one user, never usable as a session.

const PURPOSE_ISSUER = 'boli-purpose';

export type TokenPurpose = 'accountValidation' | 'emailVerification';

const keyOf = (secret: string): Uint8Array => new TextEncoder().encode(secret);

/** A signed token naming `userId` for one purpose (validationJWT, the email link's `q`). */
export async function signPurposeToken(
  secret: string,
  purpose: TokenPurpose,
  userId: string,
  now: Date,
  ttlSeconds: number = purpose === 'accountValidation'
    ? LIMITS.validationTokenSeconds
    : LIMITS.emailLinkSeconds,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ purpose })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(userId)
    .setIssuer(PURPOSE_ISSUER)
    .setAudience(purpose)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ttlSeconds)
    .sign(keyOf(secret));
}

export class PurposeTokenError extends Error {
  constructor(readonly reason: 'expired' | 'invalid') {
    super(`purpose token ${reason}`);
    this.name = 'PurposeTokenError';
  }
}

/** The user a purpose token names; throws PurposeTokenError when expired, forged or for another purpose. */
export async function verifyPurposeToken(
  secret: string,
  purpose: TokenPurpose,
  token: string,
  now: Date,
): Promise<string> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      issuer: PURPOSE_ISSUER,
      audience: purpose,
      currentDate: now,
    });
    if (payload.purpose !== purpose || typeof payload.sub !== 'string' || payload.sub === '') {
      throw new PurposeTokenError('invalid');
    }
    return payload.sub;
  } catch (error) {
    if (error instanceof PurposeTokenError) throw error;
    if (error instanceof joseErrors.JWTExpired) throw new PurposeTokenError('expired');
    throw new PurposeTokenError('invalid');
  }
}

/**
 * For the OTP and resend-email calls: either a validationJWT (an account still being verified) or
 * a live access token. Sets `ctx.state.account`; the route checks it names the account it acts on.
 */
export const validationAuth =
  (infra: AuthInfra): Middleware =>
  async (ctx: Context, next: Next) => {
    const token = bearerToken(ctx);
    if (!token) throw unauthorized();
    try {
      const userId = await verifyPurposeToken(
        infra.config.JWT_SECRET,
        'accountValidation',
        token,
        new Date(),
      );
      ctx.state.account = { userId, via: 'validation' };
    } catch (error) {
      if (!(error instanceof PurposeTokenError)) throw error;
      if (error.reason === 'expired') throw expired();
      const auth = await verifyAccess(infra, token);
      ctx.state.auth = auth;
      ctx.state.account = { userId: auth.userId, via: 'session', sessionId: auth.sessionId };
    }
    await next();
  };
