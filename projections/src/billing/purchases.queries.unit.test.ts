import { describe, expect, it } from 'vitest';
import { otherDateForm } from './purchases.queries.ts';

describe('otherDateForm', () => {
  it('writes a day the other way, so a search finds slots named either way', () => {
    expect(otherDateForm('10-05-2026')).toBe('2026-05-10');
    expect(otherDateForm('2026-05-10')).toBe('10-05-2026');
  });
  it('is null for anything else', () => {
    for (const text of ['10-05-26', 'pay_10-05-2026', '2026-05-10 10:00', 'ashaka']) {
      expect(otherDateForm(text)).toBeNull();
    }
  });
});
