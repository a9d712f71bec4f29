import type { RefundReason } from './purchase.events.ts';

/*
 * What members are told about payments. The spec words none of these (section 8 covers only the
 * success dialogs), so each follows the style of its neighbours.
 */
export const BILLING_MESSAGES = {
  paymentSuccessful: 'Payment successful.',
  paymentPending: 'We are confirming your payment. This page updates when it is done.',
  paymentFailed: 'Payment failed. Please try again.',
  paymentVerificationFailed: 'Payment verification failed.',
  purchaseExpired: 'This purchase has expired. Please start again.',
  purchaseNotFound: 'This purchase does not exist.',
  /** The auditor's check with the gateway, when it did not answer. */
  gatewayUnreachable: 'The payment gateway could not be reached.',
  planNotFound: 'This plan does not exist.',
  alreadySubscribed: 'You already have a Lifetime Subscription.',
  unpaidSubscriptionNotNeeded:
    'Nothing charged. Not needed: you already have a Lifetime Subscription.',
  unpaidBidFeeNotNeeded: 'Nothing charged. Not needed: bidding on this ad has closed.',
  unpaidBidFeePlaced: 'Nothing charged. Not needed: this bid was placed with another payment.',
  unpaidAdSpaceBought:
    'Nothing charged. Not needed: you bought this ad space with a later payment. To buy another, go to Buy Ad Space.',
  // Its bid was never posted (the fee was paid with another bid): said, so it is not thought to be.
  unpaidShareFeeNotNeeded:
    'Nothing charged. Not needed: you have paid the buy-share bid fee with another bid. This bid was not posted: post it on Post A Bid, where your bids now go directly.',
  bidFeeRefundedBiddingClosed:
    'Bidding closed before your payment was confirmed, so your bid was not placed. The fee has been refunded.',
  bidFeeRefundedNotPlaced: 'Your bid could not be placed, so the fee has been refunded.',
  bidFeeNotNeeded: 'Your subscription or free trial covers your bids: no fee is needed.',
  bidFeeBidAlreadyPlaced: 'You have placed this bid already, so no fee is needed for it.',
  bidFeeRefundedSameBid:
    'You had already placed this bid, so it was kept once and this payment has been refunded.',
  bidFeeRefundedAlreadyPlaced:
    'This bid was already placed with another payment of its fee, so this payment has been refunded.',
  subscriptionRefundedAlreadyOwned:
    'You already have a Lifetime Subscription, so this payment has been refunded.',
  shareFeeRefundedAlreadyPaid:
    'You had already paid the buy-share bid fee, so this payment has been refunded. Your bid is posted.',
  duplicatePaymentRefunded: 'This order was paid twice; the second payment has been refunded.',
  refundProcessed: 'Refunded.',
  // Said alike of an invoice not issued yet and of another member's: neither is the asker's to read.
  invoiceNotFound: 'No invoice was found for this purchase.',
  creditNoteNotFound: 'No credit note was found for this purchase.',
} as const;

/**
 * Why a payment was refunded, in an auditor's words (the ledger's status, its spreadsheet's Refund
 * reason): the api answers the code (`REFUND_REASONS`).
 */
export const REFUND_REASON_WORDS: Readonly<Record<RefundReason, string>> = {
  biddingClosed: 'bidding closed before the payment was confirmed',
  duplicatePayment: 'a second payment of the same order',
  notFulfillable: 'what was paid for could not be delivered',
  alreadyOwned: 'already paid for with another payment',
  offerLapsed: "paid after the slot's offer had lapsed",
};

/** A refund's reason in words; a code this build does not know, as stored. */
export const refundReasonWords = (reason: string): string =>
  (REFUND_REASON_WORDS as Readonly<Record<string, string>>)[reason] ?? reason;
