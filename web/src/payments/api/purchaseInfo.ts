import type { PurchaseKind } from '@boli/engine/billing/products';
import { isRecord } from '../../lib/records.ts';

/*
 * The purchase info every payment answer carries (contracts-payments.md §3): amounts in rupees,
 * the tax lines, where the purchase stands, and the options the checkout script is opened with.
 */

export const PURCHASE_STATUSES = [
  'created',
  'ordered',
  'failed',
  'captured',
  'fulfilled',
  'refundPending',
  'refunded',
  'expired',
] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

/** Price, tax and total: either SGST + CGST (buyer in the supplier's state) or IGST. */
export type TaxBreakup = {
  totalPrice: number;
  taxSGSTPercent: number;
  taxCGSTPercent: number;
  taxIGSTPercent: number;
  taxSGSTAmount: number;
  taxCGSTAmount: number;
  taxIGSTAmount: number;
  totalPriceAfterTax: number;
};

/** What `new window.Razorpay(options)` is given (amount in paise). */
export type CheckoutOptions = {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  prefill: { name?: string; email?: string; contact?: string };
};

export type PurchaseInfo = TaxBreakup & {
  /** null for a quote (no purchase made yet). */
  _id: string | null;
  kind: PurchaseKind | null;
  name: string;
  status: PurchaseStatus | null;
  razorpay_order_id: string | null;
  /** Why it stands where it stands, when the server says (a refund's reason, say). */
  message: string | null;
  checkout: CheckoutOptions | null;
  adjustedFinalPayment: number | null;
};

/** What the checkout hands the page after a payment. */
export type CheckoutResponse = {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== ''
    ? value
    : typeof value === 'number'
      ? String(value)
      : null;

/** A money or percent field: a number, or a numeric string; absent tax lines are 0. */
export function amountOf(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

export function parseTaxBreakup(data: Record<string, unknown>): TaxBreakup {
  return {
    totalPrice: amountOf(data.totalPrice),
    taxSGSTPercent: amountOf(data.taxSGSTPercent),
    taxCGSTPercent: amountOf(data.taxCGSTPercent),
    taxIGSTPercent: amountOf(data.taxIGSTPercent),
    taxSGSTAmount: amountOf(data.taxSGSTAmount),
    taxCGSTAmount: amountOf(data.taxCGSTAmount),
    taxIGSTAmount: amountOf(data.taxIGSTAmount),
    totalPriceAfterTax: amountOf(data.totalPriceAfterTax),
  };
}

function parseCheckout(data: unknown): CheckoutOptions | null {
  if (!isRecord(data)) return null;
  const orderId = text(data.order_id);
  const key = text(data.key);
  if (!orderId || !key) return null;
  const prefill = isRecord(data.prefill) ? data.prefill : {};
  return {
    key,
    amount: amountOf(data.amount),
    currency: text(data.currency) ?? 'INR',
    order_id: orderId,
    name: text(data.name) ?? 'Boli',
    description: text(data.description) ?? '',
    prefill: {
      ...(text(prefill.name) ? { name: String(prefill.name) } : {}),
      ...(text(prefill.email) ? { email: String(prefill.email) } : {}),
      ...(text(prefill.contact) ? { contact: String(prefill.contact) } : {}),
    },
  };
}

const isStatus = (value: unknown): value is PurchaseStatus =>
  (PURCHASE_STATUSES as readonly unknown[]).includes(value);

/** An answer's data as purchase info, or null when it is not one. */
export function parsePurchaseInfo(data: unknown): PurchaseInfo | null {
  if (!isRecord(data) || !('totalPriceAfterTax' in data)) return null;
  return {
    ...parseTaxBreakup(data),
    _id: text(data._id) ?? text(data.cart_id) ?? text(data.purchaseId),
    kind: (text(data.kind) as PurchaseKind | null) ?? null,
    name: text(data.name) ?? '',
    status: isStatus(data.status) ? data.status : null,
    razorpay_order_id: text(data.razorpay_order_id),
    message: text(data.message),
    checkout: parseCheckout(data.checkout),
    adjustedFinalPayment:
      data.adjustedFinalPayment === undefined || data.adjustedFinalPayment === null
        ? null
        : amountOf(data.adjustedFinalPayment),
  };
}

/**
 * Where a purchase has got to, as the payment screens see it: paid (fulfilled — the subscription
 * is active, the bid placed), refunded (money went back, e.g. bidding closed meanwhile), failed
 * (nothing was taken), or pending (the gateway or our own follow-up has not settled it yet).
 */
export type Settlement = 'paid' | 'refunded' | 'failed' | 'pending';

export function settlementOf(status: PurchaseStatus | null): Settlement {
  switch (status) {
    case 'fulfilled':
      return 'paid';
    case 'refundPending':
    case 'refunded':
      return 'refunded';
    case 'failed':
    case 'expired':
      return 'failed';
    case 'created':
    case 'ordered':
    case 'captured':
    case null:
      return 'pending';
    default: {
      const unknown: never = status;
      return unknown;
    }
  }
}

/** Paid, or refunded: the money moved and nothing is left to pay. */
export const moneyMoved = (status: PurchaseStatus | null): boolean => {
  const settlement = settlementOf(status);
  return settlement === 'paid' || settlement === 'refunded';
};
