import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { MESSAGES } from '@boli/engine/shared/messages';
import { failure } from './envelope.ts';

/** Node's parser codes for a request line or headers past `maxHeaderSize` (16 KB). */
const TOO_LONG = new Set(['HPE_HEADER_OVERFLOW']);

/**
 * Answers a request Node's HTTP parser refused before any route saw it (an address or headers
 * too long, a method or request line that is not HTTP) in the api's envelope, as every other
 * refusal is, rather than Node's bare status line; a client already gone is let go.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLong = TOO_LONG.has(error.code ?? '');
  const status = tooLong ? 431 : 400;
  const body = JSON.stringify(failure(tooLong ? MESSAGES.requestTooLong : MESSAGES.requestNotHttp));
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}
