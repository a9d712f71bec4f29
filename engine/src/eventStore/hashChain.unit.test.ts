import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { newEvent, uniqueStream } from './eventStore.contract.ts';
import type { RecordedEvent } from './eventStore.ts';
import {
  GENESIS_HASH,
  canonicalJson,
  eventHash,
  sha256hex,
  verifyStreamChain,
} from './hashChain.ts';
import { createInMemoryEventStore } from './inMemory.ts';

describe('canonical JSON', () => {
  it('sorts keys at every depth and leaves out whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 0, y: 'x' }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"y":"x","z":0}]},"b":1}',
    );
  });

  it('writes bigint as a decimal string, Date as ISO-8601, and drops undefined members', () => {
    expect(
      canonicalJson({
        big: 12345678901234567890n,
        at: new Date('2026-01-02T03:04:05.678Z'),
        gone: undefined,
      }),
    ).toBe('{"at":"2026-01-02T03:04:05.678Z","big":"12345678901234567890"}');
    expect(canonicalJson([undefined, 1])).toBe('[null,1]');
  });

  it('refuses numbers JSON cannot hold', () => {
    expect(() => canonicalJson({ x: Number.NaN })).toThrow(TypeError);
  });

  it('does not depend on key order and survives a JSON round trip', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(canonicalJson(JSON.parse(text))).toBe(text);
        expect(canonicalJson(JSON.parse(JSON.stringify(value)))).toBe(text);
      }),
    );
  });
});

describe('verifying a stream chain', () => {
  async function chainOf(length: number): Promise<RecordedEvent[]> {
    const store = createInMemoryEventStore();
    const stream = uniqueStream();
    await store.append(
      stream,
      Array.from({ length }, (_, n) => newEvent('N', { n })),
      'no-stream',
    );
    return store.readStream(stream);
  }

  it('accepts an untouched stream, and an empty one', async () => {
    expect(verifyStreamChain(await chainOf(5))).toEqual({ ok: true });
    expect(verifyStreamChain([])).toEqual({ ok: true });
  });

  it('hashes the previous hash followed by the canonical event', async () => {
    const [first] = await chainOf(1);
    const { streamId, streamVersion, type, data, schemaVersion, metadata } = first!;
    expect(first!.hash).toBe(
      sha256hex(
        GENESIS_HASH +
          canonicalJson({ streamId, streamVersion, type, data, schemaVersion, metadata }),
      ),
    );
    expect(eventHash(GENESIS_HASH, first!)).toBe(first!.hash);
  });

  it('names the first altered event', async () => {
    const events = await chainOf(5);
    events[2] = { ...events[2]!, data: { n: 99 } };
    events[4] = { ...events[4]!, type: 'Other' };
    const verdict = verifyStreamChain(events);
    expect(verdict).toMatchObject({ ok: false, brokenAt: 2 });
  });

  it('notices a removed event and a rewritten hash', async () => {
    const events = await chainOf(4);
    expect(verifyStreamChain([events[0]!, events[2]!, events[3]!])).toMatchObject({
      ok: false,
      brokenAt: 1,
    });
    const rehashed = { ...events[1]!, data: { n: 7 } };
    const forged = { ...rehashed, hash: eventHash(rehashed.prevHash, rehashed) };
    expect(verifyStreamChain([events[0]!, forged, events[2]!, events[3]!])).toMatchObject({
      ok: false,
      brokenAt: 2,
    });
  });
});
