import type { EventStore, GlobalPosition, RecordedEvent } from '../eventStore/eventStore.ts';
import type { Command, Decider, DomainEvent } from '../shared/decider.ts';
import type { Upcasters } from './upcasting.ts';

/*
 * What a process remembers of the streams its commands touched, so that a command reads only the
 * events appended since (usually none, or the last command's) instead of the whole stream — on an
 * ad with thousands of bids, the difference between one row and thousands per bid. Streams are
 * append-only, so the fold of a stream's first n events never changes; the command still reads
 * the stream's end every time and appends at the version it folded to, so nothing it decides
 * rests on a stale state.
 */

/** Streams remembered per store and decider; the least recently used are forgotten first. */
const MAX_STREAMS = 2_000;

/** The fold of the stream's events up to `version` (-1: none), and every event id among them. */
export type FoldedStream<State> = {
  readonly version: number;
  readonly state: State;
  /** Mutable: grown only by the command holding the stream's turn (`oneAtATime`). */
  readonly eventIds: Set<string>;
  /** The position of the event at `version`, if any. */
  readonly lastPosition: GlobalPosition | undefined;
};

type Folds = Map<string, FoldedStream<unknown>>;
const folds = new WeakMap<EventStore, WeakMap<object, WeakMap<Upcasters, Folds>>>();

function foldsOf(store: EventStore, decider: object, upcasters: Upcasters): Folds {
  let byDecider = folds.get(store);
  if (!byDecider) folds.set(store, (byDecider = new WeakMap()));
  let byUpcasters = byDecider.get(decider);
  if (!byUpcasters) byDecider.set(decider, (byUpcasters = new WeakMap()));
  let found = byUpcasters.get(upcasters);
  if (!found) byUpcasters.set(upcasters, (found = new Map()));
  return found;
}

/**
 * The stream folded to its current end: what this process folded before, plus the events
 * appended since. Call it only in the stream's turn (`oneAtATime`).
 */
export async function loadFolded<State, C extends Command, E extends DomainEvent>(options: {
  readonly store: EventStore;
  readonly streamId: string;
  readonly decider: Decider<State, C, E>;
  readonly upcasters: Upcasters;
}): Promise<FoldedStream<State>> {
  const { store, streamId, decider, upcasters } = options;
  const known = foldsOf(store, decider, upcasters);
  const before = known.get(streamId) as FoldedStream<State> | undefined;
  const from = before ? before.version + 1 : 0;
  const fresh: RecordedEvent[] = (await store.readStream(streamId, { from })).map(upcasters.upcast);
  if (before && fresh.length > 0 && fresh[0]!.streamVersion !== from) {
    // Not the continuation of what we folded (cannot happen to an append-only stream): start over.
    known.delete(streamId);
    return loadFolded(options);
  }
  let state = before?.state ?? decider.initialState();
  const eventIds = before?.eventIds ?? new Set<string>();
  for (const event of fresh) {
    state = decider.evolve(state, event as unknown as E);
    eventIds.add(event.metadata.eventId);
  }
  const folded: FoldedStream<State> = {
    version: fresh.at(-1)?.streamVersion ?? before?.version ?? -1,
    state,
    eventIds,
    lastPosition: fresh.at(-1)?.position ?? before?.lastPosition,
  };
  known.delete(streamId); // re-inserted last: the Map's order is the recency order
  known.set(streamId, folded);
  if (known.size > MAX_STREAMS) known.delete(known.keys().next().value!);
  return folded;
}

/** Forgets the stream (after a conflict the next read starts from its first event again). */
export function forgetFolded(
  store: EventStore,
  streamId: string,
  decider: object,
  upcasters: Upcasters,
): void {
  foldsOf(store, decider, upcasters).delete(streamId);
}

const turns = new WeakMap<EventStore, Map<string, Promise<void>>>();

/**
 * Runs `work` when the commands on `streamId` that this process started before it are done.
 * Racing them could only make all but one fail their append and decide again; queued, each
 * decides on the state the previous one left. Other processes still race (the append's version
 * check settles it).
 */
export async function oneAtATime<T>(
  store: EventStore,
  streamId: string,
  work: () => Promise<T>,
): Promise<T> {
  let queue = turns.get(store);
  if (!queue) turns.set(store, (queue = new Map()));
  const previous = queue.get(streamId);
  let done!: () => void;
  const mine = new Promise<void>((resolve) => (done = resolve));
  const tail = previous ? previous.then(() => mine) : mine;
  queue.set(streamId, tail);
  try {
    await previous;
    return await work();
  } finally {
    done();
    if (queue.get(streamId) === tail) queue.delete(streamId);
  }
}
