import { describe, expect, it } from 'vitest';
import { indiaPickerValueOf } from '@boli/engine/shared/indiaTime';
import { finalCallDeadline, pickedDeadline, timeUntilText } from './finalCall.ts';

describe('the final call date-time, on India’s clock wherever the browser is', () => {
  it('round-trips a moment through the picker’s value, to the second', () => {
    // 09:05:07 in India is 03:35:07 UTC.
    const moment = new Date('2024-05-01T03:35:07Z');
    expect(indiaPickerValueOf(moment.toISOString())).toBe('2024-05-01T09:05:07');
    expect(finalCallDeadline('2024-05-01T09:05:07', 0)).toBe(moment.toISOString());
    expect(finalCallDeadline('2024-05-01T09:05', 0)).toBe('2024-05-01T03:35:00.000Z');
  });

  it('is required and must be a real date-time', () => {
    expect(finalCallDeadline('', 0)).toBeNull();
    expect(finalCallDeadline('2024-02-30T10:00', 0)).toBeNull();
    expect(finalCallDeadline('2024-05-01T25:00', 0)).toBeNull();
    expect(finalCallDeadline('tomorrow', 0)).toBeNull();
    expect(pickedDeadline('20260-12-05T10:30')).toBeUndefined();
    // Past or not, a date-time it is: the dialog repeats it.
    expect(pickedDeadline('2026-12-05T10:30')).toBe('2026-12-05T05:00:00.000Z');
  });

  it('is after now: the current second has begun, and the server takes it as past', () => {
    const now = Date.parse('2024-05-01T03:35:07.600Z'); // 09:05:07.6 in India
    expect(finalCallDeadline('2024-05-01T09:05:06', now)).toBeNull();
    expect(finalCallDeadline('2024-05-01T09:05:07', now)).toBeNull();
    expect(finalCallDeadline('2024-05-01T09:05:08', now)).toBe('2024-05-01T03:35:08.000Z');
    expect(finalCallDeadline('2024-05-02T09:00', now)).toBe('2024-05-02T03:30:00.000Z');
    expect(finalCallDeadline('', now)).toBeNull();
  });
});

describe('how far off a final call is, as the dialog says it beside its date-time', () => {
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
