import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError, TOKEN_EXPIRED } from '../api/client.ts';
import { endsSession } from './sessionEnd.ts';

const revoked = new ApiError(401, MESSAGES.loginRequired, [], null, { code: 'UNAUTHORIZED' });
const expired = new ApiError(403, TOKEN_EXPIRED);

describe('whether a failed call ends the session', () => {
  it('does for an expired token', () => {
    expect(endsSession(expired, 'jwt')).toBe(true);
  });

  it('does for a 401 to a call made with the member’s token: the session was revoked', () => {
    expect(endsSession(revoked, 'jwt')).toBe(true);
  });

  it('does not for a guest’s 401: the call only needs a login', () => {
    expect(endsSession(revoked, null)).toBe(false);
    expect(endsSession(revoked, undefined)).toBe(false);
    expect(endsSession(revoked, '')).toBe(false);
  });

  it('does not for other refusals or failures', () => {
    expect(endsSession(new ApiError(403, 'You are not allowed to do this.'), 'jwt')).toBe(false);
    expect(endsSession(new ApiError(400, 'Old password is incorrect.'), 'jwt')).toBe(false);
    expect(endsSession(new ApiError(0, ''), 'jwt')).toBe(false);
    expect(endsSession(new Error('boom'), 'jwt')).toBe(false);
  });
});
