/** A UUID in its text form, in either case: what a PostgreSQL `uuid` column accepts and stores. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `text` is a UUID: an id that can be looked up in a `uuid` column, or sent as one. */
export const isUuid = (text: string): boolean => UUID.test(text);

/**
 * A UUID laid over a hash (32 or more lowercase hex digits, e.g. a SHA-256 of a name): its first
 * 32 digits with `version` and the RFC's variant, so that the same name always gives the same
 * UUID. Ad ids from an Idempotency-Key and KurrentDB event ids have the version-5 layout they were
 * first made with; purchase ids from a key, version 8's.
 */
export function uuidOfHash(hex: string, version: '5' | '8'): string {
  const variant = ((parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `${version}${hex.slice(13, 16)}`,
    `${variant}${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ].join('-');
}
