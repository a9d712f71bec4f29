import type { Params } from 'react-router-dom';
import { holdsRole } from '@boli/engine/accounts/staffRoles';
import { MESSAGES } from '@boli/engine/shared/messages';
import { awaitsPhoneCheck, decideAccess, type Visitor } from '../guards/access.ts';
import type { RouteHandle } from '../routes.tsx';

/** The OTP screen's name, for its own route and wherever the guard shows it instead. */
export const VERIFY_PHONE_SCREEN = 'Verify Mobile Number';
/** What a staff page is called to someone without its roles, who is shown the refusal (StaffOnly). */
export const NOT_ALLOWED_SCREEN = 'Not allowed';

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
  return {
    sideColumns: layout !== 'auth' && layout !== 'staff',
    card: layout !== 'document' && !awaitsPhoneCheck(visitor),
  };
}

/**
 * The screen a route shows, which names the tab and the main region: 'Page not found' for
 * parameters it does not accept, the OTP screen where the guard shows that instead (a member
 * whose phone is not verified, guards/access.ts), 'Not allowed' for a staff page to someone
 * without its roles (guards/StaffOnly.tsx); else its own.
 */
export function shownScreen(
  handle: RouteHandle,
  params: Params,
  visitor: Visitor,
  search: URLSearchParams = new URLSearchParams(),
): string {
  if (handle.accepts && !handle.accepts(params)) return MESSAGES.pageNotFound;
  const decision = decideAccess(handle.access, visitor);
  if (decision.kind === 'verifyPhone') return VERIFY_PHONE_SCREEN;
  if (decision.kind === 'render' && handle.roles && !holdsRole(visitor.roles, handle.roles))
    return NOT_ALLOWED_SCREEN;
  return handle.screenOf?.(search) ?? handle.screen;
}

/**
 * The main menu's items a screen lists: on a wide one, not those the top bar already has. Left
 * out, not hidden by CSS: the menu puts the keyboard on its first item, and a hidden first item
 * left the focus behind the open menu, with arrows and Escape doing nothing.
 */
export const itemsForWidth = <I extends { narrowOnly?: boolean }>(
  items: I[],
  wide: boolean,
): I[] => (wide ? items.filter((item) => !item.narrowOnly) : items);
