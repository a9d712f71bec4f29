import knex, { type Knex } from 'knex';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../ops/src/testing/database.ts';
import {
  RefreshTokenReusedError,
  SessionService,
  TokenExpiredError,
  TokenInvalidError,
} from './sessions.ts';
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
    // Rotation: a new refresh token each time.
    expect(renewed.refreshToken).not.toBe(issued.refreshToken);
    const next = await sessions.refresh(
      renewed.refreshToken,
      async () => ['member'],
      later(2 * LIMITS.accessTokenSeconds),
    );
    expect(next.refreshToken).not.toBe(renewed.refreshToken);
  });

  it('a refresh token used by several requests at once renews the session once, for all of them', async () => {
    const issued = await sessions.issue('u7', ['member'], now);
    const renewals = await Promise.all(
      Array.from({ length: 6 }, () =>
        sessions.refresh(issued.refreshToken, async () => ['member'], later(120)),
      ),
    );
    expect(new Set(renewals.map((renewal) => renewal.refreshToken)).size).toBe(1);
    expect(
      await db('retired_refresh_tokens').where({ session_id: issued.sessionId }).count({ n: '*' }),
    ).toEqual([{ n: '1' }]);
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

  describe('a spent refresh token presented again', () => {
    const grace = LIMITS.refreshReuseGraceSeconds;
    const renew = (refreshToken: string, at: Date) =>
      sessions.refresh(refreshToken, async () => ['member'], at);
    const retiredOf = async (sessionId: string) =>
      Number(
        (await db('retired_refresh_tokens').where({ session_id: sessionId }).count({ n: '*' }))[0]!
          .n,
      );

    it('after the grace ends the session, for whoever renewed it too, however long ago it was spent', async () => {
      const issued = await sessions.issue('r1', ['member'], now);
      const first = await renew(issued.refreshToken, later(60));
      const current = await renew(first.refreshToken, later(120));
      const copiedUse = later(120 + grace);
      // Spent two renewals ago, and presented `grace` seconds after the last.
      const reused = await renew(issued.refreshToken, copiedUse).catch((error: unknown) => error);
      expect(reused).toBeInstanceOf(RefreshTokenReusedError);
      expect(reused).toMatchObject({ sessionId: issued.sessionId, userId: 'r1' });
      await expect(sessions.verify(current.token, copiedUse)).rejects.toBeInstanceOf(
        TokenInvalidError,
      );
      await expect(renew(current.refreshToken, copiedUse)).rejects.toBeInstanceOf(
        TokenInvalidError,
      );
      // Ended once: presented again it is only refused, and its session's spent tokens are gone.
      const again = await renew(first.refreshToken, later(600)).catch((error: unknown) => error);
      expect(again).toBeInstanceOf(TokenInvalidError);
      expect(again).not.toBeInstanceOf(RefreshTokenReusedError);
      expect(await retiredOf(issued.sessionId)).toBe(0);
    });

    it('within the grace renews again with the same token, while that one is unspent', async () => {
      const issued = await sessions.issue('r2', ['member'], now);
      const renewed = await renew(issued.refreshToken, later(60));
      // The answer lost, or another tab's renewal at the same moment: the same refresh token.
      const again = await renew(issued.refreshToken, later(60 + grace - 1));
      expect(again.refreshToken).toBe(renewed.refreshToken);
      expect(again.sessionId).toBe(issued.sessionId);
      expect((await sessions.verify(again.token, later(90))).userId).toBe('r2');
      const next = await renew(renewed.refreshToken, later(100));
      expect(next.sessionId).toBe(issued.sessionId);
      // Its successor spent, the first token renews nothing, and ends nothing within the grace.
      const late = await renew(issued.refreshToken, later(110)).catch((error: unknown) => error);
      expect(late).toBeInstanceOf(TokenInvalidError);
      expect(late).not.toBeInstanceOf(RefreshTokenReusedError);
      expect((await sessions.verify(next.token, later(120))).userId).toBe('r2');
    });

    it('a token never issued ends no session', async () => {
      const issued = await sessions.issue('r3', ['member'], now);
      const unknown = await renew('never-issued', later(3600)).catch((error: unknown) => error);
      expect(unknown).toBeInstanceOf(TokenInvalidError);
      expect(unknown).not.toBeInstanceOf(RefreshTokenReusedError);
      expect((await sessions.verify(issued.token, later(60))).userId).toBe('r3');
    });

    it('are kept no longer than their session can be renewed', async () => {
      const phone = await sessions.issue('r4', ['member'], now);
      const laptop = await sessions.issue('r4', ['member'], now);
      const old = await sessions.issue('r4', ['member'], now);
      for (const session of [phone, laptop, old]) await renew(session.refreshToken, later(60));
      expect(await retiredOf(old.sessionId)).toBe(1);
      // Logout, and a password change's ending of the other sessions, drop them.
      await sessions.revoke(phone.sessionId, later(120));
      expect(await retiredOf(phone.sessionId)).toBe(0);
      // A sign-in once a session has expired drops its member's expired sessions' tokens.
      const expiredAt = later(LIMITS.refreshTokenSeconds + 1);
      const next = await sessions.issue('r4', ['member'], expiredAt);
      expect(await retiredOf(old.sessionId)).toBe(0);
      expect(await sessions.revokeAllExcept('r4', next.sessionId, expiredAt)).toBe(2);
      expect(await retiredOf(laptop.sessionId)).toBe(0);
    });
  });
});
