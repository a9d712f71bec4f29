import type { Visitor } from '../guards/access.ts';

/**
 * Each route's page layout (spec section 2, layout rules):
 * - standard: side advertising columns and the card wrapper;
 * - auth: login, forgot-password, register, reset-password, email-verify and otp-phone pages,
 *   which hide the side advertising columns;
 * - document: contact, terms and privacy, which skip the card wrapper;
 * - staff: the support and audit tools (not in the spec), whose wide tables of events, bids and
 *   payments need the width the side advertising columns would take.
 */
export type PageLayout = 'standard' | 'auth' | 'document' | 'staff';

export type PageChrome = { sideColumns: boolean; card: boolean };

/** What frames the page; any view for a member without a validated phone skips the card too. */
export function pageChrome(layout: PageLayout, visitor: Visitor): PageChrome {
  const phoneNotValidated = visitor.status === 'member' && !visitor.mobileValidated;
  return {
    sideColumns: layout !== 'auth' && layout !== 'staff',
    card: layout !== 'document' && !phoneNotValidated,
  };
}
