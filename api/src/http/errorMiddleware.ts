import { randomUUID } from 'node:crypto';
import type { Context, Next } from 'koa';
import { DomainError } from '@boli/engine/shared/decider';
import {
  CommandConflictError,
  CommandInProgressError,
} from '@boli/engine/commandHandling/handleCommand';
import { IdempotencyKeyReusedError } from '@boli/engine/commandHandling/idempotency';
import { isPostgresUnreachable } from '@boli/engine/eventStore/postgres/outages';
import { MESSAGES } from '@boli/engine/shared/messages';
import type { Logger } from '../logger.ts';
import { failure, type FieldError } from './envelope.ts';
import { ApiError, ValidationError } from './errors.ts';
import { statusOfDomainError } from './domainErrors.ts';

declare module 'koa' {
  interface DefaultContext {
    correlationId: string;
    log: Logger;
  }
}

/** Every request gets a correlation id (from the caller's header or fresh) and a child logger. */
export const correlation =
  (logger: Logger) =>
  async (ctx: Context, next: Next): Promise<void> => {
    const header = ctx.get('x-correlation-id');
    ctx.correlationId = /^[\w-]{8,64}$/.test(header) ? header : randomUUID();
    ctx.set('x-correlation-id', ctx.correlationId);
    ctx.log = logger.child({ correlationId: ctx.correlationId });
    await next();
  };

/** A refusal's `details.fields` (the form's fields it is about), each with its message. */
const fieldErrorsOfRefusal = (details: unknown, message: string): FieldError[] | undefined => {
  const fields = typeof details === 'object' && details !== null && 'fields' in details;
  return fields && Array.isArray(details.fields)
    ? details.fields
        .filter((field): field is string => typeof field === 'string')
        .map((field) => ({ field, message }))
    : undefined;
};

/** What a request refused for a PostgreSQL outage tells its client to wait before trying again. */
export const RETRY_AFTER_OUTAGE_SECONDS = 5;

/**
 * The one error middleware: known errors become the spec's envelope with their status and
 * message; PostgreSQL out of reach is 503 with Retry-After; anything else is logged with the
 * correlation id and answered with the generic text.
 */
export const errorMiddleware = async (ctx: Context, next: Next): Promise<void> => {
  try {
    await next();
  } catch (error) {
    if (error instanceof ValidationError) {
      ctx.status = 400;
      ctx.body = {
        ...failure(error.message, error.errors),
        ...(error.code ? { code: error.code } : {}),
      };
    } else if (error instanceof ApiError) {
      ctx.status = error.status;
      // Its code, as a domain refusal's, lets a client tell refusals apart without their wording;
      // `data.fields`, as a domain refusal's `details.fields`, names the form's fields at fault.
      ctx.body = {
        ...failure(error.message, fieldErrorsOfRefusal(error.data, error.message), error.data),
        ...(error.code ? { code: error.code } : {}),
      };
    } else if (error instanceof DomainError) {
      const { status, message } = statusOfDomainError(error.code);
      const text = message ?? error.message;
      ctx.status = status;
      ctx.body = {
        ...failure(text, fieldErrorsOfRefusal(error.details, text), error.details),
        code: error.code,
      };
    } else if (error instanceof CommandInProgressError) {
      // The same request (its Idempotency-Key) is still running, or its process stopped and its
      // claim on the key has not lapsed yet: trying again later gets its one answer.
      ctx.status = 409;
      ctx.set('Retry-After', String(RETRY_AFTER_OUTAGE_SECONDS));
      ctx.body = { ...failure(MESSAGES.requestInProgress), code: 'REQUEST_IN_PROGRESS' };
    } else if (error instanceof CommandConflictError) {
      // The client may simply try again: the stream moved under it too often.
      ctx.status = 409;
      ctx.body = failure(MESSAGES.generic);
    } else if (error instanceof IdempotencyKeyReusedError) {
      ctx.status = 422;
      ctx.body = failure('This Idempotency-Key was already used for a different request.');
    } else if (isUnreadableBody(error)) {
      // The client's to mend: a retry of the same bytes would be refused the same.
      ctx.status = 400;
      ctx.body = failure(
        isUndecodableBody(error) ? MESSAGES.bodyNotDecodable : MESSAGES.bodyNotJson,
      );
    } else if (isUnknownContentEncoding(error)) {
      ctx.status = 415;
      ctx.body = failure(MESSAGES.bodyEncodingUnsupported);
    } else if (isClientHttpError(error)) {
      ctx.status = error.status;
      // The body parser's own words for a body over its limit are 'request entity too large'.
      const message = error.status === 413 ? MESSAGES.bodyTooLarge : error.message;
      ctx.body = failure(error.expose ? message : MESSAGES.generic);
    } else if (isPostgresUnreachable(error)) {
      // Not this request's fault, nor the code's: PostgreSQL is restarting or out of reach.
      ctx.log.warn({ err: error, path: ctx.path, method: ctx.method }, 'postgresql unreachable');
      ctx.status = 503;
      ctx.set('Retry-After', String(RETRY_AFTER_OUTAGE_SECONDS));
      ctx.body = failure(MESSAGES.generic);
    } else {
      ctx.log.error({ err: error, path: ctx.path, method: ctx.method }, 'unhandled error');
      ctx.status = 500;
      ctx.body = failure(MESSAGES.generic);
    }
  }
};

/**
 * A body its Content-Encoding does not fit: zlib's errors carry no status, only their codes —
 * Z_DATA_ERROR… for gzip and deflate, ERR__ERROR_FORMAT_… (Node's name for BROTLI_DECODER_ERROR_…)
 * for br.
 */
const isUndecodableBody = (error: unknown): boolean =>
  /^(Z_|ERR__ERROR_|ERR_BROTLI_)/.test(String((error as { code?: unknown })?.code ?? ''));

/** A Content-Encoding the body parser has no decoder for (inflation's 415, which has no code). */
const isUnknownContentEncoding = (error: unknown): boolean =>
  (error as { status?: unknown })?.status === 415 &&
  String((error as { message?: unknown }).message).startsWith('Unsupported Content-Encoding');

/**
 * A body that could not be read: not JSON, not an object or array, a forbidden `__proto__` key
 * (the parser's 400 SyntaxError), or not what its Content-Encoding says.
 */
const isUnreadableBody = (error: unknown): boolean =>
  (error instanceof SyntaxError && (error as { status?: unknown }).status === 400) ||
  isUndecodableBody(error);

function isClientHttpError(
  error: unknown,
): error is { status: number; expose: boolean; message: string } {
  const status = (error as { status?: unknown })?.status;
  return typeof status === 'number' && status >= 400 && status < 500;
}

/** Codes of a response that failed because the client went away (closed the tab, aborted). */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/** True when a response failed only because its client went away: nothing to report. */
export const clientWentAway = (error: unknown): boolean =>
  CLIENT_GONE.has(String((error as { code?: unknown })?.code ?? ''));

/**
 * Errors Koa reports outside the middleware chain (a file streamed to a client that went away):
 * to the logger with the request's correlation id, instead of Koa's default print to stderr;
 * a client that went away is a debug line, not an error.
 */
export const responseErrorLogger =
  (logger: Logger) =>
  (error: unknown, ctx?: Context): void => {
    const log = ctx?.log ?? logger;
    if (clientWentAway(error)) log.debug({ err: error, path: ctx?.path }, 'client went away');
    else log.error({ err: error, path: ctx?.path }, 'response failed');
  };
