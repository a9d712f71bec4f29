import { validateBidAlias } from '@boli/engine/accounts/account.rules';
import type { BID_TYPES } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';

/*
 * The type and amount every bid form asks for (ad bids and share bids), judged as the server
 * judges them so the member hears of a bad bid before anything is asked or paid.
 */

/** The type select's first choice: no type chosen yet. */
export const SELECT_TYPE = 'Select Type';

export type BidDetails = {
  type: (typeof BID_TYPES)[number] | typeof SELECT_TYPE;
  /** As typed: '' or a positive number (see lib/numberInput.ts's acceptsAmountInput). */
  amount: string;
};

/** A bid form's fields: the alias (an ad bid's Bid alias, a share bid's Company), type, amount. */
export type BidField = 'alias' | 'type' | 'amount';

const missingDetails = (details: BidDetails): BidField[] => [
  ...(details.type === SELECT_TYPE ? (['type'] as const) : []),
  ...(details.amount === '' || !(Number(details.amount) > 0) ? (['amount'] as const) : []),
];

/** The first problem of a bid with this alias, in the order the server checks it, or null. */
export function bidDetailsProblem(
  details: BidDetails,
  alias: string,
  username: string,
): string | null {
  if (missingDetails(details).length > 0) return MESSAGES.enterAllBidDetails;
  return validateBidAlias(alias.trim(), username)[0] ?? null;
}

/** The fields `bidDetailsProblem`'s problem is about, to be marked invalid; none without one. */
export function bidFieldsAtFault(details: BidDetails, alias: string, username: string): BidField[] {
  const missing = missingDetails(details);
  if (missing.length > 0) return missing;
  return validateBidAlias(alias.trim(), username).length > 0 ? ['alias'] : [];
}
