import type { Command } from '../shared/decider.ts';
import type {
  Buyer,
  FulfilmentOutcome,
  PaymentSource,
  PurchaseLine,
  PurchaseSubject,
  RefundReason,
  Supplier,
} from './purchase.events.ts';

/** Prices and taxes are worked out before (billing/quote.ts); the decider checks they add up. */
export type CreatePurchase = Command<
  'CreatePurchase',
  {
    readonly purchaseId: string;
    readonly subject: PurchaseSubject;
    readonly buyer: Buyer;
    readonly supplier: Supplier;
    readonly lines: readonly PurchaseLine[];
    readonly expiresAt: string;
    /** The provider order already opened for the total, recorded with the purchase in one append. */
    readonly order?: OrderDetails;
  }
>;

/** A provider order as the purchase records it. */
export type OrderDetails = {
  readonly orderId: string;
  readonly amount: number;
  readonly currency: 'INR';
};

export type RecordPaymentCapture = Command<
  'RecordPaymentCapture',
  {
    readonly orderId: string;
    readonly paymentId: string;
    readonly amount: number;
    readonly method: string;
    readonly source: PaymentSource;
  }
>;

export type RecordPaymentFailure = Command<
  'RecordPaymentFailure',
  {
    readonly orderId: string;
    readonly paymentId: string;
    /** How the member tried to pay (card, upi, netbanking …), as the gateway reports it. */
    readonly method: string;
    readonly errorCode: string;
    readonly errorDescription: string;
    readonly source: PaymentSource;
  }
>;

export type FulfilPurchase = Command<'FulfilPurchase', { readonly outcome: FulfilmentOutcome }>;

export type RequestRefund = Command<
  'RequestRefund',
  { readonly paymentId: string; readonly reason: RefundReason; readonly message: string }
>;

export type RecordRefund = Command<
  'RecordRefund',
  { readonly paymentId: string; readonly refundId: string; readonly amount: number }
>;

export type ExpirePurchase = Command<'ExpirePurchase', Record<string, never>>;

export type PurchaseCommand =
  | CreatePurchase
  | RecordPaymentCapture
  | RecordPaymentFailure
  | FulfilPurchase
  | RequestRefund
  | RecordRefund
  | ExpirePurchase;

export const PURCHASE_COMMAND_TYPES = [
  'CreatePurchase',
  'RecordPaymentCapture',
  'RecordPaymentFailure',
  'FulfilPurchase',
  'RequestRefund',
  'RecordRefund',
  'ExpirePurchase',
] as const satisfies readonly PurchaseCommand['type'][];
export type PurchaseCommandType = (typeof PURCHASE_COMMAND_TYPES)[number];
