import { setKeepingAtMost } from '@boli/engine/shared/boundedMap';
import {
  comparePositions,
  formatPosition,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
} from '@boli/engine/eventStore/eventStore';

/** Full pages of the log kept for workers that read them after another worker did. */
const RECENT_PAGES = 8;
/** Events of the log's tail kept in memory for the workers behind its end. */
const TAIL_EVENTS = 5_000;
/**
 * How long a read that found the end of the log stands for it, unless a hint comes: workers that
 * look right after it are answered from memory. Below a worker's shortest wait before looking
 * again (`FIRST_LOOK_MS`, `heardHints.ts`), so a worker looking for events hidden behind an open
 * transaction still reaches the database.
 */
const DEFAULT_FRESH_MS = 1;

export type SharedReadsOptions = { readonly freshMs?: number };

/**
 * The readAll of one process's projection workers, so that they read the log about once between
 * them instead of once each.
 *
 * - **The tail.** Live, the workers sit at different checkpoints near the end of the log (each
 *   commits its batches in its own time) and are woken by the same hint. The last events read are
 *   kept, all of them from `tailStart` on; a worker behind the end gets them from memory and only
 *   the part past the end, if any, from the database, in one query shared by every worker asking
 *   for it at once. A query that found the end (fewer events than asked) answers for the end until
 *   a hint comes or `freshMs` passes.
 * - **Catching up**, workers march through the log in the same pages one after another, each
 *   parsing every event again. The last few full pages are kept and reused: a full page never
 *   changes (the log only grows past its end), while a short one may, so it is not kept.
 * - **Identical reads** in flight at once are one query — unless a hint came after it started (it
 *   may predate the hinted events, and a worker woken by the hint must see them).
 */
export function sharedReads(
  store: EventStore,
  options: SharedReadsOptions = {},
): { store: EventStore; hinted(): void } {
  const freshMs = options.freshMs ?? DEFAULT_FRESH_MS;
  let generation = 0;

  const inFlight = new Map<string, { generation: number; events: Promise<RecordedEvent[]> }>();
  const fullPages = new Map<string, Promise<RecordedEvent[]>>();
  const keep = (key: string, events: Promise<RecordedEvent[]>) => {
    setKeepingAtMost(fullPages, key, events, RECENT_PAGES);
  };

  /** Every event of the log after `tailStart` up to the last of `tail`, in log order. */
  let tailStart: GlobalPosition | undefined;
  let tail: RecordedEvent[] = [];
  /** When a read from the tail's end last found nothing more, and in which generation. */
  let endSeen: { end: string; generation: number; at: number } | undefined;
  const tailEnd = (): GlobalPosition | undefined => tail.at(-1)?.position ?? tailStart;

  /**
   * `events` were read right after `after`: the tail grows, or starts again at a read that found
   * the end of the log past it. False when the tail stays as it was.
   */
  function remember(after: GlobalPosition, events: RecordedEvent[], limit: number): boolean {
    const end = tailEnd();
    if (end !== undefined && comparePositions(after, end) === 0) {
      tail.push(...events);
    } else if (events.length < limit && (end === undefined || beyond(events, after, end))) {
      tailStart = after;
      tail = [...events];
    } else {
      return false;
    }
    if (tail.length > TAIL_EVENTS) {
      const dropped = tail.splice(0, tail.length - TAIL_EVENTS);
      tailStart = dropped.at(-1)!.position;
    }
    return true;
  }

  function query(after: GlobalPosition, limit: number): Promise<RecordedEvent[]> {
    const key = `${formatPosition(after)} ${limit}`;
    const full = fullPages.get(key);
    if (full) return full;
    const shared = inFlight.get(key);
    if (shared && shared.generation === generation) return shared.events;
    const started = generation;
    const entry = { generation, events: store.readAll(after, limit) };
    inFlight.set(key, entry);
    const forget = () => {
      if (inFlight.get(key) === entry) inFlight.delete(key);
    };
    entry.events.then((events) => {
      forget();
      if (events.length === limit) keep(key, entry.events);
      if (remember(after, events, limit) && events.length < limit) {
        endSeen = { end: formatPosition(tailEnd()!), generation: started, at: performance.now() };
      }
    }, forget);
    return entry.events;
  }

  /** The end of the log as last seen is still its end: no hint since, and only just read. */
  const endIsFresh = (end: GlobalPosition): boolean =>
    endSeen !== undefined &&
    endSeen.generation === generation &&
    endSeen.end === formatPosition(end) &&
    performance.now() - endSeen.at < freshMs;

  const readAll = async (after: GlobalPosition, limit: number): Promise<RecordedEvent[]> => {
    const end = tailEnd();
    if (
      tailStart === undefined ||
      end === undefined ||
      comparePositions(after, tailStart) < 0 ||
      comparePositions(after, end) > 0
    ) {
      return query(after, limit);
    }
    const first = firstAfter(tail, after);
    const known = tail.slice(first, first + limit);
    if (known.length === limit || endIsFresh(end)) return known;
    const more = await query(end, limit);
    return known.length === 0 ? more : [...known, ...more].slice(0, limit);
  };

  return {
    hinted: () => void generation++,
    store: {
      append: (streamId, events, expected) => store.append(streamId, events, expected),
      appendSequence: (streamId, appends) => store.appendSequence(streamId, appends),
      readStream: (streamId, readOptions) => store.readStream(streamId, readOptions),
      readAll,
      subscribe: (after, handler, subscribeOptions) =>
        store.subscribe(after, handler, subscribeOptions),
      close: () => store.close(),
    },
  };
}

/** Whether `events` read after `after` reach past `end`. */
const beyond = (events: RecordedEvent[], after: GlobalPosition, end: GlobalPosition): boolean =>
  comparePositions(events.at(-1)?.position ?? after, end) > 0;

/** Index of the first of `events` (in log order) after `position`. */
function firstAfter(events: RecordedEvent[], position: GlobalPosition): number {
  let low = 0;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (comparePositions(events[middle]!.position, position) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
