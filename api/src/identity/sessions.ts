import { randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Knex } from 'knex';
import { randomToken, sha256 } from './tokens.ts';
import { preparedQuery } from '@boli/projections/runtime/preparedQuery';

/** Only this algorithm is accepted: a token claiming any other (or "none") is refused. */
const ALGORITHM = 'HS256';
const ISSUER = 'boli';
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;

export type AccessClaims = { userId: string; sessionId: string; roles: string[] };

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

/**
 * Sessions: a short-lived JWT access token plus a refresh token stored hashed in `sessions`.
 * Logging out revokes one session; changing the password revokes every other one.
 */
export class SessionService {
  private readonly key: Uint8Array;

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
      expires_at: new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
      user_agent: client.userAgent?.slice(0, 300) ?? null,
      ip: client.ip ?? null,
    });
    return { ...(await this.sign({ userId, sessionId, roles }, now)), refreshToken, sessionId };
  }

  private async sign(claims: AccessClaims, now: Date): Promise<{ token: string; expiresAt: Date }> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    const expiresAt = new Date((issuedAt + ACCESS_TOKEN_TTL_SECONDS) * 1000);
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
    const sessionId = String(payload.sid ?? '');
    // Prepared: read on every signed-in request.
    const [session] = await preparedQuery<{ revoked_at: Date | null; user_id: string }>(
      this.db,
      'SELECT revoked_at, user_id FROM sessions WHERE id = ?',
      [sessionId],
    );
    if (!session || session.revoked_at || session.user_id !== payload.sub)
      throw new TokenInvalidError('session ended');
    return {
      userId: String(payload.sub),
      sessionId,
      roles: (payload.roles as string[] | undefined) ?? [],
    };
  }

  /** Swaps a live refresh token for a new access token and a new refresh token (rotation). */
  async refresh(
    refreshToken: string,
    roles: (userId: string) => Promise<string[]>,
    now: Date,
  ): Promise<IssuedSession> {
    const session = await this.db('sessions')
      .where({ refresh_token_hash: sha256(refreshToken) })
      .whereNull('revoked_at')
      .where('expires_at', '>', now)
      .first('id', 'user_id');
    if (!session) throw new TokenInvalidError('refresh token invalid');
    const next = randomToken();
    await this.db('sessions')
      .where({ id: session.id })
      .update({ refresh_token_hash: sha256(next) });
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

  async revoke(sessionId: string, now: Date): Promise<void> {
    await this.db('sessions')
      .where({ id: sessionId })
      .whereNull('revoked_at')
      .update({ revoked_at: now });
  }

  /** Ends every session of the user except `keep` (the one that changed the password). */
  async revokeAllExcept(userId: string, keep: string | undefined, now: Date): Promise<number> {
    const query = this.db('sessions').where({ user_id: userId }).whereNull('revoked_at');
    if (keep) query.whereNot({ id: keep });
    return query.update({ revoked_at: now });
  }
}

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
