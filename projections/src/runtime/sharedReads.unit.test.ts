import { describe, expect, it, vi } from 'vitest';
import { newEvent } from '@boli/engine/eventStore/eventStore.contract';
import { START } from '@boli/engine/eventStore/eventStore';
import { createInMemoryEventStore } from '@boli/engine/eventStore/inMemory';
import { sharedReads } from './runners.ts';

async function storeWith(events: number) {
  const store = createInMemoryEventStore();
  for (let n = 0; n < events; n++) await store.append(`s-${n}`, [newEvent('E', { n })], 'any');
  const readAll = vi.spyOn(store, 'readAll');
  return { store, readAll, shared: sharedReads(store) };
}

describe('shared reads of the log', () => {
  it('reads a full page once for workers that ask for it one after another', async () => {
    const { readAll, shared } = await storeWith(5);
    const first = await shared.store.readAll(START, 3);
    const second = await shared.store.readAll(START, 3);
    expect(second).toBe(first);
    expect(first.map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
    expect(readAll).toHaveBeenCalledTimes(1);
  });

  it('reads a short page again: the log may have grown into it', async () => {
    const { store, readAll, shared } = await storeWith(2);
    expect(await shared.store.readAll(START, 3)).toHaveLength(2);
    await store.append('s-2', [newEvent('E', { n: 2 })], 'any');
    expect(await shared.store.readAll(START, 3)).toHaveLength(3);
    expect(readAll).toHaveBeenCalledTimes(2);
  });
});
