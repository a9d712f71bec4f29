import { z } from 'zod';
import { AD_SPACE_CYCLES, AD_SPACE_TYPES } from '@boli/engine/shared/limits';
import { SLOT_SPACE_TYPES } from '@boli/engine/adspace/adSpace.rules';
import { isCalendarDate } from '@boli/engine/shared/indiaTime';
import { MESSAGES } from '@boli/engine/shared/messages';

/* The ad space and slot-bid api's inputs (docs/api/adspace.md). */

const providerId = z.string().trim().min(1).max(100);
const slotDate = z.string().trim().refine(isCalendarDate, MESSAGES.invalidDate);

export const spaceType = z.enum(AD_SPACE_TYPES);
export const spaceCycle = z.enum(AD_SPACE_CYCLES);

export const spaceQuery = z.object({ name: spaceType, cycle: spaceCycle.default('yearly') });
export const spaceIdParam = z.object({ id: spaceType });
export const cycleQuery = z.object({ cycle: spaceCycle.default('yearly') });
export const addSpaceBody = z.object({ cycle: spaceCycle });

export const spacePaymentBody = z.object({
  razorpay_order_id: providerId,
  razorpay_payment_id: providerId,
  razorpay_signature: z.string().trim().min(1).max(200),
  advtId: providerId,
});

export const spaceListQuery = z.object({ status: z.enum(['active', 'all']).default('active') });
export const spaceIdQuery = z.object({ spaceId: z.string().trim().min(1).max(200) });
export const spaceIdBody = spaceIdQuery;

/** Missing type or amount are the domain's to word ('Please enter all details'). */
export const slotBidBody = z.object({
  type: z.unknown().optional(),
  bidamt: z.unknown().optional(),
  slotdate: z.string().trim().max(40).default(''),
  company: z.string().max(100).default(''),
  // Sent by the spec's client; the bidder is whoever the token names and the time is the server's.
  user_id: z.unknown().optional(),
  biddate: z.unknown().optional(),
});

export const slotTypeOf = (value: unknown): (typeof SLOT_SPACE_TYPES)[number] | null =>
  (SLOT_SPACE_TYPES as readonly unknown[]).includes(value)
    ? (value as (typeof SLOT_SPACE_TYPES)[number])
    : null;

/** One slot: its date and type. */
export const slotBidsQuery = z.object({ slotdate: slotDate, type: z.enum(SLOT_SPACE_TYPES) });

/** What the winner of one slot would pay for a bid of `bidamt` rupees (read as a bid's amount). */
export const slotBidQuoteQuery = slotBidsQuery.extend({ bidamt: z.string().trim().min(1).max(40) });

/** The bids of a slot date (spec section 7, "bids by slot date"): of one type, or of both. */
export const slotDateBidsQuery = slotBidsQuery.partial({ type: true });

export const calendarQuery = z
  .object({
    from: slotDate,
    to: slotDate,
    type: z.enum(SLOT_SPACE_TYPES).optional(),
  })
  .refine((range) => range.from <= range.to, { message: MESSAGES.invalidDate, path: ['to'] });
