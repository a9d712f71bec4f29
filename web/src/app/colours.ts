/*
 * The colours the page shows before the app's script has run (index.html, filled in at build time
 * by web/bootColours.ts) as well as after (theme.ts): one value each, so the two never drift.
 */

/** The product's primary colour is purple #5f2f9d (spec section 1). */
export const BOLI_PURPLE = '#5f2f9d';
/** The page's tint behind the cards. */
export const PAGE_TINT = '#f4f2f8';
/** The cards' places while the app's script arrives. */
export const PLACEHOLDER_TINT = '#e6e1ee';
