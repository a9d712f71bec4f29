import { z } from 'zod';
import { pageNumber } from '../../http/pageNumbers.ts';

/*
 * The share bids api's inputs (docs/api/shares.md). Amounts arrive in rupees, as a number or a
 * numeric string, and become paise with the item bids' `bidAmountInPaise`; the type and the
 * company name are judged by the domain (engine/src/shares/shareBid.rules.ts), so its messages
 * are the ones the member reads.
 */

const providerId = z.string().trim().min(1).max(100);

/** Section 7's body for `add` and the post-share-bid call. */
export const shareBidBody = z.object({
  /** The bidder's company name (alias); defaults to the member's registered bid alias. */
  company: z.string().max(100).optional(),
  bidamt: z.unknown().optional(),
  type: z.string().max(50).nullable().optional(),
  // Sent by the spec's client; the bidder is whoever the token names.
  user_id: z.unknown().optional(),
  username: z.unknown().optional(),
});

export const shareFeePaymentBody = z.object({
  razorpay_order_id: providerId,
  razorpay_payment_id: providerId,
  razorpay_signature: z.string().trim().min(1).max(200),
  purchaseId: providerId,
});

/**
 * The fee's quote; with the bid it would post (`company`, `type`, `bidamt`), that bid is judged
 * first, so a refusal (a company name another bidder uses) comes before the price is shown.
 */
export const shareFeeQuoteQuery = shareBidBody.pick({ company: true, bidamt: true, type: true });

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

export const shareBidListQuery = z.object({
  /** Zero-based. */
  page: pageNumber(0).default(0),
  /** Only the caller's own bids (their previous bids). */
  mine: flag.optional(),
});

export type ShareBidBody = z.infer<typeof shareBidBody>;
