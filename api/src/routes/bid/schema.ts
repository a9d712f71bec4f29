import { z } from 'zod';
import { instantOfDateTime } from '@boli/engine/shared/indiaTime';
import { MESSAGES } from '@boli/engine/shared/messages';
import { isDecimalText, isTooLargeForPaise, rupeesToPaise } from '@boli/engine/shared/money';
import { ApiError } from '../../http/errors.ts';
import { adKey } from '../posts/schema.ts';

/*
 * The bids api's inputs (docs/api/bids.md). Amounts arrive in rupees — a number or a numeric
 * string, as a form sends it — and leave this file in paise; an empty or unreadable amount is
 * "missing", which the domain answers with 'Enter all bid details'; one too large to be money is
 * refused here as such.
 */

/** Rupees → paise; null when empty, not a decimal number, negative or finer than a paisa. */
export const bidAmountInPaise = (value: unknown): number | null => {
  if (value === null || value === undefined) return null;
  const rupees = typeof value === 'string' ? (isDecimalText(value) ? Number(value) : NaN) : value;
  if (typeof rupees !== 'number' || Number.isNaN(rupees)) return null;
  // Before the check for a finite number: 309 digits and more read as Infinity.
  if (isTooLargeForPaise(rupees)) {
    throw new ApiError(400, MESSAGES.amountTooLarge, 'AMOUNT_TOO_LARGE');
  }
  if (!Number.isFinite(rupees)) return null;
  return rupeesToPaise(rupees) ?? null;
};

export const placeBidBody = z.object({
  item_id: adKey,
  bidamt: z.unknown().optional(),
  type: z.string().nullable().optional(),
  /** Defaults to the member's registered bid alias. */
  // Bounded only against abuse: the domain words the real limit ('Maximum bid username length
  // is 15'), whatever the length.
  bidAlias: z.string().max(10_000).optional(),
  // Sent by the spec's client; the bidder is whoever the token names.
  postedBy: z.unknown().optional(),
  postedByUsername: z.unknown().optional(),
});

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

const listQuery = {
  /** Zero-based. */
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  /** At most LIMITS.bidPageSize; pages are always that size. */
  limit: z.coerce.number().int().min(1).optional(),
  isAfterFinalCall: flag.optional(),
};

export const bidListQuery = z.object({ item_id: adKey, ...listQuery });
export const userBidsQuery = z.object({ item_id: adKey.optional(), ...listQuery });

export const finalCallBody = z.object({
  item_id: adKey,
  /**
   * ISO-8601 with its offset, or India's clock without one (`instantOfDateTime`); anything else
   * reaches the domain empty, which refuses it as it refuses a missing or past one.
   */
  finalCallDateTime: z
    .unknown()
    .optional()
    .transform((value) =>
      typeof value === 'string' && value.length <= 100 ? (instantOfDateTime(value) ?? '') : '',
    ),
});

export const closeBidBody = z.object({ item_id: adKey });

export type PlaceBidBody = z.infer<typeof placeBidBody>;
