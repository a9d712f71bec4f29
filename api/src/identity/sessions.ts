import { createHmac, randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Knex } from 'knex';
import { randomToken, sha256 } from './tokens.ts';
import { preparedQuery } from '@boli/projections/runtime/preparedQuery';
import { setKeepingAtMost } from '@boli/engine/shared/boundedMap';
import { LIMITS } from '@boli/engine/shared/limits';

/** Only this algorithm is accepted: a token claiming any other (or "none") is refused. */
const ALGORITHM = 'HS256';
const ISSUER = 'boli';

/** Verified tokens a process remembers (about 3 MB at most); the oldest are forgotten first. */
const MAX_VERIFIED_TOKENS = 10_000;

export type AccessClaims = { userId: string; sessionId: string; roles: string[] };

/** A session row's id and member, as the statements below return them. */
type SessionOwner = { id: string; user_id: string };

export type IssuedSession = {
  token: string;
  refreshToken: string;
  sessionId: string;
  expiresAt: Date;
};

export class TokenExpiredError extends Error {
  override name = 'TokenExpiredError';
}
export class TokenInvalidError extends Error {
  override name = 'TokenInvalidError';
}
/** A spent refresh token presented again after the grace: its session is ended. */
export class RefreshTokenReusedError extends TokenInvalidError {
  override name = 'RefreshTokenReusedError';
  constructor(
    readonly sessionId: string,
    readonly userId: string,
  ) {
    super('refresh token reused');
  }
}

/** A session as stored, for the liveness check: `sessions` columns of the same names. */
export type SessionState = { revoked_at: Date | null; user_id: string };

/** A token is only good while its session exists, is not revoked, and belongs to its subject. */
export function assertSessionLive(session: SessionState | undefined, claims: AccessClaims): void {
  if (!session || session.revoked_at || session.user_id !== claims.userId)
    throw new TokenInvalidError('session ended');
}

/**
 * Sessions: a short-lived JWT access token plus a refresh token stored hashed in `sessions`.
 * Logging out revokes one session; changing the password revokes every other one.
 */
export class SessionService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature, algorithm and issuer checked out, with their claims and expiry: a
   * token's text never changes, so its signature is checked once per process, not on every
   * request (on the bidding bench, HMAC through WebCrypto was a tenth of the api's CPU). Only the
   * expiry is judged again each time, and the session always is.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; exp: number }>();

  constructor(
    private readonly db: Knex,
    secret: string,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(
    userId: string,
    roles: string[],
    now: Date,
    client: { userAgent?: string; ip?: string } = {},
  ): Promise<IssuedSession> {
    const sessionId = randomUUID();
    const refreshToken = randomToken();
    await this.db('sessions').insert({
      id: sessionId,
      user_id: userId,
      refresh_token_hash: sha256(refreshToken),
      created_at: now,
      expires_at: new Date(now.getTime() + LIMITS.refreshTokenSeconds * 1000),
      user_agent: client.userAgent?.slice(0, 300) ?? null,
      ip: client.ip ?? null,
    });
    // The member's expired sessions can no longer be renewed: their spent tokens need no keeping.
    await this.db.raw(
      `DELETE FROM retired_refresh_tokens r USING sessions s
        WHERE r.session_id = s.id AND s.user_id = ? AND s.expires_at <= ?`,
      [userId, now],
    );
    return { ...(await this.sign({ userId, sessionId, roles }, now)), refreshToken, sessionId };
  }

  private async sign(claims: AccessClaims, now: Date): Promise<{ token: string; expiresAt: Date }> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = new Date((issuedAt + LIMITS.accessTokenSeconds) * 1000);
    const token = await new SignJWT({ sid: claims.sessionId, roles: claims.roles })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(claims.userId)
      .setIssuer(ISSUER)
      .setIssuedAt(issuedAt)
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
    return { token, expiresAt };
  }

  /** Verifies signature, algorithm, issuer and expiry, then that the session is still live. */
  async verify(token: string, now: Date): Promise<AccessClaims> {
    const claims = await this.claimsOf(token, now);
    // Prepared: read on every signed-in request.
    const [session] = await preparedQuery<SessionState>(
      this.db,
      'SELECT revoked_at, user_id FROM sessions WHERE id = ?',
      [claims.sessionId],
    );
    assertSessionLive(session, claims);
    return claims;
  }

  /**
   * What a token claims, once its signature, algorithm, issuer and expiry check out; the session
   * it names must still be checked (`assertSessionLive`) before the claims are believed.
   */
  async claimsOf(token: string, now: Date): Promise<AccessClaims> {
    const known = this.verified.get(token);
    if (known !== undefined) {
      // As jose judges it: expired once `exp` is not after the current second.
      if (known.exp <= Math.floor(now.getTime() / 1000))
        throw new TokenExpiredError('token expired');
      return known.claims;
    }
    let payload;
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        currentDate: now,
      }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new TokenExpiredError('token expired');
      throw new TokenInvalidError('token invalid');
    }
    const claims = {
      userId: String(payload.sub),
      sessionId: String(payload.sid ?? ''),
      roles: (payload.roles as string[] | undefined) ?? [],
    };
    if (payload.exp !== undefined) {
      setKeepingAtMost(this.verified, token, { claims, exp: payload.exp }, MAX_VERIFIED_TOKENS);
    }
    return claims;
  }

  /** The member a refresh token was issued to, whether or not its session still lives. */
  async ownerOfRefreshToken(refreshToken: string): Promise<string | undefined> {
    const session = await this.db('sessions')
      .where({ refresh_token_hash: sha256(refreshToken) })
      .first('user_id');
    return session?.user_id as string | undefined;
  }

  /**
   * Swaps a live refresh token for a new access token and a new refresh token (rotation). The
   * spent token is kept as retired. Presented again within `LIMITS.refreshReuseGraceSeconds`, it
   * renews the session with the same new refresh token, while that one is unspent: an answer
   * lost on the way, a reload in the middle of a renewal, two tabs without Web Locks renewing at
   * once all end holding the one token the session has. Presented later, it was copied — its
   * holder is not who renewed the session — and the session ends for both
   * (`RefreshTokenReusedError`).
   */
  async refresh(
    refreshToken: string,
    roles: (userId: string) => Promise<string[]>,
    now: Date,
  ): Promise<IssuedSession> {
    // Rotated in one statement, found and replaced together: of two refreshes racing with one
    // token, one rotates it, and the other, once the first has committed, finds it retired.
    const next = this.successorOf(refreshToken);
    const hashes = { spent: sha256(refreshToken), next: sha256(next), now };
    const { rows } = await this.db.raw<{ rows: SessionOwner[] }>(ROTATE_SQL, hashes);
    const session =
      rows[0] ??
      (
        await this.db.raw<{ rows: SessionOwner[] }>(RENEWED_WITHIN_GRACE_SQL, {
          ...hashes,
          graceEnded: this.graceEndedAt(now),
        })
      ).rows[0];
    if (!session) {
      const reused = await this.endSessionOfReusedToken(refreshToken, now);
      throw reused
        ? new RefreshTokenReusedError(reused.id, reused.user_id)
        : new TokenInvalidError('refresh token invalid');
    }
    const userRoles = await roles(session.user_id);
    return {
      ...(await this.sign(
        { userId: session.user_id, sessionId: session.id, roles: userRoles },
        now,
      )),
      refreshToken: next,
      sessionId: session.id,
    };
  }

  /**
   * The refresh token that replaces `refreshToken`: derived from it with the server's secret, so
   * that a renewal asked again within the grace gets the same one without the store keeping it.
   * Unguessable without both the token and the secret.
   */
  private successorOf(refreshToken: string): string {
    return createHmac('sha256', this.key).update(`refresh:${refreshToken}`).digest('base64url');
  }

  private graceEndedAt(now: Date): Date {
    return new Date(now.getTime() - LIMITS.refreshReuseGraceSeconds * 1000);
  }

  /**
   * Revokes the live session a token retired more than the grace ago belongs to, if any, and
   * forgets that session's spent tokens, as a logout does.
   */
  private async endSessionOfReusedToken(refreshToken: string, now: Date) {
    const { rows } = await this.db.raw<{ rows: SessionOwner[] }>(
      `WITH ended AS (
         UPDATE sessions s SET revoked_at = :now
           FROM retired_refresh_tokens r
          WHERE r.token_hash = :spent AND s.id = r.session_id AND s.revoked_at IS NULL
            AND s.expires_at > :now AND r.retired_at <= :graceEnded
          RETURNING s.id, s.user_id
       ), dropped AS (
         DELETE FROM retired_refresh_tokens WHERE session_id IN (SELECT id FROM ended)
       )
       SELECT id, user_id FROM ended`,
      { spent: sha256(refreshToken), now, graceEnded: this.graceEndedAt(now) },
    );
    return rows[0];
  }

  async revoke(sessionId: string, now: Date): Promise<void> {
    await this.db('sessions')
      .where({ id: sessionId })
      .whereNull('revoked_at')
      .update({ revoked_at: now });
    await this.db('retired_refresh_tokens').where({ session_id: sessionId }).delete();
  }

  /** Ends every session of the user except `keep` (the one that changed the password). */
  async revokeAllExcept(userId: string, keep: string | undefined, now: Date): Promise<number> {
    const query = this.db('sessions').where({ user_id: userId }).whereNull('revoked_at');
    if (keep) query.whereNot({ id: keep });
    const ended = await query.update({ revoked_at: now }).returning('id');
    await this.db('retired_refresh_tokens')
      .whereIn(
        'session_id',
        ended.map((row: { id: string }) => row.id),
      )
      .delete();
    return ended.length;
  }
}

/**
 * The rotation: the live session holding the spent token takes the next one, and the spent one
 * is kept as retired, for as long as its session may live (`endSessionOfReusedToken`).
 */
const ROTATE_SQL = `WITH rotated AS (
    UPDATE sessions SET refresh_token_hash = :next
     WHERE refresh_token_hash = :spent AND revoked_at IS NULL AND expires_at > :now
     RETURNING id, user_id
  ), retired AS (
    INSERT INTO retired_refresh_tokens (token_hash, session_id, retired_at)
    SELECT :spent, id, :now FROM rotated
    ON CONFLICT (token_hash) DO NOTHING
  )
  SELECT id, user_id FROM rotated`;

/**
 * A spent token presented again within the grace: its session, while it is live and still holds
 * the token that replaced it (`:next`, the successor). Later renewals have spent that one too.
 */
const RENEWED_WITHIN_GRACE_SQL = `SELECT s.id, s.user_id
    FROM retired_refresh_tokens r JOIN sessions s ON s.id = r.session_id
   WHERE r.token_hash = :spent AND r.retired_at > :graceEnded
     AND s.refresh_token_hash = :next AND s.revoked_at IS NULL AND s.expires_at > :now`;

export const sessionMigration = {
  name: '20261121_0010_sessions',
  async up(knex: Knex) {
    await knex.schema.createTable('sessions', (table) => {
      table.uuid('id').primary();
      table.text('user_id').notNullable().index();
      table.text('refresh_token_hash').notNullable().unique();
      table.timestamp('created_at', { useTz: true }).notNullable();
      table.timestamp('expires_at', { useTz: true }).notNullable();
      table.timestamp('revoked_at', { useTz: true });
      table.text('user_agent');
      table.text('ip');
    });
  },
  async down(knex: Knex) {
    await knex.schema.dropTable('sessions');
  },
};

/**
 * Refresh tokens spent by a rotation, each with its session: one presented again ends that
 * session (`SessionService.refresh`). Kept while the session may live; a session's are dropped
 * when it is revoked, and those of a member's expired sessions at the member's next sign-in.
 */
export const retiredRefreshTokensMigration = {
  name: '20261207_0100_retired_refresh_tokens',
  async up(knex: Knex) {
    await knex.schema.raw(`
      CREATE TABLE retired_refresh_tokens (
        token_hash text PRIMARY KEY,
        session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
        retired_at timestamptz NOT NULL
      );
      CREATE INDEX retired_refresh_tokens_session ON retired_refresh_tokens (session_id);
    `);
  },
  async down(knex: Knex) {
    await knex.schema.dropTable('retired_refresh_tokens');
  },
};
