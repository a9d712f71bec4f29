import { z } from 'zod';
import type { PlaceBid } from '@boli/engine/ads/ad.commands';
import { DomainError } from '@boli/engine/shared/decider';
import { instantOfDateTime } from '@boli/engine/shared/indiaTime';
import { MESSAGES } from '@boli/engine/shared/messages';
import { isDecimalText, isTooLargeForPaise, rupeesToPaise } from '@boli/engine/shared/money';
import { ApiError } from '../../http/errors.ts';
import { adKey } from '../posts/schema.ts';
import { pageNumber } from '../../http/pageNumbers.ts';

/*
 * The bids api's inputs (docs/api/bids.md). Amounts arrive in rupees — a number or a numeric
 * string, as a form sends it — and leave this file in paise; an empty or unreadable amount is
 * "missing", which the domain answers with 'Enter all bid details'; one too large to be money is
 * refused as such: by the ad for an item bid (bidAmountFields), here for the others.
 */

/** Rupees → paise: null when empty, not a decimal number or finer than a paisa; or too large. */
function readBidAmount(value: unknown): { paise: number | null; tooLarge: boolean } {
  const none = { paise: null, tooLarge: false };
  if (value === null || value === undefined) return none;
  const rupees = typeof value === 'string' ? (isDecimalText(value) ? Number(value) : NaN) : value;
  if (typeof rupees !== 'number' || Number.isNaN(rupees)) return none;
  // Before the check for a finite number: 309 digits and more read as Infinity.
  if (isTooLargeForPaise(rupees)) return { paise: null, tooLarge: true };
  if (!Number.isFinite(rupees)) return none;
  return { paise: rupeesToPaise(rupees) ?? null, tooLarge: false };
}

/** An amount in paise (see readBidAmount), refused here when too large to be money. */
export const bidAmountInPaise = (value: unknown): number | null => {
  const { paise, tooLarge } = readBidAmount(value);
  if (tooLarge) throw new ApiError(400, MESSAGES.amountTooLarge, 'AMOUNT_TOO_LARGE');
  return paise;
};

/** How much of an amount that is no amount is kept, as sent, with its refusal. */
const AMOUNT_SENT_KEPT = 40;

/**
 * A PlaceBid's amount fields: `amount` in paise; and, when what was sent is no such amount, the
 * text sent and whether it was too large — for the ad to refuse (AMOUNT_TOO_LARGE among them)
 * and support's record of the refusal to show.
 */
export function bidAmountFields(
  value: unknown,
): Pick<PlaceBid['data'], 'amount' | 'amountSent' | 'amountTooLarge'> {
  const { paise, tooLarge } = readBidAmount(value);
  const sent =
    paise !== null || value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? value.trim()
        : (JSON.stringify(value) ?? String(value));
  return {
    amount: paise,
    ...(sent === '' ? {} : { amountSent: sent.slice(0, AMOUNT_SENT_KEPT) }),
    ...(tooLarge ? { amountTooLarge: true } : {}),
  };
}

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
  page: pageNumber(0).default(0),
  /** Bids a page of a list holds (`bidPageSizeFor`): at most LIMITS.bidPageSize. */
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

/** The bid form's names of the PlaceBid fields the ad's refusals name: the amount is `bidamt`. */
const FORM_FIELD_OF: Readonly<Record<string, string>> = { amount: 'bidamt' };

/** A refusal of a bid with its `fields` named as the form names them (the envelope's `errors`). */
export function inBidFormTerms(error: unknown): unknown {
  if (!(error instanceof DomainError) || !Array.isArray(error.details.fields)) return error;
  const fields = error.details.fields.map((field: unknown) =>
    typeof field === 'string' ? (FORM_FIELD_OF[field] ?? field) : field,
  );
  return new DomainError(error.code, { ...error.details, fields }, error.message);
}
