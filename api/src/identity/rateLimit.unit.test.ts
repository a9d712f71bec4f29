import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logVerdict, tooMany, tooManyAttempts } from './rateLimit.ts';

const rule = { name: 'test', limit: 10, windowSeconds: 600 };
const WINDOW_MS = rule.windowSeconds * 1000;
const NOW = Date.parse('2026-12-06T10:00:00Z');
/** `count` attempts, one every `everyMs`, the last `lastAgoMs` before NOW. */
const attempts = (count: number, everyMs: number, lastAgoMs = 0): number[] =>
  Array.from({ length: count }, (_, i) => NOW - lastAgoMs - (count - 1 - i) * everyMs);

describe('logVerdict', () => {
  it('allows up to the limit within the window, then says when the next attempt fits', () => {
    expect(logVerdict(rule, [attempts(8, 1_000)], NOW)).toEqual({
      allowed: true,
      remaining: 1,
      retryAfterSeconds: 1,
    });
    expect(logVerdict(rule, [attempts(9, 1_000)], NOW)).toMatchObject({
      allowed: true,
      remaining: 0,
    });
    // Ten taken, a second apart: the next fits when the first leaves the window.
    expect(logVerdict(rule, [attempts(10, 1_000)], NOW)).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterSeconds: 600 - 9,
    });
  });

  it('counts the whole window before the attempt, wherever a burst fell', () => {
    // Ten in a burst 14 minutes ago still count; they leave one by one as the window passes
    // them, not as a clock-aligned window fades.
    const burst = attempts(10, 1_000, 9 * 60_000);
    expect(logVerdict(rule, [burst], NOW)).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterSeconds: 60 - 9,
    });
    expect(logVerdict(rule, [burst], NOW + 51_000)).toMatchObject({
      allowed: true,
      remaining: 0,
    });
    // An attempt a whole window old is out of it.
    expect(logVerdict(rule, [attempts(10, 0, WINDOW_MS)], NOW).allowed).toBe(true);
  });

  it('refuses when any key is over its limit, and waits for the slowest', () => {
    const logs = [attempts(1, 0), attempts(10, 0, 1_000)];
    expect(logVerdict(rule, logs, NOW)).toEqual({
      allowed: false,
      remaining: 0,
      retryAfterSeconds: 600 - 1,
    });
  });

  it('never lets more than the limit through in any window’s length of attempts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 3 * WINDOW_MS }), { maxLength: 60 }),
        (offsets) => {
          const allowed: number[] = [];
          for (const at of [...offsets].sort((a, b) => a - b))
            if (logVerdict(rule, [allowed], at).allowed) allowed.push(at);
          for (const start of allowed) {
            const within = allowed.filter((at) => at >= start && at < start + WINDOW_MS);
            expect(within.length).toBeLessThanOrEqual(rule.limit);
          }
        },
      ),
    );
  });

  it('tells the truth: an attempt after Retry-After fits, and one a second sooner does not', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: WINDOW_MS - 1 }), { maxLength: 2 * rule.limit }),
        (agesMs) => {
          const log = agesMs.map((age) => NOW - age);
          const verdict = logVerdict(rule, [log], NOW);
          if (verdict.allowed) return;
          const after = (seconds: number) => logVerdict(rule, [log], NOW + seconds * 1000).allowed;
          expect(after(verdict.retryAfterSeconds)).toBe(true);
          if (verdict.retryAfterSeconds > 1)
            expect(after(verdict.retryAfterSeconds - 1)).toBe(false);
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
