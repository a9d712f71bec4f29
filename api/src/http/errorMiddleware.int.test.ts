import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable, Writable } from 'node:stream';
import Koa from 'koa';
import { pino } from 'pino';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandInProgressError } from '@boli/engine/commandHandling/handleCommand';
import { DomainError } from '@boli/engine/shared/decider';
import { MESSAGES } from '@boli/engine/shared/messages';
import {
  correlation,
  errorMiddleware,
  responseErrorLogger,
  RETRY_AFTER_OUTAGE_SECONDS,
} from './errorMiddleware.ts';
import { ApiError, parseInput } from './errors.ts';

const logLines: Array<Record<string, unknown>> = [];
const sink = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(JSON.parse(chunk.toString()));
    done();
  },
});

const throwers: Record<string, () => never> = {
  '/validation': () => {
    parseInput(z.object({ phone: z.string().regex(/^\d{10}$/, MESSAGES.invalidMobile) }), {});
    throw new Error('parseInput accepted a body without phone');
  },
  '/api-error': () => {
    throw new ApiError(403, 'TOKEN_EXPIRED');
  },
  '/domain': () => {
    throw new DomainError('USER_ALREADY_EXISTS');
  },
  '/unknown': () => {
    throw new TypeError('cannot read properties of undefined');
  },
  '/in-progress': () => {
    throw new CommandInProgressError('member-1:key-1');
  },
  '/database-away': () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
  },
};

let server: http.Server;
let base: string;

beforeAll(async () => {
  const app = new Koa();
  const logger = pino({ level: 'debug' }, sink);
  app.on('error', responseErrorLogger(logger));
  app.use(correlation(logger));
  app.use(errorMiddleware);
  app.use(async (ctx) => {
    throwers[ctx.path]?.();
    if (ctx.path === '/slow-file') {
      // A long download, a chunk every 10 ms, as a large picture or invoice streams.
      let sent = 0;
      ctx.body = new Readable({
        read() {
          setTimeout(() => this.push(sent++ < 200 ? Buffer.alloc(16_384, 1) : null), 10);
        },
      });
      return;
    }
    ctx.body = { data: 'fine', error: false, msg: '' };
  });
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the error middleware answers in the spec envelope', () => {
  it('bad input: 400 with each field and its message', async () => {
    const response = await fetch(`${base}/validation`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: unknown };
    expect(body).toMatchObject({ error: true, data: null });
    expect(body.errors).toEqual([{ field: 'phone', message: expect.any(String) }]);
  });

  it('an intended refusal keeps its status and message', async () => {
    const response = await fetch(`${base}/api-error`);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: true, msg: 'TOKEN_EXPIRED' });
  });

  it('a domain error gets its mapped status and the spec message', async () => {
    const response = await fetch(`${base}/domain`);
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({
      error: true,
      msg: MESSAGES.alreadySignedUp,
      code: 'USER_ALREADY_EXISTS',
    });
  });

  it('an unknown error answers the generic message and is logged with the correlation id', async () => {
    const response = await fetch(`${base}/unknown`, {
      headers: { 'x-correlation-id': 'trace-12345678' },
    });
    expect(response.status).toBe(500);
    expect(response.headers.get('x-correlation-id')).toBe('trace-12345678');
    expect(await response.json()).toEqual({ data: null, error: true, msg: MESSAGES.generic });
    const logged = logLines.find((line) => line.msg === 'unhandled error');
    expect(logged).toMatchObject({ correlationId: 'trace-12345678', level: 50 });
  });

  it('PostgreSQL out of reach: 503 with Retry-After and the generic message, logged as a warning', async () => {
    const response = await fetch(`${base}/database-away`, {
      headers: { 'x-correlation-id': 'outage-12345678' },
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe(String(RETRY_AFTER_OUTAGE_SECONDS));
    expect(await response.json()).toEqual({ data: null, error: true, msg: MESSAGES.generic });
    const logged = logLines.find((line) => line.correlationId === 'outage-12345678');
    expect(logged).toMatchObject({ msg: 'postgresql unreachable', level: 40 });
  });

  it('a request whose Idempotency-Key is still being handled: 409 saying so, and when to try again', async () => {
    // As after a crash: the stopped process's claim on the key holds till it lapses.
    const response = await fetch(`${base}/in-progress`);
    expect(response.status).toBe(409);
    expect(response.headers.get('retry-after')).toBe(String(RETRY_AFTER_OUTAGE_SECONDS));
    expect(await response.json()).toEqual({
      data: null,
      error: true,
      msg: MESSAGES.requestInProgress,
      code: 'REQUEST_IN_PROGRESS',
    });
  });

  it('a request without a correlation id gets a fresh one', async () => {
    const response = await fetch(`${base}/fine`);
    expect(response.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('a client that goes away mid-download is a debug line, not an error', async () => {
    await new Promise<void>((resolve, reject) => {
      const request = http.get(`${base}/slow-file`, {
        headers: { 'x-correlation-id': 'gone-1234' },
      });
      request.on('response', (response) =>
        response.once('data', () => {
          request.destroy();
          resolve();
        }),
      );
      request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
    });
    const deadline = Date.now() + 5_000;
    while (!logLines.some((line) => line.msg === 'client went away') && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(logLines.find((line) => line.msg === 'client went away')).toMatchObject({
      correlationId: 'gone-1234',
      level: 20,
    });
    expect(logLines.filter((line) => line.msg === 'response failed')).toEqual([]);
  });
});
