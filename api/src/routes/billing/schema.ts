import { z } from 'zod';
import { PURCHASE_KINDS } from '@boli/engine/billing/products';
import { BID_TYPES } from '@boli/engine/shared/limits';
import { pageNumber } from '../../http/pageNumbers.ts';
import { placeBidBody } from '../bid/schema.ts';

/*
 * The payment api's inputs (docs/api/payments.md). The success calls carry what the checkout
 * handed back; their ids are the provider's, so they are bounded but otherwise opaque here — the
 * signature check decides whether they are genuine.
 */

const providerId = z.string().trim().min(1).max(100);

const checkoutResult = {
  razorpay_order_id: providerId,
  razorpay_payment_id: providerId,
  razorpay_signature: z.string().trim().min(1).max(200),
};

export const subscriptionPaymentBody = z.object({ ...checkoutResult, cart_id: providerId });
export const bidFeePaymentBody = z.object({ ...checkoutResult, purchaseId: providerId });

export const bidFeeQuoteQuery = z.object({ bidamt: z.unknown().optional() });

/**
 * A paid bid's body is a bid's, read alike so that the ad judges both in the same words (an
 * alias of any length is refused for its length); its type is known before any fee is asked.
 */
export const bidFeeBody = placeBidBody.extend({ type: z.enum(BID_TYPES).nullable().optional() });

/** The kinds of purchase /transactions lists, or all of them (as /api/audit/payments' kind). */
const TRANSACTION_TYPES = ['all', ...PURCHASE_KINDS] as const;

export const transactionsQuery = z.object({
  /** Zero-based (section 7). */
  page: pageNumber(0).default(0),
  type: z.enum(TRANSACTION_TYPES).default('all'),
});

const pageQuery = z.object({
  page: pageNumber(0).default(0),
});

/** GET /api/bidpay/listPurchases: a page of the bid fees, all or (item_id) those of one ad. */
export const bidFeeListQuery = pageQuery.extend({
  item_id: z.string().trim().min(1).max(100).optional(),
});

export const subscriptionListQuery = z.object({
  status: z.enum(['active', 'all']).default('active'),
});

export const userTypeQuery = z.object({ userType: z.string().trim().max(50).optional() });
