import type { NewEvent } from '../eventStore.ts';

/**
 * A read model written in the append's own statement, and so in its transaction: it holds a
 * command's events the moment they commit, and a caller that would wait for its projection
 * (read-your-writes) need not. The port through which the store writes it without knowing it:
 * `projections` implements it (the bid summary, `bids.inline.ts`), the api hands it to the store.
 *
 * The statement is
 *   WITH appended AS (SELECT * FROM event_store_append_many(…)), <ctes>
 *   SELECT appended.*, appended.ordinal IN (SELECT ordinal FROM inline_written) AS written_inline
 *     FROM appended
 * where `appended` is the function's answer, one row per append (`ordinal`, 1-based in the
 * group; `outcome`; `out_transaction_id` and `out_position`, the position of the append's last
 * event). The projection keeps writing the same rows from the log, so every write must be
 * idempotent and both writers must leave the same rows whichever comes first; an append the
 * inline write leaves out (`inline_written` lacks it) is the projection's alone, and its caller
 * waits for it as before.
 */
export type InlineWrite = {
  /** The read model's name, as `waitForProjections` knows it. */
  readonly readModel: string;
  /**
   * What the write needs of a group's appends (each append's events, in group order): JSON-able
   * rows, each naming its append's `ordinal`; none when no append concerns the read model (the
   * group then goes as a plain append).
   */
  rowsOf(appends: readonly (readonly NewEvent[])[]): readonly unknown[];
  /**
   * The CTEs after `appended`, reading the rows from `rowsParameter` (JSON text), ending in
   * `inline_written (ordinal)`: the appends whose events the read model now holds.
   */
  ctes(rowsParameter: string): string;
};
