/*
 * How a table cell's text may break, so the wide tables (transactions, the audit ledger, slot
 * bids, bid lists) fit a desktop window and a phone: amounts, dates and times stay on one line;
 * names and long ids may break anywhere rather than widen the table.
 */

/** Amounts, dates and times: never broken across lines. */
export const NO_WRAP = { whiteSpace: 'nowrap' } as const;

/** Names, company names and ids: broken anywhere when the column is narrow. */
export const WRAP_ANYWHERE = { overflowWrap: 'anywhere' } as const;
