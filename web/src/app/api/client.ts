import { MESSAGES } from '@boli/engine/shared/messages';
import { LIMITS } from '@boli/engine/shared/limits';
import { noteServerDate } from '../../lib/serverClock.ts';

/** The api's answer (spec section 7): data, an error flag and msg, sometimes field errors. */
export type Envelope<T> = {
  data: T | null;
  error: boolean;
  msg: string;
  errors?: { field?: string; message: string }[];
  /** A domain refusal's stable code (e.g. USER_ALREADY_EXISTS, EMAIL_NOT_VERIFIED). */
  code?: string;
  /** Some answers carry more beside data (userDetail, existingUser, isEmailExist, …). */
  [extra: string]: unknown;
};

/** The server's code for an expired login (spec section 4): a 403 whose msg is this. */
export const TOKEN_EXPIRED = MESSAGES.tokenExpired;

/**
 * A call that did not succeed. `message` is what the product shows (section 7: the server's
 * message, or the generic one when there is none); `serverMsg` is the raw msg, '' when absent.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMsg: string,
    readonly errors: { field?: string; message: string }[] = [],
    readonly data: unknown = null,
    /** The whole answer, for the few screens that read more than msg and errors. */
    readonly body: Readonly<Record<string, unknown>> = {},
  ) {
    super(serverMsg || MESSAGES.generic);
    this.name = 'ApiError';
  }

  /** The engine's stable code of a domain refusal, '' when there is none. */
  get code(): string {
    return typeof this.body.code === 'string' ? this.body.code : '';
  }

  /** The first field error's message, else the server's msg, else the generic message. */
  get firstMessage(): string {
    return this.errors[0]?.message || this.message;
  }

  get tokenExpired(): boolean {
    return this.status === 403 && this.serverMsg === TOKEN_EXPIRED;
  }
}

/** A call that never reached the api (status 0) while the browser knows it is offline. */
export const failedOffline = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 0 && globalThis.navigator?.onLine === false;

/** Offline, that; an api refusal, what `read` takes from it; anything else, the generic one. */
const failureMessage = (error: unknown, read: (refusal: ApiError) => string): string => {
  if (failedOffline(error)) return MESSAGES.offline;
  return error instanceof ApiError ? read(error) : MESSAGES.generic;
};

/**
 * What a screen says when a call fails: the api's message (or the generic one when it sent none);
 * offline, that; for anything else (the network, a bug) the generic one.
 */
export const messageOf = (error: unknown): string =>
  failureMessage(error, (refusal) => refusal.message);

/** The same for a form: its first field error when the api named one (`ApiError.firstMessage`). */
export const firstMessageOf = (error: unknown): string =>
  failureMessage(error, (refusal) => refusal.firstMessage);

export type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The stored login token; sent as `Authorization: Bearer <token>`. */
  token?: string | null;
  query?: Query;
  /** A JSON body. */
  json?: unknown;
  /** A form-encoded (record) or multipart (FormData) body. */
  form?: Record<string, string> | FormData;
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key`: the api applies a request sent again with it only once. */
  idempotencyKey?: string;
};

export function urlWithQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'error' in value;
}

/**
 * Reads an answer into its envelope, or throws ApiError: for a non-2xx status, an envelope with
 * `error` set, or a body that is not the api's JSON (a proxy's error page, say).
 */
export async function readEnvelope<T>(response: Response): Promise<Envelope<T>> {
  let body: unknown = null;
  if (response.headers.get('content-type')?.includes('application/json')) {
    body = await response.json().catch(() => null);
  }
  const envelope = isEnvelope(body) ? body : null;
  if (!response.ok || !envelope || envelope.error) {
    throw new ApiError(
      response.status,
      typeof envelope?.msg === 'string' ? envelope.msg : '',
      Array.isArray(envelope?.errors) ? envelope.errors : [],
      envelope?.data ?? null,
      envelope ?? {},
    );
  }
  return envelope as Envelope<T>;
}

/** How long a GET started early (startEarly) waits for its screen to take its answer. */
export const EARLY_ANSWER_MS = 10_000;

/** GETs started ahead of their screen, by token and address; each answer is taken once. */
const early = new Map<string, { startedAt: number; answer: Promise<Envelope<unknown>> }>();
const earlyKey = (path: string, options: Pick<RequestOptions, 'token' | 'query'>) =>
  `${options.token ?? ''} ${urlWithQuery(path, options.query)}`;
const isPlainGet = (options: RequestOptions) =>
  (options.method ?? 'GET') === 'GET' && options.json === undefined && options.form === undefined;

function forgetStaleEarlyAnswers(now: number): void {
  for (const [key, entry] of early) {
    if (now - entry.startedAt > EARLY_ANSWER_MS) early.delete(key);
  }
}

/**
 * Starts now a GET that a screen will make once the stored session has been checked, so that its
 * answer travels beside /api/user's instead of after it: the screen's own call, with the same
 * token and address within `EARLY_ANSWER_MS`, takes this answer (once) rather than asking again.
 */
export function startEarly(path: string, options: Pick<RequestOptions, 'token' | 'query'>): void {
  forgetStaleEarlyAnswers(Date.now());
  const key = earlyKey(path, options);
  if (early.has(key)) return;
  const answer = apiEnvelope(path, options);
  answer.catch(() => undefined);
  early.set(key, { startedAt: Date.now(), answer });
}

/**
 * The answer of the same GET started early, if there is one. One the api refused (a 5xx) is asked
 * again; one lost (the connection dropped, or `LIMITS.apiAnswerWaitMs` passed) is not: the
 * screen's own wait for it is spent, and asking again would double it before Retry is offered.
 */
function takeEarly<T>(path: string, options: RequestOptions): Promise<Envelope<T>> | undefined {
  if (early.size === 0 || !isPlainGet(options)) return undefined;
  forgetStaleEarlyAnswers(Date.now());
  const key = earlyKey(path, options);
  const entry = early.get(key);
  if (!entry) return undefined;
  early.delete(key);
  const answer = entry.answer.catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 0) throw error;
    return apiEnvelope(path, options);
  }) as Promise<Envelope<T>>;
  return options.signal ? abortable(answer, options.signal) : answer;
}

/** `answer`, or the AbortError of `signal` if that comes first, as fetch would. */
const abortable = <T>(answer: Promise<T>, signal: AbortSignal): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const aborted = () => reject(new DOMException('The call was aborted.', 'AbortError'));
    if (signal.aborted) return aborted();
    signal.addEventListener('abort', aborted, { once: true });
    answer.then(resolve, reject);
  });

/** `signal`, and LIMITS.apiAnswerWaitMs, where the browser can combine signals (AbortSignal.any). */
function withAnswerWait(signal: AbortSignal | undefined): AbortSignal | undefined {
  if (typeof AbortSignal.any !== 'function' || typeof AbortSignal.timeout !== 'function') {
    return signal;
  }
  const wait = AbortSignal.timeout(LIMITS.apiAnswerWaitMs);
  return signal ? AbortSignal.any([signal, wait]) : wait;
}

/** Calls the api and answers the whole envelope; for the few calls that read more than data. */
export async function apiEnvelope<T>(
  path: string,
  options: RequestOptions = {},
): Promise<Envelope<T>> {
  const started = takeEarly<T>(path, options);
  if (started) return started;
  const headers = new Headers({ Accept: 'application/json' });
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.json);
  } else if (options.form instanceof FormData) {
    body = options.form;
  } else if (options.form) {
    body = new URLSearchParams(options.form);
  }
  let response: Response;
  const sentAt = Date.now();
  try {
    response = await fetch(urlWithQuery(path, options.query), {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: withAnswerWait(options.signal),
    });
  } catch (error) {
    // The caller's own abort stays one; LIMITS.apiAnswerWaitMs passing (TimeoutError) is a lost
    // answer, as a dropped connection is.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, '');
  }
  noteServerDate(response.headers.get('date'), sentAt, Date.now());
  return readEnvelope<T>(response);
}

/** Calls the api and answers the envelope's data. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiEnvelope<T>(path, options)).data as T;
}
