import type { EventStore, GlobalPosition, RecordedEvent } from '../eventStore/eventStore.ts';
import type { Command, Decider, DomainEvent } from '../shared/decider.ts';
import type { Upcasters } from './upcasting.ts';
import type { AppendedResult } from './commandEvents.ts';
import { withAdded } from '../shared/objects.ts';
import { setKeepingAtMost } from '../shared/boundedMap.ts';
import { EventIdHashes } from './eventIdHashes.ts';

/*
 * What a process remembers of the streams its commands touched: the fold up to the last event it
 * read or appended itself. Streams are append-only, so the fold of a stream's first n events
 * never changes. A command first decides on what is remembered without reading at all (the
 * common case: this process wrote the stream's last event); its append expects the remembered
 * version, so a decision on a stale state can never be stored — a conflict reads the events
 * appended since and decides again. On an ad with thousands of bids, a new bid costs no read
 * instead of reading them all.
 */

/** Streams remembered per store and decider; the least recently used are forgotten first. */
const MAX_STREAMS = 2_000;

/** The fold of the stream's events up to `version` (-1: none), and the ids among them. */
export type FoldedStream<State> = {
  readonly version: number;
  readonly state: State;
  /**
   * Which ids the events may have. Mutable: grown only by the command holding the stream's turn
   * (`inStreamTurn`, streamBatches.ts).
   */
  readonly eventIds: EventIdHashes;
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

/** A stream as this process folds it: where it is stored, and how its events are folded. */
export type StreamFold<State, C extends Command, E extends DomainEvent> = {
  readonly store: EventStore;
  readonly streamId: string;
  readonly decider: Decider<State, C, E>;
  readonly upcasters: Upcasters;
};

/** What this process remembers of the stream, without reading it; call it in the stream's turn. */
export function rememberedFold<State, C extends Command, E extends DomainEvent>(
  fold: StreamFold<State, C, E>,
): FoldedStream<State> | undefined {
  const { store, streamId, decider, upcasters } = fold;
  return foldsOf(store, decider, upcasters).get(streamId) as FoldedStream<State> | undefined;
}

function remember(known: Folds, streamId: string, folded: FoldedStream<unknown>): void {
  known.delete(streamId); // re-inserted last: the Map's order is the recency order
  setKeepingAtMost(known, streamId, folded, MAX_STREAMS);
}

/**
 * After this process appended `events` (with their ids) right after `folded`, up to
 * `nextExpectedVersion` at `position`: the fold including them, so the stream's next command here
 * need not read them.
 * The last event is folded with its global position, as a read event is; the others' positions
 * are not in the append's answer. Returns the new fold.
 */
export function rememberAppended<State, C extends Command, E extends DomainEvent>(
  fold: StreamFold<State, C, E>,
  folded: FoldedStream<State>,
  appended: AppendedResult<E>,
): FoldedStream<State> {
  const { store, streamId, decider, upcasters } = fold;
  let state = folded.state;
  const last = appended.events.length - 1;
  appended.events.forEach((event, index) => {
    state = decider.evolve(
      state,
      index === last ? withAdded(event, { position: appended.position }) : event,
    );
    folded.eventIds.add(event.eventId);
  });
  const next = {
    version: appended.nextExpectedVersion,
    state,
    eventIds: folded.eventIds,
    lastPosition: appended.position,
  };
  remember(foldsOf(store, decider, upcasters), streamId, next);
  return next;
}

/**
 * The stream folded to its current end: what this process folded before, plus the events
 * appended since. Call it only in the stream's turn (`inStreamTurn`, streamBatches.ts).
 */
export async function loadFolded<State, C extends Command, E extends DomainEvent>(
  fold: StreamFold<State, C, E>,
): Promise<FoldedStream<State>> {
  const { store, streamId, decider, upcasters } = fold;
  const known = foldsOf(store, decider, upcasters);
  const before = known.get(streamId) as FoldedStream<State> | undefined;
  const from = before ? before.version + 1 : 0;
  const fresh: RecordedEvent[] = (await store.readStream(streamId, { from })).map(upcasters.upcast);
  if (before && fresh.length > 0 && fresh[0]!.streamVersion !== from) {
    // Not the continuation of what we folded (cannot happen to an append-only stream): start over.
    known.delete(streamId);
    return loadFolded(fold);
  }
  let state = before?.state ?? decider.initialState();
  const eventIds = before?.eventIds ?? new EventIdHashes();
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
  remember(known, streamId, folded);
  return folded;
}

/**
 * Forgets the stream, so that its next command here reads it from its first event: after the store
 * answered an append with events another process stored, which this memory never saw.
 */
export function forgetFolded<State, C extends Command, E extends DomainEvent>(
  fold: StreamFold<State, C, E>,
): void {
  const { store, streamId, decider, upcasters } = fold;
  foldsOf(store, decider, upcasters).delete(streamId);
}
