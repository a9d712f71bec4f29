/**
 * Said under a member's number shown to the viewer because the member bid on the viewer's ad
 * (the profile's `phoneShownBecause`, engine/src/accounts/account.rules.ts): their switch is off
 * and nothing was asked, so the page says why it shows.
 */
export const PHONE_SHOWN_FOR_BID =
  'Shown because they bid on your ad: you see their number beside their bids.';
