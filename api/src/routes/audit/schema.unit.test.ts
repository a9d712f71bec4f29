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
