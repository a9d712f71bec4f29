import type { CreditNoteIssued, InvoiceIssued } from '@boli/engine/billing/invoice.events';
import { creditNoteNumber, invoiceNumber } from '@boli/engine/billing/invoice.rules';
import type { PurchaseKind } from '@boli/engine/billing/products';
import type {
  Buyer,
  PurchaseCreated,
  PurchaseEvent,
  PurchaseSubject,
  RefundReason,
  Supplier,
} from '@boli/engine/billing/purchase.events';
import { taxLine } from '@boli/engine/billing/tax';

/*
 * Billing events for the read models' tests: a purchase priced and taxed by the engine's own tax
 * rule, and the facts that follow it. Times are minutes after T0.
 */

export const T0 = '2026-04-02T10:00:00.000Z';
export const at = (minutes: number): string =>
  new Date(Date.parse(T0) + minutes * 60_000).toISOString();

export const SUPPLIER: Supplier = {
  name: 'Boli Marketplace Pvt Ltd',
  gstin: '27AABCB1234F1Z5',
  state: 'Maharashtra',
  address: 'Pune',
};

export const buyer = (userId: string, state = 'Maharashtra'): Buyer => ({
  userId,
  username: userId,
  name: `Member ${userId}`,
  email: `${userId}@example.in`,
  phone: '9876543210',
  address: 'MG Road',
  state,
  country: 'India',
});

const SUBJECTS: Record<PurchaseKind, PurchaseSubject> = {
  subscription: { kind: 'subscription', planId: 'lifetime' },
  bidFee: {
    kind: 'bidFee',
    adId: 'ad-1',
    bidamt: 150_000_00,
    type: 'Open',
    bidAlias: 'bluekite',
    itemName: 'Maruti Swift',
  },
  shareFee: { kind: 'shareFee', company: 'Tata Motors', bidamt: 5_000_00, type: null },
  adSpace: { kind: 'adSpace', spaceType: 'sidePanels', cycle: 'monthly', spaceId: 's-1' },
  adSlot: {
    kind: 'adSlot',
    spaceType: 'authPages',
    slotdate: '2026-05-10',
    bidId: 'sb-1',
    bidamt: 250_000_00,
    company: 'Asha Sweets',
  },
};

const PRODUCT = {
  subscription: { productKey: 'subscription:lifetime', name: 'Lifetime Subscription' },
  bidFee: { productKey: 'bidFee', name: 'Bid processing fee' },
  shareFee: { productKey: 'shareFee', name: 'Buy-share bid fee' },
  adSpace: { productKey: 'adSpace:sidePanels:monthly', name: 'Ad space: Side panels, Monthly' },
  adSlot: { productKey: 'adSlot:authPages', name: 'Ad slot: Auth pages, 10-05-2026' },
} as const;

/** PurchaseCreated for `userId`, one line of `price` paise taxed at 18 %. */
export function purchaseCreated(
  purchaseId: string,
  options: {
    userId?: string;
    kind?: PurchaseKind;
    price?: number;
    buyerState?: string;
    createdAt?: string;
    expiresAt?: string;
  } = {},
): PurchaseCreated {
  const kind = options.kind ?? 'subscription';
  const price = options.price ?? 999_00;
  const tax = taxLine({
    pricePaise: price,
    rates: { gstBasisPoints: 1800 },
    supplierState: SUPPLIER.state,
    buyerState: options.buyerState ?? 'Maharashtra',
  });
  const createdAt = options.createdAt ?? T0;
  return {
    type: 'PurchaseCreated',
    data: {
      purchaseId,
      kind,
      subject: SUBJECTS[kind],
      buyer: buyer(options.userId ?? 'u-asha', options.buyerState ?? 'Maharashtra'),
      supplier: SUPPLIER,
      lines: [
        { ...tax, ...PRODUCT[kind], sac: '998599', cycle: null },
      ] as PurchaseCreated['data']['lines'],
      totals: tax,
      createdAt,
      expiresAt: options.expiresAt ?? new Date(Date.parse(createdAt) + 30 * 60_000).toISOString(),
    },
  };
}

export const orderCreated = (purchaseId: string, amount: number, minute = 1): PurchaseEvent => ({
  type: 'OrderCreated',
  data: {
    purchaseId,
    provider: 'razorpay',
    orderId: `order_${purchaseId}`,
    amount,
    currency: 'INR',
    createdAt: at(minute),
  },
});

export const paymentCaptured = (
  purchaseId: string,
  paymentId: string,
  amount: number,
  { minute = 2, duplicate = false } = {},
): PurchaseEvent => ({
  type: 'PaymentCaptured',
  data: {
    purchaseId,
    orderId: `order_${purchaseId}`,
    paymentId,
    amount,
    method: 'upi',
    capturedAt: at(minute),
    source: 'webhook',
    duplicate,
  },
});

export const paymentFailed = (
  purchaseId: string,
  paymentId: string,
  minute = 2,
): PurchaseEvent => ({
  type: 'PaymentFailed',
  data: {
    purchaseId,
    orderId: `order_${purchaseId}`,
    paymentId,
    method: 'card',
    errorCode: 'BAD_REQUEST_ERROR',
    errorDescription: 'Payment failed',
    failedAt: at(minute),
    source: 'checkout',
  },
});

export const purchaseFulfilled = (
  purchaseId: string,
  userId = 'u-asha',
  minute = 3,
): PurchaseEvent => ({
  type: 'PurchaseFulfilled',
  data: {
    purchaseId,
    userId,
    kind: 'subscription',
    outcome: { type: 'subscriptionActivated', planId: 'lifetime', startsAt: at(minute) },
    fulfilledAt: at(minute),
  },
});

export const refundRequested = (
  purchaseId: string,
  paymentId: string,
  amount: number,
  {
    minute = 4,
    reason = 'biddingClosed',
    userId = 'u-asha',
  }: { minute?: number; reason?: RefundReason; userId?: string } = {},
): PurchaseEvent => ({
  type: 'RefundRequested',
  data: {
    purchaseId,
    userId,
    paymentId,
    amount,
    reason,
    message: 'Bidding had closed; your fee will be refunded.',
    requestedAt: at(minute),
  },
});

export const paymentRefunded = (
  purchaseId: string,
  paymentId: string,
  amount: number,
  { minute = 5, userId = 'u-asha' } = {},
): PurchaseEvent => ({
  type: 'PaymentRefunded',
  data: {
    purchaseId,
    userId,
    paymentId,
    refundId: `rfnd_${paymentId}`,
    amount,
    refundedAt: at(minute),
  },
});

export const purchaseExpired = (purchaseId: string, minute = 31): PurchaseEvent => ({
  type: 'PurchaseExpired',
  data: { purchaseId, expiredAt: at(minute) },
});

export const invoiceIssued = (
  purchaseId: string,
  sequence: number,
  { financialYear = '2026-27', minute = 3 } = {},
): InvoiceIssued => ({
  type: 'InvoiceIssued',
  data: {
    invoiceNumber: invoiceNumber(financialYear, sequence),
    financialYear,
    sequence,
    purchaseId,
    issuedAt: at(minute),
  },
});

export const creditNoteIssued = (
  purchaseId: string,
  sequence: number,
  {
    financialYear = '2026-27',
    minute = 7,
    paymentId = 'pay_1',
    amount = 0,
    invoice = undefined as string | undefined,
  } = {},
): CreditNoteIssued => ({
  type: 'CreditNoteIssued',
  data: {
    creditNoteNumber: creditNoteNumber(financialYear, sequence),
    financialYear,
    sequence,
    purchaseId,
    invoiceNumber: invoice ?? invoiceNumber(financialYear, 1),
    paymentId,
    refundId: `rfnd_${paymentId}`,
    amount,
    issuedAt: at(minute),
  },
});
