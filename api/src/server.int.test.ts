import { request } from 'node:http';
import { connect as connectTcp } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../../ops/src/testing/app.ts';
import { COMPRESS_FROM_BYTES } from './http/compressAnswers.ts';
import { MESSAGES } from '@boli/engine/shared/messages';
import { KEEP_ALIVE_MS } from './server.ts';

/** A GET's bytes as sent: node:http, not fetch, which would undo the encoding first. */
const rawGet = (baseUrl: string, path: string, acceptEncoding: string) =>
  new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const asked = request(`${baseUrl}${path}`, {
      headers: { 'accept-encoding': acceptEncoding },
    });
    asked.once('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () =>
        resolve({ headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    asked.once('error', reject);
    asked.end();
  });

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
      // A path no file can have (it climbs out of the folder): the page, saying not found.
      '/ads/..%2F..%2Fapi%2Fuser',
      '/..%2F',
    ];
    for (const path of pages) {
      const response = await fetch(`${app.baseUrl}${path}`, { headers: { accept: 'text/html' } });
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toContain('<div id="root"');
    }
  });

  it("sends the app's script compressed, as the browser accepts", async () => {
    const page = await (await fetch(`${app.baseUrl}/`)).text();
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1];
    expect(script).toBeDefined();
    const raw = (acceptEncoding: string) => rawGet(app.baseUrl, script!, acceptEncoding);
    const plain = await raw('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await raw('gzip, deflate, br');
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding' });
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    const gz = await raw('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
  });

  it('sends a GET answer of the api compressed when it is worth it, the same JSON', async () => {
    const path = '/api/address/getCountry';
    const plain = await fetch(`${app.baseUrl}${path}`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const json: unknown = await plain.json();
    expect(JSON.stringify(json).length).toBeGreaterThan(COMPRESS_FROM_BYTES);
    for (const encoding of ['br', 'gzip']) {
      const { headers, body } = await rawGet(app.baseUrl, path, encoding);
      expect(headers).toMatchObject({ 'content-encoding': encoding, vary: 'Accept-Encoding' });
      const unpacked = encoding === 'br' ? brotliDecompressSync(body) : gunzipSync(body);
      expect(JSON.parse(unpacked.toString())).toEqual(json);
    }
    // A small answer goes as it is.
    const small = await fetch(`${app.baseUrl}/api/nothing-here`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(small.headers.get('content-encoding')).toBeNull();
  });

  it('keeps an answer to a signed-in request out of every cache, unless its route says more', async () => {
    const signedIn = { headers: { authorization: 'Bearer any-token' } };
    const cachingOf = async (path: string, init?: RequestInit) =>
      (await fetch(`${app.baseUrl}${path}`, init)).headers.get('cache-control');
    expect(await cachingOf('/api/nothing-here', signedIn)).toBe('private, no-store');
    // A refusal as well (here the token's).
    expect(await cachingOf('/api/user', signedIn)).toBe('private, no-store');
    expect(await cachingOf('/api/nothing-here')).toBeNull();
    // The reference lists are everyone's, and say so.
    expect(await cachingOf('/api/address/getCountry', signedIn)).toBe('public, max-age=3600');
  });

  it('an unknown api path answers the envelope, not the web app', async () => {
    const response = await fetch(`${app.baseUrl}/api/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: true });
  });

  it('refuses a NUL character in a path, a query or a body with 400, on any route', async () => {
    const refused = [
      fetch(`${app.baseUrl}/api/globalAds?category=%00&page=1`),
      fetch(`${app.baseUrl}/api/posts/postUID?item_uid=x%00`),
      fetch(`${app.baseUrl}/api/contactus`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ firstname: 'Asha\u0000', email: 'a@example.com' }),
      }),
      fetch(`${app.baseUrl}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'x\u0000', password: 'whatever1' }),
      }),
    ];
    for (const response of await Promise.all(refused)) {
      expect(response.status, response.url).toBe(400);
      expect(await response.json()).toMatchObject({ error: true, msg: MESSAGES.nulCharacter });
    }
  });

  it('refuses half of a surrogate pair in a body with 400, not a 500 from jsonb', async () => {
    const response = await fetch(`${app.baseUrl}/api/contactus`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      // The escape as a client's encoder wrote it, cutting an emoji in half.
      body: '{"firstname":"Asha","description":"fuzz \\udc00","email":"a@example.com"}',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      msg: MESSAGES.brokenCharacter,
      code: 'BROKEN_CHARACTER',
    });
  });

  it('tells a client whose body cannot be read why, with 400', async () => {
    const post = (body: string, headers: Record<string, string> = {}) =>
      fetch(`${app.baseUrl}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    for (const encoding of ['deflate', 'gzip', 'br']) {
      const response = await post('zz', { 'content-encoding': encoding });
      expect(response.status, encoding).toBe(400);
      expect(await response.json()).toMatchObject({ msg: MESSAGES.bodyNotDecodable });
    }
    const tooLarge = await post(JSON.stringify({ username: 'x'.repeat(1_100_000) }));
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ msg: MESSAGES.bodyTooLarge });
    const unknownEncoding = await post('{}', { 'content-encoding': 'foo' });
    expect(unknownEncoding.status).toBe(415);
    expect(await unknownEncoding.json()).toMatchObject({ msg: MESSAGES.bodyEncodingUnsupported });
    for (const body of ['{"username":', '"x"', '{"__proto__":{"a":1}}']) {
      const response = await post(body);
      expect(response.status, body).toBe(400);
      expect(await response.json()).toMatchObject({ msg: MESSAGES.bodyNotJson });
    }
  });

  it('refuses with 415 a body it would not read as sent: another type, another charset', async () => {
    const post = (contentType: string, body = '{"username":"priya_iyer"}') =>
      fetch(`${app.baseUrl}/api/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': contentType },
        body,
      });
    for (const type of ['text/plain', 'text/plain;charset=UTF-8', 'application/xml']) {
      const response = await post(type);
      expect(response.status, type).toBe(415);
      expect(await response.json()).toMatchObject({
        msg: MESSAGES.bodyTypeUnsupported,
        code: 'BODY_TYPE_UNSUPPORTED',
      });
    }
    // A form with files goes to an upload only: elsewhere its fields would go unread.
    const multipart = new FormData();
    multipart.append('username', 'priya_iyer');
    const notAnUpload = await fetch(`${app.baseUrl}/api/auth/signin`, {
      method: 'POST',
      body: multipart,
    });
    expect(notAnUpload.status).toBe(415);
    const upload = await fetch(`${app.baseUrl}/api/user/uploadProfilePic`, {
      method: 'POST',
      body: multipart,
    });
    expect(upload.status).toBe(401);
    // An empty body has no type to refuse: the route says what is missing.
    expect((await post('text/plain', '')).status).toBe(400);
    const utf16 = await post('application/json; charset=utf-16');
    expect(utf16.status).toBe(415);
    expect(await utf16.json()).toMatchObject({ code: 'BODY_CHARSET_UNSUPPORTED' });
    // What is read goes on to the route, which says what is missing.
    for (const type of [
      'application/json',
      'application/json; charset=UTF-8',
      'application/x-www-form-urlencoded',
    ]) {
      const body = type.includes('json') ? '{}' : 'username=';
      const response = await post(type, body);
      expect(response.status, type).toBe(400);
      expect(((await response.json()) as { code?: string }).code, type).toBeUndefined();
    }
  });

  it('answers a request Node refuses before any route, a too long address or no HTTP, in the envelope', async () => {
    const raw = (requestLine: string) =>
      new Promise<string>((resolve, reject) => {
        const { port } = new URL(app.baseUrl);
        const socket = connectTcp(Number(port), '127.0.0.1', () =>
          socket.write(`${requestLine}\r\nHost: localhost\r\n\r\n`),
        );
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString()));
        socket.once('end', () => resolve(answer));
        socket.once('error', reject);
      });
    const tooLong = await raw(`GET /api/globalAds?pad=${'x'.repeat(20_000)} HTTP/1.1`);
    expect(tooLong).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(tooLong.split('\r\n\r\n')[1]!)).toEqual({
      data: null,
      error: true,
      msg: MESSAGES.requestTooLong,
    });
    // A web page's address: a page a browser shows, with the way home.
    const tooLongPage = await raw(`GET /ads?pad=${'x'.repeat(20_000)} HTTP/1.1`);
    expect(tooLongPage).toMatch(/^HTTP\/1\.1 431 /);
    expect(tooLongPage).toContain('Content-Type: text/html');
    expect(tooLongPage).toContain(`${MESSAGES.pageAddressTooLong} <a href="/">`);
    // The ad's bid page shares its first letters with the live socket's address, not its answer.
    const tooLongBidPage = await raw(`GET /bid/42?pad=${'x'.repeat(20_000)} HTTP/1.1`);
    expect(tooLongBidPage).toContain('Content-Type: text/html');
    const notHttp = await raw('FOO / HTTP/1.1');
    expect(notHttp).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(notHttp.split('\r\n\r\n')[1]!)).toMatchObject({
      msg: MESSAGES.requestNotHttp,
    });
  });

  it('says which methods an address takes when sent another', async () => {
    const patch = await fetch(`${app.baseUrl}/api/bid`, { method: 'PATCH' });
    expect(patch.status).toBe(405);
    expect(patch.headers.get('allow')).toBe('POST');
    expect(await patch.json()).toMatchObject({ msg: MESSAGES.methodNotAllowed('PATCH', 'POST') });
    const options = await fetch(`${app.baseUrl}/api/bid`, { method: 'OPTIONS' });
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('POST');
    const unknown = await fetch(`${app.baseUrl}/api/bid`, { method: 'PROPFIND' });
    expect(unknown.status).toBe(501);
    expect(await unknown.json()).toMatchObject({ msg: MESSAGES.methodNotImplemented('PROPFIND') });
  });

  it('keeps an idle connection a minute, and says so to the client', async () => {
    const keepAlive = await new Promise<unknown>((resolve, reject) => {
      const asked = request(`${app.baseUrl}/api/nothing-here`, {
        headers: { connection: 'keep-alive' },
      });
      asked.once('response', (response) => {
        response.resume();
        resolve(response.headers['keep-alive']);
      });
      asked.once('error', reject);
      asked.end();
    });
    expect(KEEP_ALIVE_MS).toBeGreaterThanOrEqual(60_000);
    expect(keepAlive).toBe(`timeout=${KEEP_ALIVE_MS / 1000}`);
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
