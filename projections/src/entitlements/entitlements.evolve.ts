import type { PurchaseFulfilled } from '@boli/engine/billing/purchase.events';
import type { RecordedEvent } from '@boli/engine/eventStore/eventStore';

/*
 * What grants a member the right to bid and sell. Each granting event becomes one entitlement,
 * keyed by the event's id, so replaying the log writes the same rows again: a started trial, and
 * a fulfilled subscription purchase (kind 'subscription', `endsAt` null: lifetime).
 */

export const ENTITLEMENT_KINDS = ['trial', 'subscription'] as const;
export type EntitlementKind = (typeof ENTITLEMENT_KINDS)[number];

export type Entitlement = {
  /** The id of the event that granted it. */
  readonly sourceEventId: string;
  readonly userId: string;
  readonly kind: EntitlementKind;
  /** ISO-8601. */
  readonly startsAt: string;
  /** ISO-8601, exclusive; null: never ends (lifetime). */
  readonly endsAt: string | null;
};

/** Event types that grant an entitlement. */
export const ENTITLEMENT_EVENT_TYPES = ['TrialStarted', 'PurchaseFulfilled'] as const;

/** The entitlement an event grants, or undefined when it grants none. */
export function entitlementGrantedBy(event: RecordedEvent): Entitlement | undefined {
  switch (event.type) {
    case 'TrialStarted': {
      const data = event.data as { userId: string; startsAt: string; endsAt: string };
      return {
        sourceEventId: event.metadata.eventId,
        userId: data.userId,
        kind: 'trial',
        startsAt: data.startsAt,
        endsAt: data.endsAt,
      };
    }
    case 'PurchaseFulfilled': {
      // Only an activated subscription grants; a placed bid or an ad space does not. The one
      // plan is lifetime, so it never ends.
      const { userId, outcome } = event.data as PurchaseFulfilled['data'];
      if (outcome.type !== 'subscriptionActivated') return undefined;
      return {
        sourceEventId: event.metadata.eventId,
        userId,
        kind: 'subscription',
        startsAt: outcome.startsAt,
        endsAt: null,
      };
    }
    default:
      return undefined;
  }
}

/** Active at `at`: started at or before it and not yet ended (the end instant is excluded). */
export const isActiveAt = (entitlement: Entitlement, at: Date): boolean =>
  Date.parse(entitlement.startsAt) <= at.getTime() &&
  (entitlement.endsAt === null || at.getTime() < Date.parse(entitlement.endsAt));
