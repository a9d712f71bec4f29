import { BILLING_MESSAGES } from '@boli/engine/billing/billing.messages';
import { MESSAGES } from '@boli/engine/shared/messages';
import { formatDateTime } from '../../lib/format.ts';

/*
 * The payment screens' words: the api's own (BILLING_MESSAGES) where it has one, so the screen
 * and the server say the same thing; the rest, which only the screen says, worded like them.
 */
/** A gateway's reason as the end of a sentence: trimmed, with one full stop. */
const asSentence = (reason: string): string => reason.trim().replace(/[.!]*$/, '.');

export const PAYMENT_TEXTS = {
  paid: BILLING_MESSAGES.paymentSuccessful,
  beingConfirmed: BILLING_MESSAGES.paymentPending,
  failed: BILLING_MESSAGES.paymentFailed,
  refunded: BILLING_MESSAGES.refundProcessed,
  /** Pay now on a purchase that was paid since the list was shown (another tab, say). */
  alreadyPaid: 'Already paid: nothing more to pay.',
  /** A purchase's status in the transactions table until the server has settled it. */
  beingConfirmedShort: 'Being confirmed',
  /** The checkout closed unpaid: its order stays open for a while, and Transactions offers Pay now. */
  cancelled:
    'Payment cancelled. Nothing was charged. Try again, or pay it later from Transactions before it lapses.',
  /** A failed checkout with the gateway's reason: the reason first, then what to do. */
  failedBecause: (reason: string) =>
    `Payment failed: ${asSentence(reason)} Nothing was charged. Please try again.`,
  /**
   * The order was refused before any checkout opened (bidding closed meanwhile, say): the
   * server's reason, and that nothing was charged, unless the reason says so itself.
   */
  refusedBeforePaying: (reason: string) =>
    /nothing (was )?charged/i.test(reason) ? reason : `${asSentence(reason)} Nothing was charged.`,
  /** An attempt failed and the checkout is still open for another; nothing was charged. */
  attemptFailed: (reason: string) =>
    `That attempt failed${reason.trim() ? `: ${asSentence(reason)}` : '.'} Nothing was charged. Try again in the checkout window, or close it.`,
  /** On the subscription page during the free trial; `until` is the trial's end, formatted. */
  onTrial: (until: string) =>
    `Your free trial lets you bid and sell until ${until}. Subscribe to keep doing so after it ends.`,
  /** Beside the bid form of a member with neither: the fee pays for one bid. */
  feeForOneBid: 'Or pay the bid processing fee for a single bid: enter it and press Bid.',
  /** Near a running trial's end (`LIMITS.trialEndingNoticeHours`): when, and how far off. */
  trialEnding: (until: string, inTime: string) =>
    `Your free trial ends ${until}, ${inTime}. Subscribe to keep bidding and selling after it.`,
  /** With no trial running: when the member's ended, formatted. */
  trialEnded: (on: string) => `Your free trial ended on ${on}. ${MESSAGES.pleaseSubscribe}`,
} as const;

/** Where the member's free trial stands: running until, or ended on, an instant (ISO). */
export type TrialState = { readonly endsAt?: string | null; readonly endedAt?: string | null };

/**
 * What a member without the subscription is told where it is offered: until when the free trial
 * lets them bid and sell, or when it ended, or, with no trial at all, to subscribe.
 */
export const subscriptionOffer = ({ endsAt, endedAt }: TrialState): string => {
  if (endsAt) return PAYMENT_TEXTS.onTrial(formatDateTime(endsAt));
  if (endedAt) return PAYMENT_TEXTS.trialEnded(formatDateTime(endedAt));
  return MESSAGES.pleaseSubscribe;
};
