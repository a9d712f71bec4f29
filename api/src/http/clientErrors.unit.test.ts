import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@boli/engine/shared/messages';
import { answerClientError } from './clientErrors.ts';

/** What the socket is sent in answer to `code` (the other refusals: server.int.test.ts). */
function answerTo(code: string): Promise<string> {
  const socket = new PassThrough();
  let sent = '';
  socket.on('data', (chunk: Buffer) => (sent += chunk.toString()));
  const done = new Promise<string>((resolve) => socket.on('finish', () => resolve(sent)));
  answerClientError(Object.assign(new Error(code), { code }), socket);
  return done;
}

describe('a request that did not arrive whole in time', () => {
  it('is answered 408, which a sender may send again, saying why', async () => {
    const answer = await answerTo('ERR_HTTP_REQUEST_TIMEOUT');
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(JSON.parse(answer.split('\r\n\r\n')[1]!)).toEqual({
      data: null,
      error: true,
      msg: MESSAGES.requestTooSlow,
    });
  });
});
