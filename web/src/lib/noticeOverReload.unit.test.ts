import { describe, expect, it } from 'vitest';
import { memoryStorage } from './tabStorage.ts';
import { keepNoticeOverReload, takeNoticeKeptOverReload } from './noticeOverReload.ts';

describe('a notice kept over a reload', () => {
  it('is taken once by the next page', () => {
    const store = memoryStorage();
    expect(takeNoticeKeptOverReload(store)).toBeNull();
    keepNoticeOverReload('Phone verified successfully.', store);
    expect(takeNoticeKeptOverReload(store)).toBe('Phone verified successfully.');
    expect(takeNoticeKeptOverReload(store)).toBeNull();
    expect(store.items.size).toBe(0);
  });

  it('keeps nothing when the tab refuses storage', () => {
    keepNoticeOverReload('Phone verified successfully.', null);
    expect(takeNoticeKeptOverReload(null)).toBeNull();
  });
});
