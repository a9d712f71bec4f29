import type { PurchaseStatus } from '../../payments/api/purchaseInfo.ts';
import { PAYMENT_TEXTS } from '../../payments/model/paymentTexts.ts';
import type { TransactionType } from '../api/transactionsApi.ts';

/** The type selector's choices, in the screen's words, and the `type` each one asks for. */
export const TRANSACTION_TYPES: readonly { value: TransactionType; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'subscription', label: 'Membership' },
  { value: 'bidFee', label: 'Bid fee' },
  { value: 'shareFee', label: 'Share fee' },
  { value: 'adSpace', label: 'Ad space' },
];

/**
 * A purchase's status in words. Until the server has settled it (the gateway's answer, a webhook
 * or the reconciler) a purchase is being confirmed: money may have been taken and is never lost.
 */
export function statusText(status: PurchaseStatus | null): string {
  switch (status) {
    case 'fulfilled':
      return 'Paid';
    case 'created':
    case 'ordered':
    case 'captured':
    case null:
      return PAYMENT_TEXTS.beingConfirmedShort;
    case 'failed':
      return 'Failed';
    case 'refundPending':
      return 'Refund pending';
    case 'refunded':
      return 'Refunded';
    case 'expired':
      return 'Not completed';
    default: {
      const unknown: never = status;
      return unknown;
    }
  }
}
