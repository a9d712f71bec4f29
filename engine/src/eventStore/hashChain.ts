import { createHash } from 'node:crypto';
import type { EventStore, NewEventMetadata, RecordedEvent } from './eventStore.ts';

/** prevHash of a stream's first event. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * Canonical JSON: object keys sorted by UTF-16 code unit, no whitespace. So that the hash is the
 * same whether the event came straight from a command or back out of jsonb:
 * - `undefined` object members are left out (as JSON.stringify does); `undefined` in an array is `null`;
 * - a bigint is written as its decimal string (jsonb has no bigint; the domain keeps paise in numbers);
 * - a Date is written as its ISO-8601 string;
 * - non-finite numbers are refused, since jsonb cannot hold them and the chain could not be re-verified.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`Cannot hash non-finite number ${value}`);
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      return JSON.stringify(value.toString());
    case 'object': {
      if (value instanceof Date) return JSON.stringify(value.toISOString());
      if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
      const record = value as Record<string, unknown>;
      const members = Object.keys(record)
        .filter((key) => record[key] !== undefined)
        .sort()
        .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
      return `{${members.join(',')}}`;
    }
    default:
      throw new TypeError(`Cannot hash a ${typeof value}`);
  }
}

/**
 * Turns a value into what it will look like after a round trip through JSON (jsonb, KurrentDB):
 * what is stored is exactly what was hashed.
 */
export const toStoredJson = <T>(value: T): T => JSON.parse(canonicalJson(value)) as T;

export type ChainedFields = {
  readonly streamId: string;
  readonly streamVersion: number;
  readonly type: string;
  readonly data: unknown;
  readonly schemaVersion: number;
  readonly metadata: NewEventMetadata;
};

export const sha256hex = (text: string): string =>
  createHash('sha256').update(text, 'utf8').digest('hex');

export function eventHash(prevHash: string, event: ChainedFields): string {
  const { streamId, streamVersion, type, data, schemaVersion, metadata } = event;
  return sha256hex(
    prevHash + canonicalJson({ streamId, streamVersion, type, data, schemaVersion, metadata }),
  );
}

export type ChainVerdict = { ok: true } | { ok: false; brokenAt: number; reason: string };

/** Checks a whole stream, read from version 0 in order; names the first broken link. */
export function verifyStreamChain(events: readonly RecordedEvent[]): ChainVerdict {
  let prevHash = GENESIS_HASH;
  for (const [index, event] of events.entries()) {
    if (event.streamVersion !== index) {
      return {
        ok: false,
        brokenAt: index,
        reason: `expected version ${index}, found ${event.streamVersion}`,
      };
    }
    if (event.prevHash !== prevHash) {
      return {
        ok: false,
        brokenAt: index,
        reason: `prevHash ${event.prevHash} does not match the hash of the previous event ${prevHash}`,
      };
    }
    const expected = eventHash(prevHash, event);
    if (event.hash !== expected) {
      return {
        ok: false,
        brokenAt: index,
        reason: `stored hash ${event.hash} does not match content hash ${expected}`,
      };
    }
    prevHash = event.hash;
  }
  return { ok: true };
}

export async function verifyStream(store: EventStore, streamId: string): Promise<ChainVerdict> {
  return verifyStreamChain(await store.readStream(streamId));
}
