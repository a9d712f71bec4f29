import { createHash } from 'node:crypto';

/** Fixed namespace for ids derived from a command's id; changing it would break idempotent retries. */
const COMMAND_EVENTS_NAMESPACE = 'b0a1e5c2-7d3f-4f6e-9a21-4c8d2e6f1b37';

const uuidBytes = (uuid: string): Buffer => Buffer.from(uuid.replaceAll('-', ''), 'hex');

/** RFC 9562 UUIDv5 (SHA-1, name-based): the same name always gives the same id. */
export function uuidV5(name: string, namespace: string = COMMAND_EVENTS_NAMESPACE): string {
  const hash = createHash('sha1').update(uuidBytes(namespace)).update(name, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The id of the `index`-th event a command produces. The first is the command's own
 * `metadata.eventId`; the rest derive from it, so a retried command appends the very same ids and
 * the store recognises the retry instead of storing the events twice.
 */
export const eventIdFor = (commandEventId: string, index: number): string =>
  index === 0 ? commandEventId : uuidV5(`${commandEventId}/${index}`);
