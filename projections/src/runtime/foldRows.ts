import type { RecordedEvent } from '@boli/engine/eventStore/eventStore';

/** A read model's row as of its stream's version (-1 and no row before the stream's first event). */
export type VersionedRow<Row> = { readonly row: Row | undefined; readonly version: number };

export type RowFold<Row> = {
  /** The row an event belongs to. */
  readonly keyOf: (event: RecordedEvent) => string;
  /** The row after the event; the same row when the event changes nothing. */
  readonly evolve: (row: Row | undefined, event: RecordedEvent) => Row | undefined;
  /**
   * Events from another stream than the row's own: applied without the version check, and
   * leaving the row's version as it was. None, unless given.
   */
  readonly isForeign?: (event: RecordedEvent) => boolean;
};

/**
 * Folds a batch's events, in log order, into the rows they touch (`loaded`: the rows as stored),
 * and answers each row that changed with the version it is now at. An event at or below its
 * row's version was applied already and is skipped, so replaying the log changes nothing.
 */
export function foldRows<Row>(
  loaded: ReadonlyMap<string, VersionedRow<Row>>,
  events: readonly RecordedEvent[],
  { keyOf, evolve, isForeign = () => false }: RowFold<Row>,
): Map<string, { readonly row: Row; readonly version: number }> {
  const rows = new Map(loaded);
  const changed = new Set<string>();
  for (const event of events) {
    const key = keyOf(event);
    const current = rows.get(key) ?? { row: undefined, version: -1 };
    const foreign = isForeign(event);
    if (!foreign && event.streamVersion <= current.version) continue;
    const row = evolve(current.row, event);
    rows.set(key, { row, version: foreign ? current.version : event.streamVersion });
    if (row !== undefined && row !== current.row) changed.add(key);
  }
  return new Map(
    [...changed].map((key) => {
      const { row, version } = rows.get(key)!;
      return [key, { row: row!, version }];
    }),
  );
}
