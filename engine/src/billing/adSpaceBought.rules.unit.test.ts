import { describe, expect, it } from 'vitest';
import { adSpaceKeyOfSubject, boughtSinceStarted } from './adSpaceBought.rules.ts';

describe('an ad space left unpaid, and bought since', () => {
  const started = '2026-12-01T03:00:00.000Z';

  it('is bought since when the same space was paid for after it was started', () => {
    expect(boughtSinceStarted(started, '2026-12-01T03:21:00.000Z')).toBe(true);
  });

  it('is still wanted when the space was paid for before, or never', () => {
    // A member who owns the space and starts buying a second one means it.
    expect(boughtSinceStarted(started, '2026-12-01T02:59:59.999Z')).toBe(false);
    expect(boughtSinceStarted(started, undefined)).toBe(false);
  });

  it('tells spaces apart by type and cycle', () => {
    const key = adSpaceKeyOfSubject({ spaceType: 'betweenPosts', cycle: 'quarterly' });
    expect(key).not.toBe(adSpaceKeyOfSubject({ spaceType: 'betweenPosts', cycle: 'monthly' }));
    expect(key).not.toBe(adSpaceKeyOfSubject({ spaceType: 'inStream', cycle: 'quarterly' }));
  });
});
