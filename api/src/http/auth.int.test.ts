import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { createRouter } from './router.ts';
import knex, { type Knex } from 'knex';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../ops/src/testing/database.ts';
import { createLogger } from '../logger.ts';
import { SessionService } from '../identity/sessions.ts';
import {
  bearerToken,
  optionalAuth,
  requireAuth,
  requireRole,
  signPurposeToken,
  validationAuth,
  verifyPurposeToken,
  PurposeTokenError,
} from './auth.ts';
import { correlation, errorMiddleware } from './errorMiddleware.ts';

const SECRET = 'an-auth-test-secret-that-is-long-enough-012345';
const hour = 3600_000;

let database: TestDatabase;
let db: Knex;
let server: http.Server;
let base: string;
let sessions: SessionService;

beforeAll(async () => {
  database = await createTestDatabase();
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 4 } });
  sessions = new SessionService(db, SECRET);
  const infra = { db, config: { JWT_SECRET: SECRET } };
  const app = new Koa();
  app.use(correlation(createLogger({ level: 'silent' })));
  app.use(errorMiddleware);
  const router = createRouter();
  router.get('/me', requireAuth(infra), (ctx) => {
    ctx.body = { data: ctx.state.auth };
  });
  router.get('/maybe', optionalAuth(infra), (ctx) => {
    ctx.body = { data: ctx.state.auth ?? null };
  });
  router.get('/console', requireAuth(infra), requireRole('support', 'admin'), (ctx) => {
    ctx.body = { data: 'ok' };
  });
  router.get('/verify-step', validationAuth(infra), (ctx) => {
    ctx.body = { data: ctx.state.account };
  });
  app.use(router.routes());
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await db?.destroy();
  await database?.drop();
});

async function call(path: string, authorization?: string) {
  const response = await fetch(`${base}${path}`, {
    headers: authorization ? { authorization } : {},
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('requireAuth', () => {
  it('accepts "Bearer <jwt>" and a raw token, and names user, session and roles', async () => {
    const issued = await sessions.issue('u1', ['member'], new Date());
    const bearer = await call('/me', `Bearer ${issued.token}`);
    expect(bearer.status).toBe(200);
    expect(bearer.body.data).toEqual({
      userId: 'u1',
      sessionId: issued.sessionId,
      roles: ['member'],
    });
    expect((await call('/me', issued.token)).status).toBe(200);
  });

  it('answers 401 without a token, with garbage, with a foreign signature, or a revoked session', async () => {
    expect((await call('/me')).status).toBe(401);
    expect((await call('/me', 'Bearer not.a.jwt')).status).toBe(401);
    expect((await call('/me', 'Bearer two words')).status).toBe(401);
    const forged = await new SignJWT({ sid: 'x', roles: ['admin'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('boli')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    expect((await call('/me', `Bearer ${forged}`)).status).toBe(401);
    const issued = await sessions.issue('u2', ['member'], new Date());
    await sessions.revoke(issued.sessionId, new Date());
    const revoked = await call('/me', `Bearer ${issued.token}`);
    expect(revoked.status).toBe(401);
    expect(revoked.body.msg).not.toBe('TOKEN_EXPIRED');
  });

  it('answers 403 TOKEN_EXPIRED for an expired access token', async () => {
    const old = await sessions.issue('u3', ['member'], new Date(Date.now() - hour));
    const answer = await call('/me', `Bearer ${old.token}`);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ msg: 'TOKEN_EXPIRED', error: true });
  });

  it('does not take a validationJWT for a session', async () => {
    const validation = await signPurposeToken(SECRET, 'accountValidation', 'u1', new Date());
    expect((await call('/me', `Bearer ${validation}`)).status).toBe(401);
  });
});

describe('optionalAuth', () => {
  it('is anonymous without a token or with a bad one, signed in with a good one', async () => {
    expect((await call('/maybe')).body.data).toBeNull();
    expect((await call('/maybe', 'Bearer junk')).body.data).toBeNull();
    const issued = await sessions.issue('u4', ['member'], new Date());
    expect((await call('/maybe', `Bearer ${issued.token}`)).body.data).toMatchObject({
      userId: 'u4',
    });
  });

  it('still reports an expired token, so the client refreshes', async () => {
    const old = await sessions.issue('u5', ['member'], new Date(Date.now() - hour));
    expect((await call('/maybe', `Bearer ${old.token}`)).status).toBe(403);
  });
});

describe('requireRole', () => {
  it('lets support in and keeps members out', async () => {
    const member = await sessions.issue('m', ['member'], new Date());
    const support = await sessions.issue('s', ['member', 'support'], new Date());
    expect((await call('/console', `Bearer ${member.token}`)).status).toBe(403);
    expect((await call('/console', `Bearer ${support.token}`)).status).toBe(200);
  });
});

describe('validationAuth', () => {
  it('accepts a validationJWT and names its user', async () => {
    const token = await signPurposeToken(SECRET, 'accountValidation', 'u9', new Date());
    const answer = await call('/verify-step', `Bearer ${token}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ userId: 'u9', via: 'validation' });
  });

  it('accepts a live access token too', async () => {
    const issued = await sessions.issue('u10', ['member'], new Date());
    const answer = await call('/verify-step', `Bearer ${issued.token}`);
    expect(answer.body.data).toEqual({
      userId: 'u10',
      via: 'session',
      sessionId: issued.sessionId,
    });
  });

  it('refuses an email-link token, an expired validationJWT, and no token', async () => {
    const emailLink = await signPurposeToken(SECRET, 'emailVerification', 'u9', new Date());
    expect((await call('/verify-step', `Bearer ${emailLink}`)).status).toBe(401);
    const stale = await signPurposeToken(
      SECRET,
      'accountValidation',
      'u9',
      new Date(Date.now() - 25 * hour),
    );
    expect((await call('/verify-step', `Bearer ${stale}`)).status).toBe(403);
    expect((await call('/verify-step')).status).toBe(401);
  });
});

describe('purpose tokens', () => {
  it('live 24 hours for validation and are bound to their purpose', async () => {
    const now = new Date('2026-11-21T10:00:00Z');
    const token = await signPurposeToken(SECRET, 'accountValidation', 'u1', now);
    expect(await verifyPurposeToken(SECRET, 'accountValidation', token, now)).toBe('u1');
    await expect(
      verifyPurposeToken(
        SECRET,
        'accountValidation',
        token,
        new Date(now.getTime() + 24 * hour + 1000),
      ),
    ).rejects.toMatchObject({ reason: 'expired' });
    await expect(
      verifyPurposeToken(SECRET, 'emailVerification', token, now),
    ).rejects.toBeInstanceOf(PurposeTokenError);
    await expect(
      verifyPurposeToken('x'.repeat(40), 'accountValidation', token, now),
    ).rejects.toMatchObject({ reason: 'invalid' });
  });
});

describe('bearerToken', () => {
  it('reads Bearer, bearer and raw tokens', () => {
    const ctx = (authorization: string) =>
      ({ get: () => authorization }) as unknown as Parameters<typeof bearerToken>[0];
    expect(bearerToken(ctx('Bearer abc'))).toBe('abc');
    expect(bearerToken(ctx('bearer abc'))).toBe('abc');
    expect(bearerToken(ctx('abc'))).toBe('abc');
    expect(bearerToken(ctx(''))).toBeUndefined();
  });
});
