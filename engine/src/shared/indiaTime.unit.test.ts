import { describe, expect, it } from 'vitest';
import {
  dayMonthYear,
  displayDate,
  indiaDateOf,
  indiaPickerValueOf,
  indiaWallClockOf,
  instantOfDateTime,
  instantOfIndiaWallClock,
} from './indiaTime.ts';

describe("India's wall clock", () => {
  it('writes an instant as India reads it, the day changing at 18:30 UTC', () => {
    expect(indiaWallClockOf('2026-11-26T15:15:45.180Z')).toBe('2026-11-26 20:45:45');
    expect(indiaWallClockOf('2026-11-26T18:30:00.000Z')).toBe('2026-11-27 00:00:00');
    expect(indiaWallClockOf('2026-11-26T15:15:45.180Z', { milliseconds: true })).toBe(
      '2026-11-26 20:45:45.180',
    );
    expect(indiaDateOf('2026-11-26T18:30:00.000Z')).toBe('2026-11-27');
    // As a datetime-local input holds it.
    expect(indiaPickerValueOf('2026-11-26T18:30:00.000Z')).toBe('2026-11-27T00:00:00');
  });

  it('reads what a person typed in India time back to the instant, and refuses the rest', () => {
    expect(instantOfIndiaWallClock('2026-11-26T20:46')).toBe('2026-11-26T15:16:00.000Z');
    expect(instantOfIndiaWallClock('2026-11-26 20:45:45.180')).toBe('2026-11-26T15:15:45.180Z');
    expect(instantOfIndiaWallClock('2026-11-27T00:00:00')).toBe('2026-11-26T18:30:00.000Z');
    expect(instantOfIndiaWallClock('')).toBeUndefined();
    expect(instantOfIndiaWallClock('yesterday')).toBeUndefined();
    expect(instantOfIndiaWallClock('2026-02-30T10:00')).toBeUndefined();
  });

  it('reads a date-time a client sent: with its offset as written, without one on India’s clock', () => {
    expect(instantOfDateTime('2026-12-30T10:00:00Z')).toBe('2026-12-30T10:00:00.000Z');
    expect(instantOfDateTime('2026-12-30T15:30:00+05:30')).toBe('2026-12-30T10:00:00.000Z');
    expect(instantOfDateTime(' 2026-12-30T15:30 ')).toBe('2026-12-30T10:00:00.000Z');
    // A fraction finer than a millisecond (PostgreSQL's microseconds) is cut to the millisecond.
    expect(instantOfDateTime('2026-12-30T10:00:00.123456Z')).toBe('2026-12-30T10:00:00.123Z');
    expect(instantOfDateTime('2026-12-30 15:30:00.123456')).toBe('2026-12-30T10:00:00.123Z');
    for (const wrong of [
      '2026-02-30T10:00:00Z',
      '2026-12-30T25:00:00Z',
      'tomorrow',
      '',
      '1767088800000',
    ])
      expect(instantOfDateTime(wrong)).toBeUndefined();
  });

  it('round-trips any instant to the millisecond', () => {
    for (const instant of ['2026-01-01T00:00:00.001Z', '2026-03-31T18:29:59.999Z']) {
      expect(instantOfIndiaWallClock(indiaWallClockOf(instant, { milliseconds: true }))).toBe(
        instant,
      );
    }
  });
});

describe('a day written day first', () => {
  it('turns YYYY-MM-DD into DD-MM-YYYY, leaving anything else as it is (or empty, to show)', () => {
    expect(dayMonthYear('2001-04-09')).toBe('09-04-2001');
    expect(dayMonthYear('09-04-2001')).toBe('09-04-2001');
    expect(displayDate('2001-04-09')).toBe('09-04-2001');
    expect(displayDate('not a day')).toBe('');
  });
});
