import { describe, expect, it } from 'vitest';
import { indiaPickerValueOf } from '@boli/engine/shared/indiaTime';
import { finalCallDeadline, pickedDeadline } from './finalCall.ts';

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
