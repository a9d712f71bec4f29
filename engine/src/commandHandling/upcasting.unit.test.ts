import { describe, expect, it } from 'vitest';
import { createInMemoryEventStore } from '../eventStore/inMemory.ts';
import { createUpcasters, withUpcasting } from './upcasting.ts';

// BidPlaced v1 carried rupees as a float; v2 carries integer paise and the bid kind.
const upcasters = createUpcasters([
  {
    type: 'BidPlaced',
    fromVersion: 1,
    upcast: (data) => {
      const v1 = data as { rupees: number };
      return { amountPaise: Math.round(v1.rupees * 100), kind: 'open' };
    },
  },
]);

const metadata = (eventId: string) => ({ eventId, now: '2026-01-01T00:00:00.000Z' });

describe('upcasting', () => {
  it('reads an old v1 event as v2, before evolve or a projection sees it', async () => {
    const raw = createInMemoryEventStore();
    await raw.append(
      'ad-1',
      [{ type: 'BidPlaced', data: { rupees: 12.5 }, metadata: metadata('e1'), schemaVersion: 1 }],
      'no-stream',
    );
    const store = withUpcasting(raw, upcasters);

    const [fromStream] = await store.readStream('ad-1');
    const [fromAll] = await store.readAll({ commit: 0n, prepare: 0n }, 10);
    for (const event of [fromStream, fromAll]) {
      expect(event).toMatchObject({
        type: 'BidPlaced',
        schemaVersion: 2,
        data: { amountPaise: 1250, kind: 'open' },
      });
    }
  });

  it('leaves current events and other types alone', async () => {
    const raw = createInMemoryEventStore();
    const store = withUpcasting(raw, upcasters);
    await store.append(
      'ad-1',
      [
        { type: 'BidPlaced', data: { amountPaise: 700, kind: 'hidden' }, metadata: metadata('e1') },
        { type: 'AdPosted', data: { title: 'Cycle' }, metadata: metadata('e2') },
      ],
      'no-stream',
    );
    const [bid, ad] = await raw.readStream('ad-1');
    expect(bid).toMatchObject({ schemaVersion: 2, data: { amountPaise: 700, kind: 'hidden' } });
    expect(ad).toMatchObject({ schemaVersion: 1, data: { title: 'Cycle' } });
    expect(await store.readStream('ad-1')).toEqual([bid, ad]);
  });

  it('refuses an ambiguous or gapped registry', () => {
    const step = { type: 'X', fromVersion: 1, upcast: (d: unknown) => d };
    expect(() => createUpcasters([step, step])).toThrow(/Two upcasters/);
    expect(() => createUpcasters([{ ...step, fromVersion: 2 }])).toThrow(/no gaps/);
  });
});
