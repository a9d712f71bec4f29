import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { newEvent } from '@boli/engine/eventStore/eventStore.contract';
import { START, type EventStore, type GlobalPosition } from '@boli/engine/eventStore/eventStore';
import { createInMemoryEventStore } from '@boli/engine/eventStore/inMemory';
import { sharedReads, type SharedReadsOptions } from './sharedReads.ts';

const appendEvents = async (store: EventStore, from: number, count: number) => {
  for (let n = from; n < from + count; n++) {
    await store.append(`s-${n}`, [newEvent('E', { n })], 'any');
  }
};

async function storeWith(events: number, options: SharedReadsOptions = {}) {
  const store = createInMemoryEventStore();
  await appendEvents(store, 0, events);
  const readAll = vi.spyOn(store, 'readAll');
  return { store, readAll, shared: sharedReads(store, options) };
}

const numbers = (events: { data: unknown }[]) => events.map((e) => (e.data as { n: number }).n);

const appendStep = fc.record({
  kind: fc.constant('append' as const),
  count: fc.integer({ min: 1, max: 4 }),
});
const readStep = fc.record({
  kind: fc.constant('read' as const),
  at: fc.nat(),
  limit: fc.integer({ min: 1, max: 6 }),
});

/**
 * Where in the log the store holds a read step reads (`at` events in, wrapping around), and what
 * the store itself answers there.
 */
async function readIn(store: EventStore, step: { at: number; limit: number }) {
  const log = await store.readAll(START, 1_000);
  const at = step.at % (log.length + 1);
  const after: GlobalPosition = at === 0 ? START : log[at - 1]!.position;
  return { after, expected: log.slice(at, at + step.limit) };
}

describe('shared reads of the log', () => {
  it('reads a full page once for workers that ask for it one after another', async () => {
    const { readAll, shared } = await storeWith(5);
    const first = await shared.store.readAll(START, 3);
    const second = await shared.store.readAll(START, 3);
    expect(second).toBe(first);
    expect(numbers(first)).toEqual([0, 1, 2]);
    expect(readAll).toHaveBeenCalledTimes(1);
  });

  it('reads a short page again once it is no longer fresh: the log may have grown into it', async () => {
    const { store, readAll, shared } = await storeWith(2, { freshMs: 0 });
    expect(await shared.store.readAll(START, 3)).toHaveLength(2);
    await appendEvents(store, 2, 1);
    expect(await shared.store.readAll(START, 3)).toHaveLength(3);
    expect(readAll).toHaveBeenCalledTimes(2);
  });

  it('answers for the end of the log from memory right after a read found it, until a hint', async () => {
    const { store, readAll, shared } = await storeWith(4, { freshMs: 60_000 });
    const seen = await shared.store.readAll(START, 10);
    const end = seen.at(-1)!.position;
    await appendEvents(store, 4, 2);
    // Another worker looks at once: nothing new without a hint (the hint of the append is due).
    expect(await shared.store.readAll(end, 10)).toEqual([]);
    expect(readAll).toHaveBeenCalledTimes(1);
    shared.hinted();
    expect(numbers(await shared.store.readAll(end, 10))).toEqual([4, 5]);
    expect(readAll).toHaveBeenCalledTimes(2);
  });

  it('gives workers behind the end the tail from memory and one shared read past it', async () => {
    const { store, readAll, shared } = await storeWith(10, { freshMs: 60_000 });
    const seen = await shared.store.readAll(START, 100);
    await appendEvents(store, 10, 3);
    shared.hinted();
    const readFrom = (index: number) => shared.store.readAll(seen[index]!.position, 100);
    const [fromThree, fromSeven, fromEnd] = await Promise.all([
      readFrom(2),
      readFrom(6),
      readFrom(9),
    ]);
    expect(numbers(fromThree)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(numbers(fromSeven)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(numbers(fromEnd)).toEqual([10, 11, 12]);
    expect(readAll).toHaveBeenCalledTimes(2);
    // A page limit still holds when the answer comes from memory.
    expect(numbers(await shared.store.readAll(seen[2]!.position, 4))).toEqual([3, 4, 5, 6]);
    expect(readAll).toHaveBeenCalledTimes(2);
  });

  it('answers every read as the store itself would, whatever the order of appends, hints and reads', async () => {
    const step = fc.oneof(appendStep, readStep, fc.record({ kind: fc.constant('hint' as const) }));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(step, { minLength: 1, maxLength: 4 })), async (rounds) => {
        const store = createInMemoryEventStore();
        // Fresh for no time: every read must then see exactly what the store holds.
        const shared = sharedReads(store, { freshMs: 0 });
        let appended = 0;
        for (const round of rounds) {
          const reads: Promise<void>[] = [];
          for (const next of round) {
            if (next.kind === 'append') {
              await appendEvents(store, appended, next.count);
              appended += next.count;
            } else if (next.kind === 'hint') {
              shared.hinted();
            } else {
              const { after, expected } = await readIn(store, next);
              // Reads of one round run concurrently, sharing what they can.
              reads.push(
                shared.store.readAll(after, next.limit).then((events) => {
                  expect(numbers(events)).toEqual(numbers(expected));
                }),
              );
            }
          }
          await Promise.all(reads);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('answers every read with every hinted append, however long the end it read stays fresh', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(appendStep, readStep)), async (steps) => {
        const store = createInMemoryEventStore();
        const shared = sharedReads(store, { freshMs: Number.POSITIVE_INFINITY });
        let appended = 0;
        for (const next of steps) {
          if (next.kind === 'append') {
            await appendEvents(store, appended, next.count);
            appended += next.count;
            shared.hinted();
          } else {
            const { after, expected } = await readIn(store, next);
            const events = await shared.store.readAll(after, next.limit);
            expect(numbers(events)).toEqual(numbers(expected));
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});
