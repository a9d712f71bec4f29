import { describe, expect, it } from 'vitest';
import { tooMany, tooManyAttempts } from './rateLimit.ts';

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
