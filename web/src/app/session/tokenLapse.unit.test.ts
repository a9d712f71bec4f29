import { describe, expect, it } from 'vitest';
import { LIMITS } from '@boli/engine/shared/limits';
import { sessionOfToken, tokenExpiry, tokenLapsed, tokenToSend } from './tokenLapse.ts';

/** base64url of the JSON's UTF-8 bytes, as a JWT's parts are written. */
const encode = (value: object) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
const tokenExpiringAt = (expSeconds: number, extra: object = {}) =>
  `${encode({ alg: 'HS256' })}.${encode({ sub: 'u-1', exp: expSeconds, ...extra })}.signature`;

describe('an access token’s lapse', () => {
  const exp = 1_796_560_000;

  it('reads the expiry a token names, names with any letters included', () => {
    expect(tokenExpiry(tokenExpiringAt(exp))).toBe(exp * 1000);
    // base64url's - and _ and a payload without padding, a username in Devanagari too.
    expect(tokenExpiry(tokenExpiringAt(exp, { username: 'राधा_??>>' }))).toBe(exp * 1000);
  });

  it('names the session a renewed token keeps, or is its own name when it names none', () => {
    const first = tokenExpiringAt(exp, { sid: 's-1' });
    const renewed = tokenExpiringAt(exp + 900, { sid: 's-1' });
    expect(sessionOfToken(first)).toBe('s-1');
    expect(sessionOfToken(renewed)).toBe(sessionOfToken(first));
    expect(sessionOfToken(tokenExpiringAt(exp, { sid: 's-2' }))).toBe('s-2');
    expect(sessionOfToken('not-a-token')).toBe('not-a-token');
  });

  it('is lapsed from a little before its expiry, by the clock given', () => {
    const token = tokenExpiringAt(exp);
    const renewFrom = exp * 1000 - LIMITS.accessTokenRenewAheadMs;
    expect(tokenLapsed(token, renewFrom - 1)).toBe(false);
    expect(tokenLapsed(token, renewFrom)).toBe(true);
    expect(tokenLapsed(token, exp * 1000 + 60_000)).toBe(true);
  });

  it('leaves a token it cannot read to the api', () => {
    for (const token of ['', 'not-a-jwt', 'a.!!!.c', `${encode({})}.${encode({ exp: 'soon' })}.s`])
      expect(tokenLapsed(token, Number.MAX_SAFE_INTEGER)).toBe(false);
  });
});

describe('the token a call sends', () => {
  const now = Math.floor(Date.now() / 1000);
  const fresh = tokenExpiringAt(now + 600);
  const lapsed = tokenExpiringAt(now - 60);

  it('is the token itself while it lasts, with no renewal', async () => {
    const renewals: string[] = [];
    const refresh = (sent: string) => (renewals.push(sent), Promise.resolve('renewed'));
    expect(await tokenToSend(fresh, refresh)).toBe(fresh);
    expect(renewals).toEqual([]);
  });

  it('is the renewed one once it has lapsed, or the lapsed one if the renewal fails', async () => {
    expect(await tokenToSend(lapsed, () => Promise.resolve('renewed'))).toBe('renewed');
    expect(await tokenToSend(lapsed, () => Promise.reject(new Error('offline')))).toBe(lapsed);
  });
});
