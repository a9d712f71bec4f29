import type pg from 'pg';
import type { NewEvent } from '../eventStore.ts';
import { canonicalJson, GENESIS_HASH, sha256hex } from '../hashChain.ts';
import { NOTIFY_CHANNEL } from './sqlNames.ts';

/*
 * Loading many new streams at once (synthetic catalogues for benchmarks, imports): one INSERT
 * per batch instead of one event_store_append call per stream. The rows are exactly what
 * event_store_append would store — the same canonical JSON, the same hash chain (computed here
 * as hashChain.ts's eventHash does, which is what verifyStream checks), positions in the given order — but the
 * batch takes no per-stream advisory locks: it only creates streams, and the primary key
 * (stream_id, stream_version) refuses a stream that exists, rolling the whole batch back. So a
 * concurrent append to one of these brand-new streams makes the batch fail, never interleave.
 * Not for the request path: a command appends through the store port.
 */

/**
 * An event to bulk-load. A caller that builds millions may pass the canonical JSON of `data` and
 * `metadata` it already has (hashChain.ts's canonicalJson, byte for byte), saving the work here.
 */
export type BulkEvent = NewEvent & {
  readonly canonicalData?: string;
  readonly canonicalMetadata?: string;
};

export type NewStream = { readonly streamId: string; readonly events: readonly BulkEvent[] };

/** Column arrays for one INSERT … SELECT FROM unnest(…). */
function columnsOf(streams: readonly NewStream[]) {
  const columns = {
    eventIds: [] as string[],
    streamIds: [] as string[],
    versions: [] as number[],
    types: [] as string[],
    schemaVersions: [] as number[],
    data: [] as string[],
    metadata: [] as string[],
    commandTimes: [] as string[],
    hashes: [] as string[],
    prevHashes: [] as string[],
  };
  for (const { streamId, events } of streams) {
    let prevHash = GENESIS_HASH;
    const streamJson = JSON.stringify(streamId);
    events.forEach((event, streamVersion) => {
      const schemaVersion = event.schemaVersion ?? 1;
      const data = event.canonicalData ?? canonicalJson(event.data);
      const metadata = event.canonicalMetadata ?? canonicalJson(event.metadata);
      // canonicalJson of { data, metadata, schemaVersion, streamId, streamVersion, type }, as
      // eventHash and event_store_append build it, from the pieces already serialised.
      const hash = sha256hex(
        `${prevHash}{"data":${data},"metadata":${metadata},"schemaVersion":${schemaVersion},"streamId":${streamJson},"streamVersion":${streamVersion},"type":${JSON.stringify(event.type)}}`,
      );
      columns.eventIds.push(event.metadata.eventId);
      columns.streamIds.push(streamId);
      columns.versions.push(streamVersion);
      columns.types.push(event.type);
      columns.schemaVersions.push(schemaVersion);
      columns.data.push(data);
      columns.metadata.push(metadata);
      columns.commandTimes.push(event.metadata.now);
      columns.hashes.push(hash);
      columns.prevHashes.push(prevHash);
      prevHash = hash;
    });
  }
  return columns;
}

const INSERT_SQL = `
INSERT INTO event_store_events
  (event_id, stream_id, stream_version, type, schema_version, data, metadata, recorded_at,
   command_time, hash, prev_hash)
SELECT e.event_id, e.stream_id, e.stream_version, e.type, e.schema_version, e.data::jsonb,
       e.metadata::jsonb, date_trunc('milliseconds', clock_timestamp()), e.command_time::timestamptz,
       e.hash, e.prev_hash
  FROM unnest($1::text[], $2::text[], $3::integer[], $4::text[], $5::integer[], $6::text[],
              $7::text[], $8::text[], $9::text[], $10::text[])
       WITH ORDINALITY AS e(event_id, stream_id, stream_version, type, schema_version, data,
                            metadata, command_time, hash, prev_hash, ordinal)
 ORDER BY e.ordinal`;

/**
 * Appends every stream, each new, in one transaction and one round trip; answers how many events
 * were stored. Throws (storing nothing) if a stream or an event id already exists. Wakes
 * subscribers with one NOTIFY after the commit.
 */
export async function appendNewStreams(
  pool: pg.Pool,
  streams: readonly NewStream[],
): Promise<number> {
  if (streams.length === 0) return 0;
  const c = columnsOf(streams);
  const client = await pool.connect();
  try {
    const { rowCount } = await client.query(INSERT_SQL, [
      c.eventIds,
      c.streamIds,
      c.versions,
      c.types,
      c.schemaVersions,
      c.data,
      c.metadata,
      c.commandTimes,
      c.hashes,
      c.prevHashes,
    ]);
    await client.query(`NOTIFY ${NOTIFY_CHANNEL}`);
    return rowCount ?? 0;
  } finally {
    client.release();
  }
}

/** Which of these streams already hold events (so a re-run can leave them out). */
export async function existingStreams(
  pool: pg.Pool,
  streamIds: readonly string[],
): Promise<Set<string>> {
  const { rows } = await pool.query<{ stream_id: string }>(
    `SELECT stream_id FROM event_store_events
      WHERE stream_id = ANY($1::text[]) AND stream_version = 0`,
    [streamIds],
  );
  return new Set(rows.map((row) => row.stream_id));
}
