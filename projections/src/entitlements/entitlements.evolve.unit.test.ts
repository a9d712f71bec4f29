import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@boli/engine/eventStore/eventStore';
import { entitlementGrantedBy, isActiveAt, type Entitlement } from './entitlements.evolve.ts';

const recorded = (type: string, data: unknown, eventId = 'e-1'): RecordedEvent => ({
  streamId: 'account-u-1',
  streamVersion: 3,
  position: { commit: 1n, prepare: 1n },
  type,
  data,
  schemaVersion: 1,
  metadata: { eventId, now: '2026-03-01T10:00:00.000Z' },
  recordedAt: new Date('2026-03-01T10:00:00.000Z'),
  hash: '',
  prevHash: '',
});

const trial: Entitlement = {
  sourceEventId: 'e-1',
  userId: 'u-1',
  kind: 'trial',
  startsAt: '2026-03-01T10:00:00.000Z',
  endsAt: '2026-03-08T10:00:00.000Z',
};

describe('which events grant an entitlement', () => {
  it('a started trial grants a trial from its start to its end, keyed by the event', () => {
    const event = recorded('TrialStarted', {
      userId: 'u-1',
      startsAt: trial.startsAt,
      endsAt: trial.endsAt,
    });
    expect(entitlementGrantedBy(event)).toEqual(trial);
  });

  it('a fulfilled subscription purchase grants a lifetime subscription from its start', () => {
    const fulfilled = (outcome: unknown) =>
      recorded(
        'PurchaseFulfilled',
        {
          purchaseId: 'p-1',
          userId: 'u-1',
          kind: 'subscription',
          outcome,
          fulfilledAt: '2026-03-02T10:00:00.000Z',
        },
        'e-paid',
      );
    expect(
      entitlementGrantedBy(
        fulfilled({
          type: 'subscriptionActivated',
          planId: 'lifetime',
          startsAt: '2026-03-02T10:00:00.000Z',
        }),
      ),
    ).toEqual({
      sourceEventId: 'e-paid',
      userId: 'u-1',
      kind: 'subscription',
      startsAt: '2026-03-02T10:00:00.000Z',
      endsAt: null,
    });
    expect(
      entitlementGrantedBy(fulfilled({ type: 'bidPlaced', adId: 'a-1', bidId: 'b-1' })),
    ).toBeUndefined();
    expect(
      entitlementGrantedBy(fulfilled({ type: 'shareFeePaid', company: 'Tata' })),
    ).toBeUndefined();
  });

  it('other account events grant nothing', () => {
    expect(entitlementGrantedBy(recorded('MobileVerified', { userId: 'u-1' }))).toBeUndefined();
  });
});

describe('when an entitlement is active', () => {
  it('from its first instant up to, not including, its end', () => {
    expect(isActiveAt(trial, new Date('2026-03-01T09:59:59.999Z'))).toBe(false);
    expect(isActiveAt(trial, new Date(trial.startsAt))).toBe(true);
    expect(isActiveAt(trial, new Date('2026-03-08T10:00:00.000Z'))).toBe(false);
    expect(isActiveAt(trial, new Date('2026-03-08T09:59:59.999Z'))).toBe(true);
  });

  it('a lifetime entitlement never ends', () => {
    const lifetime: Entitlement = { ...trial, kind: 'subscription', endsAt: null };
    expect(isActiveAt(lifetime, new Date('2126-01-01T00:00:00.000Z'))).toBe(true);
  });
});
