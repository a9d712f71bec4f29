import { describe, expect, it } from 'vitest';
import { finalCallDeadline, fromDateTimeLocal, toDateTimeLocal } from './finalCall.ts';

describe('the final call date-time', () => {
  it('round-trips a moment through the picker’s local value, to the second', () => {
    const moment = new Date(2024, 4, 1, 9, 5, 7);
    expect(toDateTimeLocal(moment)).toBe('2024-05-01T09:05:07');
    expect(fromDateTimeLocal('2024-05-01T09:05:07')?.getTime()).toBe(moment.getTime());
    expect(fromDateTimeLocal('2024-05-01T09:05')?.getTime()).toBe(
      new Date(2024, 4, 1, 9, 5, 0).getTime(),
    );
  });

  it('is required and must be a real date-time', () => {
    expect(fromDateTimeLocal('')).toBeNull();
    expect(fromDateTimeLocal('2024-02-30T10:00')).toBeNull();
    expect(fromDateTimeLocal('tomorrow')).toBeNull();
  });

  it('may not be before now (the current second counts as now)', () => {
    const now = new Date(2024, 4, 1, 9, 5, 7, 600).getTime();
    expect(finalCallDeadline('2024-05-01T09:05:06', now)).toBeNull();
    expect(finalCallDeadline('2024-05-01T09:05:07', now)).toBe(
      new Date(2024, 4, 1, 9, 5, 7).toISOString(),
    );
    expect(finalCallDeadline('2024-05-02T09:00', now)).toBe(
      new Date(2024, 4, 2, 9, 0, 0).toISOString(),
    );
    expect(finalCallDeadline('', now)).toBeNull();
  });
});
