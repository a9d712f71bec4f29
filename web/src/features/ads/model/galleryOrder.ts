/*
 * The media screen's Move earlier / Move later: the gallery's order with one item moved a place,
 * sent whole (POST /api/gallery/order), and what a screen reader is told of the move.
 */

/** The names in order with the item at `from` moved `by` places (-1 earlier, 1 later); null at an end. */
export function movedOrder(names: readonly string[], from: number, by: -1 | 1): string[] | null {
  const to = from + by;
  if (from < 0 || from >= names.length || to < 0 || to >= names.length) return null;
  const order = [...names];
  [order[from], order[to]] = [order[to]!, order[from]!];
  return order;
}

/** Said once an item has moved: 'Moved to place 2 of 5.' (its label changes with its place). */
export const movedAnnouncement = (place: number, count: number): string =>
  `Moved to place ${place} of ${count}.`;
