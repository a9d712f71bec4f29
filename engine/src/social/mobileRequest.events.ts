import type { DomainEvent } from '../shared/decider.ts';

/*
 * The consent ledger of one member's mobile number towards one other member (section 4's
 * mobile-number request). One stream per pair, `mobile-request-<requestedTo>-<requestedBy>`, so
 * "at most one open request per pair" is a rule of the stream. The request keeps its id across
 * its whole life: asked, approved or rejected, revoked, asked again.
 */
export const mobileRequestStream = (requestedTo: string, requestedBy: string): string =>
  `mobile-request-${requestedTo}-${requestedBy}`;

type Parties = {
  readonly requestId: string;
  /** The member asking to see the number. */
  readonly requestedBy: string;
  /** The member whose number it is. */
  readonly requestedTo: string;
};

export type MobileNumberRequested = DomainEvent<
  'MobileNumberRequested',
  Parties & { readonly requestedAt: string }
>;

export type MobileRequestApproved = DomainEvent<
  'MobileRequestApproved',
  Parties & { readonly approvedAt: string }
>;

export type MobileRequestRejected = DomainEvent<
  'MobileRequestRejected',
  Parties & { readonly rejectedAt: string }
>;

/** The owner takes back a consent given earlier: the number is masked again. */
export type MobileRequestRevoked = DomainEvent<
  'MobileRequestRevoked',
  Parties & { readonly revokedAt: string }
>;

export type MobileRequestEvent =
  MobileNumberRequested | MobileRequestApproved | MobileRequestRejected | MobileRequestRevoked;

export const MOBILE_REQUEST_EVENT_TYPES = [
  'MobileNumberRequested',
  'MobileRequestApproved',
  'MobileRequestRejected',
  'MobileRequestRevoked',
] as const satisfies readonly MobileRequestEvent['type'][];
