import { describe, expect, it } from 'vitest';
import { timeUntilText } from './timeUntil.ts';

describe('how far off a deadline is, as said beside its date-time', () => {
  const now = Date.parse('2026-12-07T10:00:00.000Z');
  const after = (ms: number) => new Date(now + ms).toISOString();
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

  it('counts what is near in minutes, hours and days', () => {
    expect(timeUntilText(after(25_000), now)).toBe('in under a minute');
    expect(timeUntilText(after(MINUTE), now)).toBe('in 1 minute');
    expect(timeUntilText(after(59 * MINUTE), now)).toBe('in 59 minutes');
    expect(timeUntilText(after(HOUR), now)).toBe('in 1 hour');
    expect(timeUntilText(after(47 * HOUR), now)).toBe('in 47 hours');
    expect(timeUntilText(after(2 * DAY), now)).toBe('in 2 days');
    expect(timeUntilText(after(59 * DAY), now)).toBe('in 59 days');
  });

  it('rounds: a time picked a whole unit ahead, read seconds later, says that unit', () => {
    const secondsShort = (ms: number) => after(ms - 21_000);
    expect(timeUntilText(secondsShort(10 * MINUTE), now)).toBe('in 10 minutes');
    expect(timeUntilText(secondsShort(3 * HOUR), now)).toBe('in 3 hours');
    expect(timeUntilText(secondsShort(3 * DAY), now)).toBe('in 3 days');
    expect(timeUntilText(secondsShort(45 * DAY), now)).toBe('in 45 days');
    expect(timeUntilText(after(59 * MINUTE + 50_000), now)).toBe('in 1 hour');
  });

  it('says a far deadline in months or years, so a mistyped year stands out', () => {
    expect(timeUntilText(after(91 * DAY), now)).toBe('in about 3 months');
    expect(timeUntilText(after(729 * DAY), now)).toBe('in about 24 months');
    expect(timeUntilText('2062-12-07T10:00:00.000Z', now)).toBe('in about 36 years');
  });
});
