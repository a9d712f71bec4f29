import { validateBidAlias } from '@boli/engine/accounts/account.rules';
import { MESSAGES } from '@boli/engine/shared/messages';
import type { BidType } from '../api/bidViews.ts';

/** The type select's first choice: no type chosen yet. */
export const SELECT_TYPE = 'Select Type';

export type BidFormInput = {
  bidAlias: string;
  type: BidType | typeof SELECT_TYPE;
  /** As typed: '' or a positive number (see acceptsAmountInput). */
  amount: string;
};

/**
 * What the amount field lets through as the member types (section 5: "only a positive number or
 * empty"): digits with at most one decimal point and two decimals (money is in paise inside).
 * A lone '0' or '0.' is let through so that 0.50 can be typed; submitting it is refused.
 */
export function acceptsAmountInput(value: string): boolean {
  return /^(\d+(\.\d{0,2})?)?$/.test(value);
}

/** The first problem of the form, in the order the server checks it, or null. */
export function bidFormProblem(input: BidFormInput, username: string): string | null {
  const amount = Number(input.amount);
  if (input.type === SELECT_TYPE || input.amount === '' || !(amount > 0)) {
    return MESSAGES.enterAllBidDetails;
  }
  return validateBidAlias(input.bidAlias.trim(), username)[0] ?? null;
}

/** POST /api/bid/'s body (contracts.md) for a form without problems. */
export function bidRequestBody(
  input: BidFormInput & { type: BidType },
  bidder: { userId: string; username: string },
  itemId: string,
) {
  return {
    postedBy: bidder.userId,
    postedByUsername: bidder.username,
    bidAlias: input.bidAlias.trim(),
    bidamt: Number(input.amount),
    type: input.type,
    item_id: itemId,
  };
}
