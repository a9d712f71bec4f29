import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@boli/engine/shared/messages';
import {
  apiEnvelope,
  ApiError,
  firstMessageOf,
  messageOf,
  readEnvelope,
  startEarly,
  urlWithQuery,
} from './client.ts';

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function failureOf(response: Response): Promise<ApiError> {
  try {
    await readEnvelope(response);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the answer to be a failure');
}

describe('reading the api’s answers', () => {
  it('answers the envelope of a success', async () => {
    const envelope = await readEnvelope<{ username: string }>(
      json(200, { data: { username: 'asha01' }, error: false, msg: '' }),
    );
    expect(envelope.data).toEqual({ username: 'asha01' });
  });

  it('shows the server’s message when a failure carries one', async () => {
    const failure = await failureOf(
      json(409, { data: null, error: true, msg: 'Already signed up.' }),
    );
    expect(failure.message).toBe('Already signed up.');
    expect(failure.status).toBe(409);
  });

  it('shows the generic message for an error flag without a message, even with status 200', async () => {
    const failure = await failureOf(json(200, { data: null, error: true, msg: '' }));
    expect(failure.message).toBe(MESSAGES.generic);
  });

  it('shows the generic message when the answer is not the api’s JSON', async () => {
    const failure = await failureOf(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(failure.message).toBe(MESSAGES.generic);
    const page = await failureOf(new Response('<!doctype html>', { status: 200 }));
    expect(page.message).toBe(MESSAGES.generic);
  });

  it('recognises an expired login only as a 403 with msg TOKEN_EXPIRED', async () => {
    expect(
      (await failureOf(json(403, { data: null, error: true, msg: 'TOKEN_EXPIRED' }))).tokenExpired,
    ).toBe(true);
    expect(
      (await failureOf(json(401, { data: null, error: true, msg: 'TOKEN_EXPIRED' }))).tokenExpired,
    ).toBe(false);
    expect(
      (await failureOf(json(403, { data: null, error: true, msg: 'Forbidden' }))).tokenExpired,
    ).toBe(false);
  });

  it('keeps field errors for forms', async () => {
    const failure = await failureOf(
      json(400, {
        data: null,
        error: true,
        msg: 'Incorrect OTP.',
        errors: [{ field: 'otp', message: 'Wrong' }],
      }),
    );
    expect(failure.errors).toEqual([{ field: 'otp', message: 'Wrong' }]);
  });
});

describe('query strings', () => {
  it('leaves out absent values and encodes the rest', () => {
    expect(
      urlWithQuery('/api/user/searchUser', { key: 'a b', page: 0, limit: 10, x: undefined }),
    ).toBe('/api/user/searchUser?key=a+b&page=0&limit=10');
    expect(urlWithQuery('/api/user')).toBe('/api/user');
  });
});

describe('what a refusal carries besides msg', () => {
  it('keeps the code and the other fields of the answer', async () => {
    const failure = await failureOf(
      json(409, {
        data: null,
        error: true,
        msg: 'This email already exists.',
        code: 'USER_ALREADY_EXISTS',
        existingUser: true,
        isEmailExist: true,
      }),
    );
    expect(failure.code).toBe('USER_ALREADY_EXISTS');
    expect(failure.body.isEmailExist).toBe(true);
  });

  it('names the first field error first, then msg, then the generic message', async () => {
    const withErrors = await failureOf(
      json(400, {
        data: { triesLeft: 2 },
        error: true,
        msg: 'Please provide valid details in the form.',
        errors: [{ field: 'otp', message: 'Incorrect OTP.' }],
      }),
    );
    expect(withErrors.firstMessage).toBe('Incorrect OTP.');
    expect(withErrors.data).toEqual({ triesLeft: 2 });
    const msgOnly = await failureOf(json(400, { data: null, error: true, msg: 'OTP expired.' }));
    expect(msgOnly.firstMessage).toBe('OTP expired.');
    const nothing = await failureOf(json(500, { data: null, error: true, msg: '' }));
    expect(nothing.firstMessage).toBe(MESSAGES.generic);
    expect(nothing.code).toBe('');
  });
});

describe('what a failed call says', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says offline when the browser knows it is, else the api’s message or the generic one', () => {
    const lost = new ApiError(0, '');
    expect(messageOf(lost)).toBe(MESSAGES.generic);
    vi.stubGlobal('navigator', { onLine: false });
    expect(messageOf(lost)).toBe(MESSAGES.offline);
    expect(firstMessageOf(lost)).toBe(MESSAGES.offline);
    // An answer that came back is the api's word, whatever the browser thinks.
    expect(messageOf(new ApiError(409, 'Bidding Closed'))).toBe('Bidding Closed');
  });
});

describe('a GET started early, while the session is checked', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A fetch that answers each call with its number, or fails the calls numbered in `failing`. */
  function countingFetch(failing: number[] = []) {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        if (failing.includes(calls.length)) return json(500, { data: null, error: true, msg: '' });
        return json(200, { data: { call: calls.length }, error: false, msg: '' });
      }),
    );
    return calls;
  }

  it('is taken by the same call with the same token, once; a later one asks again', async () => {
    const calls = countingFetch();
    const query = { item_uid: 'ab-1' };
    startEarly('/api/posts/postUID', { token: 't1', query });
    startEarly('/api/posts/postUID', { token: 't1', query });
    expect(calls).toHaveLength(1);
    const first = await apiEnvelope('/api/posts/postUID', { token: 't1', query });
    expect(first.data).toEqual({ call: 1 });
    expect(calls).toHaveLength(1);
    const second = await apiEnvelope('/api/posts/postUID', { token: 't1', query });
    expect(second.data).toEqual({ call: 2 });
  });

  it('is not taken by another token, another address or a POST', async () => {
    const calls = countingFetch();
    startEarly('/api/globalAds', { token: 't1', query: { page: 1 } });
    await apiEnvelope('/api/globalAds', { token: 't2', query: { page: 1 } });
    await apiEnvelope('/api/globalAds', { token: 't1', query: { page: 2 } });
    await apiEnvelope('/api/globalAds', { token: 't1', query: { page: 1 }, json: {} });
    expect(calls).toHaveLength(4);
    expect((await apiEnvelope('/api/globalAds', { token: 't1', query: { page: 1 } })).data).toEqual(
      { call: 1 },
    );
  });

  it('that failed is asked again by its screen', async () => {
    const calls = countingFetch([1]);
    startEarly('/api/posts/filter', { token: 't1', query: { page: 1 } });
    const answer = await apiEnvelope('/api/posts/filter', { token: 't1', query: { page: 1 } });
    expect(answer.data).toEqual({ call: 2 });
    expect(calls).toHaveLength(2);
  });

  it('that was lost is not asked again: the screen offers Retry after one wait, not two', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        throw new TypeError('Failed to fetch');
      }),
    );
    startEarly('/api/posts/post', { token: 't1', query: { item_id: '7' } });
    await expect(
      apiEnvelope('/api/posts/post', { token: 't1', query: { item_id: '7' } }),
    ).rejects.toMatchObject({ status: 0 });
    expect(calls).toHaveLength(1);
  });

  it('ends with an AbortError when its screen gives up on it', async () => {
    countingFetch();
    startEarly('/api/posts/post', { token: 't1', query: { item_id: '7' } });
    const controller = new AbortController();
    controller.abort();
    await expect(
      apiEnvelope('/api/posts/post', {
        token: 't1',
        query: { item_id: '7' },
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});
