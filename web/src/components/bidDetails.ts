import { validateBidAlias } from '@boli/engine/accounts/account.rules';
import { characterCount } from '@boli/engine/shared/characters';
import { LIMITS, type BID_TYPES } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { isDecimalText, isTooLargeForPaise, rupeesToPaise } from '@boli/engine/shared/money';
import { formatPrice } from '../lib/format.ts';

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

/**
 * An amount as typed beyond what money can be, which the server refuses as too large: every bid
 * form's (an ad's, a share's, a slot's). Nothing typed is no amount, and not too large.
 */
export const isTooLargeAmount = (amount: string): boolean =>
  amount.trim() !== '' && isTooLargeForPaise(Number(amount));

const tooLarge = (details: BidDetails): boolean => isTooLargeAmount(details.amount);

/** The alias's first problem, if any (its rules in `validateBidAlias`). */
const aliasProblem = (alias: string, username: string): string | undefined =>
  validateBidAlias(alias.trim(), username)[0];

/** Messages said together: one as it is (the spec's words), several as sentences. */
const together = (messages: string[]): string | null =>
  messages.length < 2
    ? (messages[0] ?? null)
    : messages.map((message) => (/[.!?]$/.test(message) ? message : `${message}.`)).join(' ');

/**
 * The problems of a bid with this alias, in the order the server checks them (missing details, an
 * amount too large, then the alias), all of them at once, so a form with two mistakes is not
 * refused twice; or null.
 */
export function bidDetailsProblem(
  details: BidDetails,
  alias: string,
  username: string,
): string | null {
  const alone = aliasProblem(alias, username);
  return together([
    ...(missingDetails(details).length > 0 ? [MESSAGES.enterAllBidDetails] : []),
    ...(tooLarge(details) ? [MESSAGES.amountTooLarge] : []),
    ...(alone === undefined ? [] : [alone]),
  ]);
}

/** The fields `bidDetailsProblem`'s problems are about, to be marked invalid; none without one. */
export function bidFieldsAtFault(details: BidDetails, alias: string, username: string): BidField[] {
  return [
    ...missingDetails(details),
    ...(tooLarge(details) ? (['amount'] as const) : []),
    ...(aliasProblem(alias, username) === undefined ? [] : (['alias'] as const)),
  ];
}

/**
 * The amount typed, as money is written (₹1,40,000), said under the field so that a zero too
 * many or too few shows before the bid is placed; null while it is no amount a bid can be.
 */
export function amountEcho(amount: string, currencyCode = 'INR'): string | null {
  if (!isDecimalText(amount)) return null;
  const paise = rupeesToPaise(Number(amount));
  return paise === undefined || paise === 0 ? null : formatPrice(paise / 100, currencyCode);
}

/**
 * Said under the amount when a bid of nothing was refused ('0', '0.00'): the form's message is
 * the spec's 'Enter all bid details', which reads wrong beside fields all filled in.
 */
export const ZERO_AMOUNT_HINT = 'A bid must be more than ₹0.';

/** Whether the amount typed is a number, and nothing: 0, 0.0, 0.00. */
export const isZeroAmount = (amount: string): boolean =>
  isDecimalText(amount) && rupeesToPaise(Number(amount)) === 0;

/**
 * Said under an alias field (Bid alias, Company) once it holds the most it may, in letters as
 * seen (`characterCount`): that it may take no more, or that it has too many, before the bid is
 * refused for it.
 */
export function aliasLengthHint(alias: string): string | undefined {
  const count = characterCount(alias.trim());
  if (count < LIMITS.bidAlias.max) return undefined;
  const verdict = count > LIMITS.bidAlias.max ? 'too many' : 'the most it may have';
  return `${count} / ${LIMITS.bidAlias.max} characters: ${verdict}.`;
}
