import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { MESSAGES } from '@boli/engine/shared/messages';
import { isWebPagePath } from './addresses.ts';
import { failure } from './envelope.ts';

/** Node's parser codes for a request line or headers past `maxHeaderSize` (16 KB). */
const TOO_LONG = new Set(['HPE_HEADER_OVERFLOW']);

/** Node's code for a request not whole within the server's `requestTimeout`. */
const TOO_SLOW = 'ERR_HTTP_REQUEST_TIMEOUT';

/** What the parser got of the request: its first bytes, as Node keeps them on the error. */
type ParserError = NodeJS.ErrnoException & { rawPacket?: Buffer };

/** The address on the request line, when the parser got that far; '' when it did not. */
const addressOf = (error: ParserError): string =>
  /^[A-Z]+ (\/\S*)/.exec(error.rawPacket?.subarray(0, 512).toString('latin1') ?? '')?.[1] ?? '';

/** A page of the web app, not an address of the api: a browser shows the answer. */
const isWebPage = (address: string): boolean =>
  address !== '' && isWebPagePath(address.split('?', 1)[0] ?? '');

/** The page a browser shows for a web address too long to open, with the way home. */
const TOO_LONG_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Boli</title><p>${MESSAGES.pageAddressTooLong} <a href="/">Go to the ads</a></p></html>`;

/**
 * Answers a request Node's HTTP parser refused before any route saw it (an address or headers
 * too long, a method or request line that is not HTTP), or one that took longer than
 * `LIMITS.requestArrivalMinutes` to arrive (408: sending it again is safe), as every other
 * refusal is, rather than with Node's bare status line: the api's envelope, or for a web page
 * too long to open a page that says so. A client already gone is let go.
 */
export function answerClientError(error: ParserError, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLong = TOO_LONG.has(error.code ?? '');
  const tooSlow = error.code === TOO_SLOW;
  const status = tooLong ? 431 : tooSlow ? 408 : 400;
  const page = tooLong && isWebPage(addressOf(error));
  const message = tooLong
    ? MESSAGES.requestTooLong
    : tooSlow
      ? MESSAGES.requestTooSlow
      : MESSAGES.requestNotHttp;
  const body = page ? TOO_LONG_PAGE : JSON.stringify(failure(message));
  socket.end(
    [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      `Content-Type: ${page ? 'text/html' : 'application/json'}; charset=utf-8`,
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}
