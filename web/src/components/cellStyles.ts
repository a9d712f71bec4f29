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
 * Text shown on at most `lines` lines, the rest cut with an ellipsis, a long word broken rather
 * than overflowing (an ad card's name; a review before Show more).
 */
export const linesAtMost = (lines: number) =>
  ({
    display: '-webkit-box',
    WebkitLineClamp: lines,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    ...WRAP_ANYWHERE,
  }) as const;

/*
 * On a phone a list's narrow columns give way: their content goes under a wide column's, so
 * names stay readable beside the amounts (the bid lists, share bids).
 */

/** Shown on a phone only, under another column's content. */
export const PHONE_ONLY = { display: { xs: 'block', sm: 'none' } } as const;

/** A column shown from a tablet's width up (its content is `PHONE_ONLY` elsewhere on a phone). */
export const WIDE_ONLY_CELL = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** A table's cells with half the side padding on a phone, for the columns' content. */
export const COMPACT_ON_PHONE = { '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } } as const;

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
