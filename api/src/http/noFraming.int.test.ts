import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../../ops/src/testing/app.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startApp();
}, 180_000);

afterAll(async () => {
  await app?.stop();
});

describe('framing by another site', () => {
  it('is refused for the web app, the api and its refusals', async () => {
    for (const path of ['/', '/ads/some-ad', '/api/posts/globalAds?page=1', '/api/user']) {
      const response = await fetch(new URL(path, app.baseUrl));
      await response.arrayBuffer();
      expect({
        path,
        frameOptions: response.headers.get('x-frame-options'),
        policy: response.headers.get('content-security-policy'),
      }).toEqual({ path, frameOptions: 'DENY', policy: "frame-ancestors 'none'" });
    }
  });
});
