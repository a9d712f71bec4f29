import type { EventStore, NewEvent, RecordedEvent } from '../eventStore/eventStore.ts';

/** Lifts `data` of one event type from `fromVersion` to `fromVersion + 1`. Pure. */
export type Upcaster = {
  readonly type: string;
  readonly fromVersion: number;
  readonly upcast: (data: unknown, event: RecordedEvent) => unknown;
};

export type Upcasters = {
  /** The event as the current code expects it: every step from its stored version up applied. */
  upcast<E extends RecordedEvent>(event: E): E;
  /** The schema version new events of `type` are written with (1 when it never changed). */
  currentVersion(type: string): number;
};

/**
 * The registry of schema changes. Each (type, fromVersion) appears once and versions form a
 * chain 1 → 2 → … , so old events are lifted step by step before `evolve` or a projection sees them.
 */
export function createUpcasters(upcasters: readonly Upcaster[] = []): Upcasters {
  const steps = new Map<string, Map<number, Upcaster>>();
  for (const step of upcasters) {
    const byVersion = steps.get(step.type) ?? new Map<number, Upcaster>();
    if (byVersion.has(step.fromVersion)) {
      throw new Error(`Two upcasters for ${step.type} from version ${step.fromVersion}`);
    }
    byVersion.set(step.fromVersion, step);
    steps.set(step.type, byVersion);
  }
  for (const [type, byVersion] of steps) {
    const versions = [...byVersion.keys()].sort((a, b) => a - b);
    versions.forEach((version, index) => {
      if (version !== index + 1)
        throw new Error(`Upcasters for ${type} must start at version 1 with no gaps`);
    });
  }

  return {
    upcast<E extends RecordedEvent>(event: E): E {
      const byVersion = steps.get(event.type);
      if (!byVersion) return event;
      let data = event.data;
      let version = event.schemaVersion;
      for (let step = byVersion.get(version); step; step = byVersion.get(version)) {
        data = step.upcast(data, event);
        version += 1;
      }
      return version === event.schemaVersion ? event : { ...event, data, schemaVersion: version };
    },
    currentVersion: (type) => (steps.get(type)?.size ?? 0) + 1,
  };
}

/** The same store, except that every event it hands out has been upcast. */
export function withUpcasting(store: EventStore, upcasters: Upcasters): EventStore {
  const current = (events: readonly NewEvent[]) =>
    events.map((event) => ({
      ...event,
      schemaVersion: event.schemaVersion ?? upcasters.currentVersion(event.type),
    }));
  return {
    append: (streamId, events, expected) => store.append(streamId, current(events), expected),
    appendSequence: (streamId, appends) =>
      store.appendSequence(
        streamId,
        appends.map(({ events, expected }) => ({ events: current(events), expected })),
      ),
    readStream: async (streamId, options) =>
      (await store.readStream(streamId, options)).map(upcasters.upcast),
    readAll: async (after, limit) => (await store.readAll(after, limit)).map(upcasters.upcast),
    subscribe: (after, handler, options) =>
      store.subscribe(after, (event) => handler(upcasters.upcast(event)), options),
    close: () => store.close(),
  };
}

/**
 * No upcasting: the one instance every command handler uses when given none, so that the folds
 * a process remembers per stream (keyed by their upcasters) are one and the same.
 */
export const NO_UPCASTING: Upcasters = createUpcasters();
