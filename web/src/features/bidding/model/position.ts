/*
 * An ad's event position, as the bids api writes it: the event log's global position
 * "commit.prepare" (two whole numbers, possibly beyond 2^53, so compared as bigints). Answers and
 * live messages carry the position they reflect; null stands for "none seen yet".
 */

export type Position = string;

const POSITION = /^(\d+)\.(\d+)$/;

/** A position from an answer; null when absent or not one. */
export function readPosition(value: unknown): Position | null {
  return typeof value === 'string' && POSITION.test(value) ? value : null;
}

const parts = (position: Position): [bigint, bigint] => {
  const match = POSITION.exec(position)!;
  return [BigInt(match[1]!), BigInt(match[2]!)];
};

/** Negative when a comes first, positive when b does; null comes before any position. */
export function comparePositions(a: Position | null, b: Position | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  const [ac, ap] = parts(a);
  const [bc, bp] = parts(b);
  if (ac !== bc) return ac < bc ? -1 : 1;
  return ap === bp ? 0 : ap < bp ? -1 : 1;
}

/** The later of two positions. */
export const laterPosition = (a: Position | null, b: Position | null): Position | null =>
  comparePositions(a, b) >= 0 ? a : b;
