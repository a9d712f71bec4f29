import type { NewEventMetadata } from '../eventStore/eventStore.ts';
import type { PurchaseCommand } from './purchase.commands.ts';
import type { Buyer, PurchaseCreated, PurchaseEvent, Supplier } from './purchase.events.ts';
import { DEFAULT_PRICES } from './prices.ts';
import { quoteLine, type BillingSettings } from './quote.ts';

/** Shared test data for the billing context: one supplier in Karnataka, buyers either side. */

export const T0 = '2026-11-21T10:00:00.000Z';
export const at = (minutes: number): string =>
  new Date(Date.parse(T0) + minutes * 60_000).toISOString();

export const SUPPLIER: Supplier = {
  name: 'Boli Marketplace Pvt Ltd',
  gstin: '29AAACB1234C1Z5',
  state: 'Karnataka',
  address: '1 MG Road, Bengaluru 560001',
};

export const SETTINGS: BillingSettings = { supplier: SUPPLIER, rates: { gstBasisPoints: 1800 } };

export const buyerIn = (state: string): Buyer => ({
  userId: 'u-asha',
  username: 'ashak',
  name: 'Asha K',
  email: 'asha@example.com',
  phone: '9876543210',
  address: '12 Lake Road, Mysuru',
  state,
  country: 'India',
});

export const metadata = (now = T0, eventId = `e-${now}`): NewEventMetadata => ({
  eventId,
  now,
  actor: { userId: 'u-asha', role: 'member' },
});

export const PURCHASE_ID = 'p-1';
export const ORDER_ID = 'order_1';

export const lifetimeLine = (buyerState = 'Karnataka') =>
  quoteLine({
    productKey: 'subscription:lifetime',
    prices: DEFAULT_PRICES,
    settings: SETTINGS,
    buyerState,
  });

export const createSubscription = (buyerState = 'Karnataka', now = T0): PurchaseCommand => ({
  type: 'CreatePurchase',
  data: {
    purchaseId: PURCHASE_ID,
    subject: { kind: 'subscription', planId: 'lifetime' },
    buyer: buyerIn(buyerState),
    supplier: SUPPLIER,
    lines: [lifetimeLine(buyerState)],
    expiresAt: at(60),
  },
  metadata: metadata(now),
});

export const subscriptionCreated = (buyerState = 'Karnataka'): PurchaseCreated => {
  const line = lifetimeLine(buyerState);
  const { productKey: _k, name: _n, sac: _s, cycle: _c, ...totals } = line;
  return {
    type: 'PurchaseCreated',
    data: {
      purchaseId: PURCHASE_ID,
      kind: 'subscription',
      subject: { kind: 'subscription', planId: 'lifetime' },
      buyer: buyerIn(buyerState),
      supplier: SUPPLIER,
      lines: [line],
      totals,
      createdAt: T0,
      expiresAt: at(60),
    },
  };
};

export const TOTAL = lifetimeLine().total;

/** A bid processing fee's subject: an Open bid of ₹1,500 as 'kite' on ad-1, the "Sitar". */
export const BID_FEE_SUBJECT = {
  kind: 'bidFee',
  adId: 'ad-1',
  bidamt: 150_000,
  type: 'Open',
  bidAlias: 'kite',
  itemName: 'Sitar',
} as const;

export const orderCreated = (): PurchaseEvent => ({
  type: 'OrderCreated',
  data: {
    purchaseId: PURCHASE_ID,
    provider: 'razorpay',
    orderId: ORDER_ID,
    amount: TOTAL,
    currency: 'INR',
    createdAt: T0,
  },
});

export const captured = (
  paymentId = 'pay_1',
  options: { duplicate?: boolean; amount?: number; now?: string } = {},
): PurchaseEvent => ({
  type: 'PaymentCaptured',
  data: {
    purchaseId: PURCHASE_ID,
    orderId: ORDER_ID,
    paymentId,
    amount: options.amount ?? TOTAL,
    method: 'upi',
    capturedAt: options.now ?? at(1),
    source: 'checkout',
    duplicate: options.duplicate ?? false,
  },
});

export const capture = (
  paymentId = 'pay_1',
  options: { orderId?: string; amount?: number; now?: string } = {},
): PurchaseCommand => ({
  type: 'RecordPaymentCapture',
  data: {
    orderId: options.orderId ?? ORDER_ID,
    paymentId,
    amount: options.amount ?? TOTAL,
    method: 'upi',
    source: 'checkout',
  },
  metadata: metadata(options.now ?? at(1)),
});
