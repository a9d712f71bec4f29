import { LIMITS } from '@boli/engine/shared/limits';
import { useEffect, useState } from 'react';
import { useApi } from '../../app/session/useApi.ts';
import type { TrialState } from '../../payments/model/paymentTexts.ts';
import { fetchEntitlement, type Entitlement } from './api/subscriptionApi.ts';

/** What a member is taken to have when their entitlement could not be read. */
export const NO_ENTITLEMENT: Entitlement = {
  entitled: false,
  kind: null,
  endsAt: null,
  trialEndedAt: null,
};

/** Where the member's free trial stands, as the subscription's offer tells it. */
export const trialOf = (entitlement: Entitlement | null): TrialState => ({
  endsAt: entitlement?.kind === 'trial' ? entitlement.endsAt : null,
  endedAt: entitlement?.trialEndedAt ?? null,
});

/**
 * When the member's running free trial ends, if that is within `LIMITS.trialEndingNoticeHours`
 * of `nowMs`; null otherwise (a subscription, no trial, or one with longer to run).
 */
export function trialEndingSoon(entitlement: Entitlement | null, nowMs: number): string | null {
  const { endsAt } = trialOf(entitlement);
  if (!entitlement?.entitled || !endsAt) return null;
  const left = Date.parse(endsAt) - nowMs;
  return left > 0 && left <= LIMITS.trialEndingNoticeHours * 3_600_000 ? endsAt : null;
}

/**
 * What lets the member bid and sell: the subscription, the free trial or nothing; null while
 * asking, or when not `asked` (a guest has none to ask for). A failed read answers
 * `NO_ENTITLEMENT` (the screen stops waiting; the server judges each bid and ad anyway).
 */
export function useEntitlement(asked = true): Entitlement | null {
  const { request } = useApi();
  const [entitlement, setEntitlement] = useState<Entitlement | null>(null);
  useEffect(() => {
    if (!asked) return;
    const controller = new AbortController();
    fetchEntitlement(request, controller.signal).then(setEntitlement, () => {
      if (!controller.signal.aborted) setEntitlement(NO_ENTITLEMENT);
    });
    return () => controller.abort();
  }, [request, asked]);
  return asked ? entitlement : null;
}

/**
 * Whether the member is known to have neither a subscription nor a trial running: not while
 * asking, and not when it could not be read.
 */
export const knownUnentitled = (entitlement: Entitlement | null): entitlement is Entitlement =>
  entitlement !== null && entitlement !== NO_ENTITLEMENT && !entitlement.entitled;
