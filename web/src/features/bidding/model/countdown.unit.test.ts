import { describe, expect, it } from 'vitest';
import { countdownText, msToNextTick, remainingUntil, splitCountdown } from './countdown.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('the “Bid Closes in” countdown', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    expect(splitCountdown(2 * DAY + 3 * HOUR + 4 * MINUTE + 5 * SECOND)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
    expect(splitCountdown(59 * SECOND)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 59 });
  });

  it('counts a second begun as whole: zero only once the deadline has come', () => {
    expect(splitCountdown(1900).seconds).toBe(2);
    expect(splitCountdown(1000).seconds).toBe(1);
    expect(splitCountdown(1).seconds).toBe(1);
    expect(splitCountdown(0).seconds).toBe(0);
    expect(splitCountdown(DAY - 1)).toEqual({ days: 1, hours: 0, minutes: 0, seconds: 0 });
  });

  it('steps on the whole seconds of the clock, where deadlines fall', () => {
    expect(msToNextTick(Date.parse('2024-05-01T10:00:00.250Z'))).toBe(750);
    expect(msToNextTick(Date.parse('2024-05-01T10:00:00.999Z'))).toBe(1);
    // On the second itself, the next one.
    expect(msToNextTick(Date.parse('2024-05-01T10:00:00.000Z'))).toBe(SECOND);
  });

  it('stays at zero once the deadline has passed', () => {
    expect(splitCountdown(-5 * SECOND)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
    expect(splitCountdown(Number.NaN)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('measures the time until an ISO deadline', () => {
    const now = Date.parse('2024-05-01T10:00:00.000Z');
    expect(remainingUntil('2024-05-01T10:01:30.000Z', now)).toBe(90 * SECOND);
    expect(remainingUntil('2024-05-01T09:00:00.000Z', now)).toBe(0);
    expect(remainingUntil(null, now)).toBe(0);
    expect(remainingUntil('not a date', now)).toBe(0);
  });

  it('reads on one line for a card, the days left out when none are left', () => {
    expect(countdownText(splitCountdown(2 * DAY + 3 * HOUR + 4 * MINUTE + 5 * SECOND))).toBe(
      '2d 03h 04m 05s',
    );
    expect(countdownText(splitCountdown(3 * HOUR + 59 * SECOND))).toBe('03h 00m 59s');
    expect(countdownText(splitCountdown(-SECOND))).toBe('00h 00m 00s');
  });
});
