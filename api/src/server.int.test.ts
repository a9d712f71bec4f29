import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../ops/src/testing/app.ts';

describe('one port for the api, the web app and the /bid websocket', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(() => app.stop());

  it('pages that share the websocket path prefix are the web app', async () => {
    const pages = [
      '/bid/42',
      '/bid-calendar',
      '/api/auth/resetPassword/abc123',
      // A dot in the last segment once made these look like missing files.
      '/api/auth/resetPassword/0b5e2c9a-1f.Abc123xyz',
      '/ravi.k',
    ];
    for (const path of pages) {
      const response = await fetch(`${app.baseUrl}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain('<div id="root"');
    }
  });

  it('an unknown api path answers the envelope, not the web app', async () => {
    const response = await fetch(`${app.baseUrl}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: true });
  });

  it('socket.io connects on path /bid', async () => {
    const socket = connect(app.baseUrl, {
      path: '/bid',
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    expect(socket.connected).toBe(true);
    socket.close();
  });
});
