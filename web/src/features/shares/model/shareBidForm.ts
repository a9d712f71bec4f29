import { validateBidAlias } from '@boli/engine/accounts/account.rules';
import { MESSAGES } from '@boli/engine/shared/messages';
import type { ShareBidBody, ShareBidType } from '../api/sharesApi.ts';

/*
 * The Post A Bid form: company name (the member's alias for share bids), type and amount in
 * rupees, judged as the server judges it (engine/src/shares/shareBid.rules.ts) so the member
 * hears of a bad bid before anything is asked or paid.
 */

export const SELECT_TYPE = 'Select Type';

export type ShareBidFormInput = {
  company: string;
  type: ShareBidType | typeof SELECT_TYPE;
  /** As typed: '' or a positive number with at most two decimals. */
  amount: string;
};

/** Section 5: the amount field takes only a positive number or nothing. */
export const acceptsAmountInput = (value: string): boolean => /^(\d+(\.\d{0,2})?)?$/.test(value);

/** The first problem of the form, in the server's order, or null. */
export function shareBidFormProblem(input: ShareBidFormInput, username: string): string | null {
  if (input.type === SELECT_TYPE || input.amount === '' || !(Number(input.amount) > 0)) {
    return MESSAGES.enterAllBidDetails;
  }
  return validateBidAlias(input.company.trim(), username)[0] ?? null;
}

/** The request body for a form without problems. */
export function shareBidBody(
  input: ShareBidFormInput & { type: ShareBidType },
  member: { userId: string; username: string },
): ShareBidBody {
  return {
    user_id: member.userId,
    username: member.username,
    company: input.company.trim(),
    bidamt: Number(input.amount),
    type: input.type,
  };
}
