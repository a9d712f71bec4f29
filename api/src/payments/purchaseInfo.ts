import { BILLING_MESSAGES } from '@boli/engine/billing/billing.messages';
import type { PurchaseKind } from '@boli/engine/billing/products';
import { mainPayment, statusOf, type PurchaseState } from '@boli/engine/billing/purchase.state';
import type { PurchaseStatus } from '@boli/engine/billing/purchase.machine';
import { basisPointsToPercent, type TaxBreakdown } from '@boli/engine/billing/tax';
import { paiseToRupees } from '@boli/engine/shared/money';

/*
 * Section 3's "Purchase info" as the api answers it: the spec's fields in rupees, the IGST fields
 * beside them (a buyer in another state pays IGST instead), where the purchase stands, and the
 * options the web app hands to the checkout script.
 */

export type Quote = {
  kind: PurchaseKind;
  name: string;
  totalPrice: number;
  taxSGSTPercent: number;
  taxCGSTPercent: number;
  taxIGSTPercent: number;
  taxSGSTAmount: number;
  taxCGSTAmount: number;
  taxIGSTAmount: number;
  totalPriceAfterTax: number;
};

export type CheckoutOptions = {
  key: string;
  /** Paise: what the provider charges (section 9: the amount × 100). */
  amount: number;
  currency: 'INR';
  order_id: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
};

export type PurchaseInfo = Quote & {
  _id: string;
  status: Exclude<PurchaseStatus, 'none'>;
  razorpay_order_id: string | null;
  /** What is payable now: no credit applies to a lifetime plan, so the total after tax. */
  adjustedFinalPayment: number;
  message: string | null;
  checkout: CheckoutOptions | null;
  createdAt: string;
};

export const MERCHANT_NAME = 'Boli';

export function quoteOf(kind: PurchaseKind, name: string, totals: TaxBreakdown): Quote {
  return {
    kind,
    name,
    totalPrice: paiseToRupees(totals.price),
    taxSGSTPercent: basisPointsToPercent(totals.sgstBasisPoints),
    taxCGSTPercent: basisPointsToPercent(totals.cgstBasisPoints),
    taxIGSTPercent: basisPointsToPercent(totals.igstBasisPoints),
    taxSGSTAmount: paiseToRupees(totals.sgst),
    taxCGSTAmount: paiseToRupees(totals.cgst),
    taxIGSTAmount: paiseToRupees(totals.igst),
    totalPriceAfterTax: paiseToRupees(totals.total),
  };
}

/** The words for where a purchase stands, for the screens. */
export function messageOf(state: PurchaseState): string | null {
  const status = statusOf(state);
  const refund = mainPayment(state)?.refundMessage;
  switch (status) {
    case 'fulfilled':
      return BILLING_MESSAGES.paymentSuccessful;
    case 'captured':
      return BILLING_MESSAGES.paymentPending;
    case 'ordered':
    case 'created':
      return null;
    case 'failed':
      return BILLING_MESSAGES.paymentFailed;
    case 'expired':
      return BILLING_MESSAGES.purchaseExpired;
    case 'refundPending':
    case 'refunded':
      return refund ?? BILLING_MESSAGES.refundProcessed;
    case 'none':
      return null;
  }
}

export function purchaseInfoOf(state: PurchaseState, keyId: string): PurchaseInfo {
  const purchase = state.purchase;
  if (purchase === null) throw new Error('no purchase');
  const status = statusOf(state);
  const firstLine = purchase.lines[0]!;
  const quote = quoteOf(purchase.kind, firstLine.name, purchase.totals);
  return {
    _id: purchase.purchaseId,
    ...quote,
    status: status === 'none' ? 'created' : status,
    razorpay_order_id: state.order?.orderId ?? null,
    adjustedFinalPayment: quote.totalPriceAfterTax,
    message: messageOf(state),
    createdAt: purchase.createdAt,
    checkout:
      state.order === null
        ? null
        : {
            key: keyId,
            amount: state.order.amount,
            currency: 'INR',
            order_id: state.order.orderId,
            name: MERCHANT_NAME,
            description: firstLine.name,
            prefill: {
              name: purchase.buyer.name,
              email: purchase.buyer.email,
              contact: purchase.buyer.phone,
            },
          },
  };
}
