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

/**
 * The theme's warning and error, and the snackbars' backgrounds (SnackbarContent.tsx): white
 * text reads on each, and each reads on white, at 4.5:1 or more (WCAG AA); MUI's own warning
 * orange and notistack's green and blue do not.
 */
export const STATUS_COLOURS = {
  success: '#2e7d32',
  info: '#1565c0',
  warning: '#b45309',
  error: '#c62828',
} as const;
