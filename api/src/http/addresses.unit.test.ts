import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { isSocketRequest, isWebPagePath } from './addresses.ts';

describe('which addresses are pages of the web app', () => {
  it.each(['/', '/ads/7', '/bid/7', '/bid-calendar', '/adbid/2027-01-02', '/ravi.k', '/api'])(
    '%s is a page',
    (path) => expect(isWebPagePath(path)).toBe(true),
  );

  it.each(['/api/bid', '/api/globalAds', '/healthz', '/media/a.jpg', '/dev/api/mailbox'])(
    '%s is the api',
    (path) => expect(isWebPagePath(path)).toBe(false),
  );

  it('takes the reset link in the email for a page, though it sits under /api/', () => {
    expect(isWebPagePath('/api/auth/resetPassword/abc.def')).toBe(true);
  });
});

describe('which requests go to the live socket', () => {
  const request = (url: string) => ({ url }) as IncomingMessage;

  it("takes only engine.io's own requests", () => {
    expect(isSocketRequest(request('/bid/?EIO=4&transport=polling'))).toBe(true);
    expect(isSocketRequest(request('/bid?EIO=4&transport=websocket'))).toBe(true);
    expect(isSocketRequest(request('/bid/7'))).toBe(false);
    expect(isSocketRequest(request('/bid/'))).toBe(false);
    expect(isSocketRequest(request('/bid-calendar?EIO=4'))).toBe(false);
  });
});
