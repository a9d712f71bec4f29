import type { ApiEnvelopeRequest, ApiRequest } from '../../../app/session/useApi.ts';
import {
  confirmationOf,
  purchaseInfoOrFail,
  type Confirmation,
} from '../../../payments/api/paymentsApi.ts';
import {
  amountOf,
  type CheckoutResponse,
  type PurchaseInfo,
} from '../../../payments/api/purchaseInfo.ts';
import { isRecord } from '../../../lib/records.ts';

/* The subscription calls (spec section 7, "Subscriptions"; contracts-payments.md §3). */

export type Plan = {
  _id: string;
  name: string;
  price: number;
  totalPriceAfterTax: number;
  features: string[];
};

export type ActiveSubscription = { _id: string; planId: string; name: string; startDate: string };

const list = (data: unknown): unknown[] =>
  Array.isArray(data) ? data : isRecord(data) && Array.isArray(data.data) ? data.data : [];

/** GET /api/cart/subscription: the plans on sale. */
export async function fetchPlans(request: ApiRequest, signal?: AbortSignal): Promise<Plan[]> {
  return list(await request<unknown>('/api/cart/subscription', { signal }))
    .filter(isRecord)
    .map((plan) => ({
      _id: String(plan._id ?? ''),
      name: String(plan.name ?? ''),
      price: amountOf(plan.price),
      totalPriceAfterTax: amountOf(plan.totalPriceAfterTax),
      features: Array.isArray(plan.features) ? plan.features.map(String) : [],
    }))
    .filter((plan) => plan._id !== '');
}

/** GET /api/cart/subscription/list?status=active. */
export async function fetchActiveSubscriptions(
  request: ApiRequest,
  signal?: AbortSignal,
): Promise<ActiveSubscription[]> {
  const data = await request<unknown>('/api/cart/subscription/list', {
    query: { status: 'active' },
    signal,
  });
  return list(data)
    .filter(isRecord)
    .filter((row) => row.status === undefined || row.status === 'active')
    .map((row) => ({
      _id: String(row._id ?? ''),
      planId: String(row.planId ?? ''),
      name: String(row.name ?? ''),
      startDate: String(row.startDate ?? ''),
    }));
}

/** What lets the member bid and sell now: the lifetime subscription, the free trial, or nothing. */
export type Entitlement = {
  entitled: boolean;
  kind: 'subscription' | 'trial' | null;
  /** When a trial ends (ISO); null for the lifetime subscription or none. */
  endsAt: string | null;
  /** With nothing active: when the member's free trial ended (ISO), if it did. */
  trialEndedAt: string | null;
};

/** GET /api/cart/subscription/entitlement (docs/api/payments.md). */
export async function fetchEntitlement(
  request: ApiRequest,
  signal?: AbortSignal,
): Promise<Entitlement> {
  const data = await request<unknown>('/api/cart/subscription/entitlement', { signal });
  const row = isRecord(data) ? data : {};
  const kind = row.kind === 'subscription' || row.kind === 'trial' ? row.kind : null;
  return {
    entitled: row.entitled === true,
    kind,
    endsAt: typeof row.endsAt === 'string' ? row.endsAt : null,
    trialEndedAt: typeof row.trialEndedAt === 'string' ? row.trialEndedAt : null,
  };
}

/** GET /api/cart/subscription/purchaseInfo/:planId: the plan's price breakup; records nothing. */
export async function quotePlan(request: ApiRequest, planId: string): Promise<PurchaseInfo> {
  return purchaseInfoOrFail(
    await request<unknown>(`/api/cart/subscription/purchaseInfo/${encodeURIComponent(planId)}`),
  );
}

/** GET /api/cart/add/:planId/web: the cart (a purchase with its order) and its breakup. */
export async function addPlanToCart(request: ApiRequest, planId: string): Promise<PurchaseInfo> {
  return purchaseInfoOrFail(
    await request<unknown>(`/api/cart/add/${encodeURIComponent(planId)}/web`),
  );
}

/** POST /api/cart/payment/: the success call; msg 'Payment successful.' once active. */
export async function payCart(
  envelope: ApiEnvelopeRequest,
  cartId: string,
  response: CheckoutResponse,
): Promise<Confirmation> {
  return confirmationOf(
    await envelope<unknown>('/api/cart/payment/', { json: { ...response, cart_id: cartId } }),
  );
}
