import { afterEach, describe, expect, it, vi } from 'vitest';
import { acrossTabs, parseTokens, singleFlight } from './refreshTokens.ts';

describe('the tokens of an answer', () => {
  it('reads token and refreshToken, and nothing from an answer without a token', () => {
    expect(parseTokens({ token: 'a', refreshToken: 'r' })).toEqual({
      token: 'a',
      refreshToken: 'r',
    });
    expect(parseTokens({ token: 'a' })).toEqual({ token: 'a' });
    expect(parseTokens({ token: '' })).toBeNull();
    expect(parseTokens('a')).toBeNull();
    expect(parseTokens(null)).toBeNull();
  });
});

describe('one refresh at a time', () => {
  it('gives every caller during a refresh the same answer, and refreshes again afterwards', async () => {
    let runs = 0;
    let release: (token: string) => void = () => undefined;
    const refresh = singleFlight(() => {
      runs += 1;
      return new Promise<string>((resolve) => {
        release = resolve;
      });
    });
    const first = refresh();
    const second = refresh();
    release('t1');
    expect(await Promise.all([first, second])).toEqual(['t1', 't1']);
    expect(runs).toBe(1);
    const third = refresh();
    release('t2');
    expect(await third).toBe('t2');
    expect(runs).toBe(2);
  });

  it('lets the next caller try again after a failure', async () => {
    let runs = 0;
    const refresh = singleFlight(async () => {
      runs += 1;
      if (runs === 1) throw new Error('refresh refused');
      return 'ok';
    });
    await expect(refresh()).rejects.toThrow('refresh refused');
    expect(await refresh()).toBe('ok');
  });
});

/** Web Locks as a browser grants them, for one lock: in turn, or not at all when `ifAvailable`. */
class TabsLocks {
  private turn: Promise<unknown> = Promise.resolve();
  private held = false;
  request(
    name: string,
    options: LockOptions | LockGrantedCallback<unknown>,
    callback?: LockGrantedCallback<unknown>,
  ): Promise<unknown> {
    const [{ ifAvailable = false }, granted] =
      typeof options === 'function' ? [{}, options] : [options, callback!];
    if (ifAvailable && this.held) return Promise.resolve(granted(null));
    const run = this.turn.then(async () => {
      this.held = true;
      try {
        return await granted({ name, mode: 'exclusive' });
      } finally {
        this.held = false;
      }
    });
    this.turn = run.catch(() => undefined);
    return run;
  }
}

describe('one refresh across tabs', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('tells a tab whose turn came after another tab’s refresh, and no one else', async () => {
    vi.stubGlobal('navigator', { locks: new TabsLocks() });
    let release: () => void = () => undefined;
    const first = acrossTabs(async (afterAnotherTab) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return afterAnotherTab;
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const second = acrossTabs(async (afterAnotherTab) => afterAnotherTab);
    release();
    expect(await Promise.all([first, second])).toEqual([false, true]);
    expect(await acrossTabs(async (afterAnotherTab) => afterAnotherTab)).toBe(false);
  });

  it('passes a failed refresh on, and frees the lock for the next one', async () => {
    vi.stubGlobal('navigator', { locks: new TabsLocks() });
    await expect(acrossTabs(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await acrossTabs(async (afterAnotherTab) => afterAnotherTab)).toBe(false);
  });

  it('refreshes at once where the browser has no Web Locks', async () => {
    vi.stubGlobal('navigator', {});
    expect(await acrossTabs(async (afterAnotherTab) => afterAnotherTab)).toBe(false);
  });
});
