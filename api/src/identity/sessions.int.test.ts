import knex, { type Knex } from 'knex';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../ops/src/testing/database.ts';
import { SessionService, TokenExpiredError, TokenInvalidError } from './sessions.ts';
import { LIMITS } from '@boli/engine/shared/limits';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

describe('sessions', () => {
  let database: TestDatabase;
  let db: Knex;
  let sessions: SessionService;
  const now = new Date('2026-11-21T10:00:00Z');
  const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

  beforeAll(async () => {
    database = await createTestDatabase();
    db = knex({ client: 'pg', connection: database.url });
    sessions = new SessionService(db, SECRET);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('a fresh access token names its user, session and roles', async () => {
    const issued = await sessions.issue('u1', ['member'], now);
    expect(await sessions.verify(issued.token, later(60))).toEqual({
      userId: 'u1',
      sessionId: issued.sessionId,
      roles: ['member'],
    });
  });

  it('an access token past its lifetime is expired, and the refresh token gives a new one', async () => {
    const issued = await sessions.issue('u2', ['member'], now);
    await expect(
      sessions.verify(issued.token, later(LIMITS.accessTokenSeconds + 1)),
    ).rejects.toBeInstanceOf(TokenExpiredError);
    const renewed = await sessions.refresh(
      issued.refreshToken,
      async () => ['member'],
      later(LIMITS.accessTokenSeconds + 1),
    );
    expect(
      (await sessions.verify(renewed.token, later(LIMITS.accessTokenSeconds + 2))).userId,
    ).toBe('u2');
    // Rotation: the old refresh token is spent.
    await expect(
      sessions.refresh(issued.refreshToken, async () => [], later(LIMITS.accessTokenSeconds + 3)),
    ).rejects.toBeInstanceOf(TokenInvalidError);
  });

  it('a refresh token used by several requests at once renews the session once', async () => {
    const issued = await sessions.issue('u7', ['member'], now);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        sessions.refresh(issued.refreshToken, async () => ['member'], later(120)),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o.status === 'rejected')) {
      expect(outcome.reason).toBeInstanceOf(TokenInvalidError);
    }
  });

  it('a token checked before is still refused from the second it expires', async () => {
    const issued = await sessions.issue('u5', ['member'], now);
    expect((await sessions.verify(issued.token, later(60))).userId).toBe('u5');
    expect((await sessions.verify(issued.token, later(LIMITS.accessTokenSeconds - 1))).userId).toBe(
      'u5',
    );
    await expect(
      sessions.verify(issued.token, later(LIMITS.accessTokenSeconds)),
    ).rejects.toBeInstanceOf(TokenExpiredError);
    // Another service (process) that never saw it judges the same.
    await expect(
      new SessionService(db, SECRET).verify(issued.token, later(LIMITS.accessTokenSeconds)),
    ).rejects.toBeInstanceOf(TokenExpiredError);
  });

  it('refuses a token signed with another algorithm or key, and the "none" algorithm', async () => {
    const otherKey = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('u1')
      .setIssuer('boli')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(SECRET));
    await expect(sessions.verify(otherKey, now)).rejects.toBeInstanceOf(TokenInvalidError);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"sub":"u1","iss":"boli"}').toString('base64url')}.`;
    await expect(sessions.verify(unsigned, now)).rejects.toBeInstanceOf(TokenInvalidError);
  });

  it('logout ends one session; a password change ends every other one', async () => {
    const phone = await sessions.issue('u3', [], now);
    const laptop = await sessions.issue('u3', [], now);
    const tablet = await sessions.issue('u3', [], now);
    await sessions.revoke(phone.sessionId, now);
    await expect(sessions.verify(phone.token, now)).rejects.toBeInstanceOf(TokenInvalidError);
    expect(await sessions.revokeAllExcept('u3', laptop.sessionId, now)).toBe(1);
    await expect(sessions.verify(tablet.token, now)).rejects.toBeInstanceOf(TokenInvalidError);
    expect((await sessions.verify(laptop.token, now)).sessionId).toBe(laptop.sessionId);
  });
});
