/** A UUID in its text form, in either case: what a PostgreSQL `uuid` column accepts and stores. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `text` is a UUID: an id that can be looked up in a `uuid` column, or sent as one. */
export const isUuid = (text: string): boolean => UUID.test(text);
