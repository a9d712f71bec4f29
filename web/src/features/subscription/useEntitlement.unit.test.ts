import { describe, expect, it } from 'vitest';
import { LIMITS } from '@boli/engine/shared/limits';
import type { Entitlement } from './api/subscriptionApi.ts';
import { NO_ENTITLEMENT, trialEndingSoon } from './useEntitlement.ts';

const NOW = Date.parse('2026-12-08T06:00:00.000Z');
const HOUR = 3_600_000;
const trialEnding = (inMs: number): Entitlement => ({
  entitled: true,
  kind: 'trial',
  endsAt: new Date(NOW + inMs).toISOString(),
  trialEndedAt: null,
});

describe('a free trial near its end', () => {
  it('is one that ends within the notice window', () => {
    const window = LIMITS.trialEndingNoticeHours * HOUR;
    expect(trialEndingSoon(trialEnding(HOUR), NOW)).toBe(trialEnding(HOUR).endsAt);
    expect(trialEndingSoon(trialEnding(window), NOW)).toBe(trialEnding(window).endsAt);
    expect(trialEndingSoon(trialEnding(window + 1), NOW)).toBeNull();
  });

  it('is none once it ended, for a subscription, or when nothing is known', () => {
    expect(trialEndingSoon(trialEnding(0), NOW)).toBeNull();
    const subscribed: Entitlement = { ...trialEnding(HOUR), kind: 'subscription', endsAt: null };
    expect(trialEndingSoon(subscribed, NOW)).toBeNull();
    expect(trialEndingSoon(NO_ENTITLEMENT, NOW)).toBeNull();
    expect(trialEndingSoon(null, NOW)).toBeNull();
  });
});
