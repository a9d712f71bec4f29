import type { DomainEvent } from '../shared/decider.ts';
import type { SlotSpaceType } from '../adspace/adSpace.rules.ts';
import type { AdSpaceCycle, AdSpaceType, LineProductKey, PurchaseKind } from './products.ts';
import type { TaxBreakdown } from './tax.ts';

/*
 * The facts of one purchase (issue #7): created with its price and tax lines → an order at the
 * payment provider → payments captured or failed → fulfilled (subscription activated, bid
 * placed …), or refunded, or expired unpaid. Money is integer paise; instants are ISO-8601 from
 * the command's `metadata.now` (or the provider's own time for what it reports).
 */

export const purchaseStream = (purchaseId: string): string => `purchase-${purchaseId}`;

/** One line of a purchase: what, and its tax (tax.ts's rule, per line). */
export type PurchaseLine = TaxBreakdown & {
  readonly productKey: LineProductKey;
  readonly name: string;
  /** Services accounting code printed on the invoice. */
  readonly sac: string;
  /** Ad space only. */
  readonly cycle: AdSpaceCycle | null;
};

/** Who buys: copied from the profile at purchase time, as the invoice must show it. */
export type Buyer = {
  readonly userId: string;
  readonly username: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string;
  readonly address: string;
  /** Place of supply; '' when the profile has no state (taxed as intra-state). */
  readonly state: string;
  readonly country: string;
};

export type Supplier = {
  readonly name: string;
  readonly gstin: string;
  readonly state: string;
  readonly address: string;
};

/** What the purchase pays for, by kind. */
export type PurchaseSubject =
  | { readonly kind: 'subscription'; readonly planId: string }
  | {
      readonly kind: 'bidFee';
      readonly adId: string;
      /** The bid to place once paid: amount in paise. */
      readonly bidamt: number;
      readonly type: 'Open' | 'Hidden' | null;
      readonly bidAlias: string;
      readonly itemName: string;
    }
  | {
      readonly kind: 'shareFee';
      readonly company: string;
      readonly bidamt: number;
      readonly type: 'Open' | 'Hidden' | null;
    }
  | {
      readonly kind: 'adSpace';
      readonly spaceType: AdSpaceType;
      readonly cycle: AdSpaceCycle;
      readonly spaceId: string;
    }
  | {
      /** A slot offered to its bidder (the system starts this purchase, not a checkout). */
      readonly kind: 'adSlot';
      readonly spaceType: SlotSpaceType;
      readonly slotdate: string;
      readonly bidId: string;
      /** The bid's amount, paise: the line's price. */
      readonly bidamt: number;
      readonly company: string;
    };

export type PurchaseCreated = DomainEvent<
  'PurchaseCreated',
  {
    readonly purchaseId: string;
    readonly kind: PurchaseKind;
    readonly subject: PurchaseSubject;
    readonly buyer: Buyer;
    readonly supplier: Supplier;
    readonly lines: readonly PurchaseLine[];
    /** Sum of the lines. */
    readonly totals: TaxBreakdown;
    readonly createdAt: string;
    /** Unpaid after this instant, the purchase expires (the reconciler checks first). */
    readonly expiresAt: string;
  }
>;

export type OrderCreated = DomainEvent<
  'OrderCreated',
  {
    readonly purchaseId: string;
    readonly provider: 'razorpay';
    readonly orderId: string;
    /** Paise, as sent to the provider. */
    readonly amount: number;
    readonly currency: 'INR';
    readonly createdAt: string;
  }
>;

/** How the news of a payment reached us. */
export type PaymentSource = 'checkout' | 'webhook' | 'reconciler';

export type PaymentCaptured = DomainEvent<
  'PaymentCaptured',
  {
    readonly purchaseId: string;
    readonly orderId: string;
    readonly paymentId: string;
    readonly amount: number;
    readonly method: string;
    readonly capturedAt: string;
    readonly source: PaymentSource;
    /**
     * True when this payment does not pay for the purchase — another payment already did, or its
     * amount is not the order's. The money is recorded all the same, and then refunded.
     */
    readonly duplicate: boolean;
  }
>;

export type PaymentFailed = DomainEvent<
  'PaymentFailed',
  {
    readonly purchaseId: string;
    readonly orderId: string;
    readonly paymentId: string;
    /**
     * How the member tried to pay, as the gateway reports it; absent from failures recorded before
     * it was kept (the ledger shows none for them).
     */
    readonly method?: string;
    readonly errorCode: string;
    readonly errorDescription: string;
    readonly failedAt: string;
    readonly source: PaymentSource;
  }
>;

export type FulfilmentOutcome =
  | { readonly type: 'subscriptionActivated'; readonly planId: string; readonly startsAt: string }
  | { readonly type: 'bidPlaced'; readonly adId: string; readonly bidId: string }
  | { readonly type: 'shareFeePaid'; readonly company: string }
  | { readonly type: 'adSpaceActivated'; readonly spaceId: string; readonly startsAt: string }
  | {
      readonly type: 'adSlotSold';
      readonly spaceId: string;
      readonly startsAt: string;
      readonly spaceType: SlotSpaceType;
      readonly slotdate: string;
    };

export type PurchaseFulfilled = DomainEvent<
  'PurchaseFulfilled',
  {
    readonly purchaseId: string;
    readonly userId: string;
    readonly kind: PurchaseKind;
    readonly outcome: FulfilmentOutcome;
    readonly fulfilledAt: string;
  }
>;

/** `alreadyOwned`: a second Lifetime Subscription or buy-share bid fee (oneTimePurchase.decider.ts). */
export const REFUND_REASONS = [
  'biddingClosed',
  'duplicatePayment',
  'notFulfillable',
  'alreadyOwned',
  /** A won slot paid for after its offer had run out (and passed on, or left it unsold). */
  'offerLapsed',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export type RefundRequested = DomainEvent<
  'RefundRequested',
  {
    readonly purchaseId: string;
    readonly userId: string;
    readonly paymentId: string;
    readonly amount: number;
    readonly reason: RefundReason;
    /** What the member is told. */
    readonly message: string;
    readonly requestedAt: string;
    /**
     * A bid processing fee's: the ad its bid was for, as named when the fee was ordered, so the
     * notice says which of the member's fees this is. Absent for other purchases, and from
     * refunds recorded before it was kept.
     */
    readonly itemName?: string;
  }
>;

export type PaymentRefunded = DomainEvent<
  'PaymentRefunded',
  {
    readonly purchaseId: string;
    readonly userId: string;
    readonly paymentId: string;
    readonly refundId: string;
    readonly amount: number;
    readonly refundedAt: string;
  }
>;

export type PurchaseExpired = DomainEvent<
  'PurchaseExpired',
  { readonly purchaseId: string; readonly expiredAt: string }
>;

export type PurchaseEvent =
  | PurchaseCreated
  | OrderCreated
  | PaymentCaptured
  | PaymentFailed
  | PurchaseFulfilled
  | RefundRequested
  | PaymentRefunded
  | PurchaseExpired;

export const PURCHASE_EVENT_TYPES = [
  'PurchaseCreated',
  'OrderCreated',
  'PaymentCaptured',
  'PaymentFailed',
  'PurchaseFulfilled',
  'RefundRequested',
  'PaymentRefunded',
  'PurchaseExpired',
] as const satisfies readonly PurchaseEvent['type'][];
