/* Names, codes and fragments the event store's SQL functions and its client share. */

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

/**
 * SQL for the chain hash of event `i` of an append function: SHA-256 (hex) over `v_prev_hash` and
 * the event's canonical JSON, assembled from the client's canonical pieces (the functions'
 * parameters p_data[i], p_metadata[i], p_schema_versions[i], p_type_json[i]) in hashChain.ts's key
 * order: data, metadata, schemaVersion, streamId, streamVersion, type. `streamJson` and
 * `streamVersion` are the SQL expressions of the stream id as JSON and of the event's version.
 */
export const chainHashSql = (streamJson: string, streamVersion: string): string =>
  `encode(sha256(convert_to(
      v_prev_hash || '{"data":' || p_data[i] || ',"metadata":' || p_metadata[i]
        || ',"schemaVersion":' || p_schema_versions[i] || ',"streamId":' || ${streamJson}
        || ',"streamVersion":' || ${streamVersion} || ',"type":' || p_type_json[i] || '}',
      'UTF8')), 'hex')`;
