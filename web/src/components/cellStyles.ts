/*
 * How a table cell's text may break, so the wide tables (transactions, the audit ledger, slot
 * bids, bid lists) fit a desktop window and a phone: amounts, dates and times stay on one line;
 * names and long ids may break anywhere rather than widen the table.
 */

/** Amounts, dates and times: never broken across lines. */
export const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** Names, company names and ids: broken anywhere when the column is narrow. */
export const WRAP_ANYWHERE = { overflowWrap: 'anywhere' } as const;

/**
 * A row's first cell kept in view while its table scrolls sideways (in a TableScroller, on a
 * phone): the row's number or name stays beside the columns scrolled to.
 */
export const STICKY_FIRST = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  bgcolor: 'background.paper',
} as const;
