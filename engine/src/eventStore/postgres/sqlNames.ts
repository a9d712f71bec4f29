/* Names and codes the event store's SQL functions and its client share. */

/**
 * Advisory-lock namespace for appends ('EVNT'); the second key is hashtext(stream id). A hash
 * collision only makes two streams take turns, never mixes them up.
 */
export const APPEND_LOCK_NAMESPACE = 1163284052;

/** LISTEN/NOTIFY channel that wakes subscribers; polling stays the source of truth. */
export const NOTIFY_CHANNEL = 'event_store_appended';

/**
 * Expected versions as the append function takes them: >= 0 exact, -1 no stream, and these two.
 */
export const EXPECT_ANY = -2;
export const EXPECT_STREAM_EXISTS = -3;
