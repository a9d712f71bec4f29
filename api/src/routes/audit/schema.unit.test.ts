import { describe, expect, it } from 'vitest';
import { ledgerQuery, OPEN_TO } from './schema.ts';

describe('the ledger period', () => {
  const periodOf = (query: Record<string, string>) => ledgerQuery.safeParse(query);

  it('reads a day as India’s, and `to` as the whole of its day', () => {
    const parsed = periodOf({ from: '2026-03-01', to: '2026-03-01' });
    expect(parsed.success && parsed.data.from.toISOString()).toBe('2026-02-28T18:30:00.000Z');
    expect(parsed.success && parsed.data.to.toISOString()).toBe('2026-03-01T18:30:00.000Z');
  });

  it('refuses a day the calendar has not, instead of rolling it over', () => {
    for (const day of ['2026-13-45', '2026-02-30', '2026-04-31']) {
      const parsed = periodOf({ from: day });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.path).toEqual(['from']);
    }
  });

  it('includes the whole second (or minute) a date-time `to` names, even when it is `from`', () => {
    const second = periodOf({ from: '2026-11-30T13:33:22', to: '2026-11-30T13:33:22' });
    expect(second.success && second.data.from.toISOString()).toBe('2026-11-30T08:03:22.000Z');
    expect(second.success && second.data.to.toISOString()).toBe('2026-11-30T08:03:23.000Z');
    const minute = periodOf({ to: '2026-11-30T19:03' });
    expect(minute.success && minute.data.to.toISOString()).toBe('2026-11-30T13:34:00.000Z');
    const millisecond = periodOf({ to: '2026-11-30T13:33:22.634Z' });
    expect(millisecond.success && millisecond.data.to.toISOString()).toBe(
      '2026-11-30T13:33:22.635Z',
    );
  });

  it('takes a date-time with its offset, and one without on India’s clock', () => {
    const withOffset = periodOf({ from: '2026-11-28T10:55:00Z' });
    expect(withOffset.success && withOffset.data.from.toISOString()).toBe(
      '2026-11-28T10:55:00.000Z',
    );
    const wallClock = periodOf({ from: '2026-11-28T10:55:00' });
    expect(wallClock.success && wallClock.data.from.toISOString()).toBe('2026-11-28T05:25:00.000Z');
    expect(wallClock.success && wallClock.data.to).toEqual(OPEN_TO);
    expect(periodOf({ from: '2026-02-30T10:00:00Z' }).success).toBe(false);
    expect(periodOf({ from: 'yesterday' }).success).toBe(false);
  });
});
