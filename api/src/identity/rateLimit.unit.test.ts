import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { slidingVerdict, tooMany, tooManyAttempts, type WindowCounts } from './rateLimit.ts';

const rule = { name: 'test', limit: 10, windowSeconds: 600 };
const WINDOW_MS = rule.windowSeconds * 1000;
/** `fraction` of the way into a window, in ms. */
const into = (fraction: number) => Math.round(fraction * WINDOW_MS);

describe('slidingVerdict', () => {
  it('allows up to the limit in a window, then says when the next attempt fits', () => {
    expect(slidingVerdict(rule, [{ current: 8, previous: 0 }], into(0.5))).toEqual({
      allowed: true,
      remaining: 1,
      retryAfterSeconds: 1,
    });
    expect(slidingVerdict(rule, [{ current: 9, previous: 0 }], into(0.5))).toMatchObject({
      allowed: true,
      remaining: 0,
    });
    // Ten taken: the next fits once a tenth of them has slid out, 60 s into the next window.
    expect(slidingVerdict(rule, [{ current: 10, previous: 0 }], into(0.5))).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterSeconds: 300 + 60,
    });
  });

  it('meets a burst at the edge of a window as it would one in its middle', () => {
    // Ten in the last seconds of a window: a fixed window would allow ten more at once.
    expect(slidingVerdict(rule, [{ current: 0, previous: 10 }], into(0.01))).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterSeconds: 60 - 6,
    });
    // Half the window on, half of them count.
    expect(slidingVerdict(rule, [{ current: 0, previous: 10 }], into(0.5))).toMatchObject({
      allowed: true,
      remaining: 4,
    });
  });

  it('refuses when any key is over its limit, and waits for the slowest', () => {
    const counts = [
      { current: 1, previous: 0 },
      { current: 10, previous: 10 },
    ];
    expect(slidingVerdict(rule, counts, 0)).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterSeconds: 600 + 60,
    });
  });

  it('tells the truth: an attempt after Retry-After fits, and one a second sooner does not', () => {
    /** The verdict `seconds` on, with no attempt meanwhile: the windows move along. */
    const allowedAt = (counts: WindowCounts, elapsedMs: number, seconds: number) => {
      const at = elapsedMs + seconds * 1000;
      const windowsOn = Math.floor(at / WINDOW_MS);
      const then = [counts, { current: 0, previous: counts.current }][windowsOn] ?? {
        current: 0,
        previous: 0,
      };
      return slidingVerdict(rule, [then], at % WINDOW_MS).allowed;
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: rule.limit }),
        fc.integer({ min: 0, max: rule.limit }),
        fc.integer({ min: 0, max: WINDOW_MS - 1 }),
        (current, previous, elapsedMs) => {
          const counts = { current, previous };
          const verdict = slidingVerdict(rule, [counts], elapsedMs);
          if (verdict.allowed) return;
          expect(allowedAt(counts, elapsedMs, verdict.retryAfterSeconds)).toBe(true);
          if (verdict.retryAfterSeconds > 1)
            expect(allowedAt(counts, elapsedMs, verdict.retryAfterSeconds - 1)).toBe(false);
        },
      ),
    );
  });
});

describe('tooManyAttempts', () => {
  it.each([
    [1, 'Too many attempts. Please try again in 1 second.'],
    [42, 'Too many attempts. Please try again in 42 seconds.'],
    [60, 'Too many attempts. Please try again in 1 minute.'],
    // Rounded up: the member is never told to come back before the window ends.
    [61, 'Too many attempts. Please try again in 2 minutes.'],
    [900, 'Too many attempts. Please try again in 15 minutes.'],
    [3600, 'Too many attempts. Please try again in 60 minutes.'],
  ])('after %i s: %s', (seconds, message) => {
    expect(tooManyAttempts(seconds)).toBe(message);
  });
});

describe('tooMany', () => {
  it('names what there were too many of', () => {
    expect(tooMany('messages', 1800)).toBe('Too many messages. Please try again in 30 minutes.');
  });
});
