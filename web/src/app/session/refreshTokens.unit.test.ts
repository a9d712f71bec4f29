import { describe, expect, it } from 'vitest';
import { parseTokens, singleFlight } from './refreshTokens.ts';

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
