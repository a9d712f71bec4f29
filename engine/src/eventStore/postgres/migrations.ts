import type { Migration } from '../../shared/migration.ts';
import {
  chainHashSql,
  APPEND_LOCK_NAMESPACE,
  EXPECT_ANY,
  EXPECT_STREAM_EXISTS,
  NOTIFY_CHANNEL,
} from './sqlNames.ts';
import { appendManyMigration } from './appendMany.migration.ts';
import {
  appendManyGenericMigration,
  appendSequencesMigration,
} from './appendManyGeneric.migration.ts';

const createEvents = `
CREATE SEQUENCE event_store_position_seq AS bigint;

CREATE TABLE event_store_events (
  position        bigint      NOT NULL DEFAULT nextval('event_store_position_seq'),
  -- The writing transaction: $all is read in (transaction_id, position) order, and only below
  -- the oldest running transaction, so an event committed late is never skipped.
  transaction_id  xid8        NOT NULL DEFAULT pg_current_xact_id(),
  event_id        text        NOT NULL,
  stream_id       text        NOT NULL,
  stream_version  integer     NOT NULL CHECK (stream_version >= 0),
  type            text        NOT NULL,
  schema_version  integer     NOT NULL DEFAULT 1,
  data            jsonb       NOT NULL,
  metadata        jsonb       NOT NULL,
  recorded_at     timestamptz NOT NULL,
  command_time    timestamptz NOT NULL,
  hash            text        NOT NULL,
  prev_hash       text        NOT NULL,
  CONSTRAINT event_store_events_pkey PRIMARY KEY (stream_id, stream_version),
  CONSTRAINT event_store_events_event_id_key UNIQUE (event_id)
);
ALTER SEQUENCE event_store_position_seq OWNED BY event_store_events.position;

CREATE INDEX event_store_events_global_order ON event_store_events (transaction_id, position);
`;

/**
 * Whether the given ids were stored by one earlier append to this stream, in this order:
 * 'retry' with that append's result, 'duplicate' naming a clashing id, or 'none'.
 */
const createRetriedFunction = `
CREATE FUNCTION event_store_retried(p_stream_id text, p_event_ids text[])
RETURNS TABLE (outcome text, out_version integer, out_transaction_id text, out_position bigint, out_event_id text)
LANGUAGE plpgsql STABLE AS $fn$
DECLARE
  v_count integer := coalesce(array_length(p_event_ids, 1), 0);
  v_first_version integer;
  v_matched integer;
  v_clash text;
BEGIN
  SELECT s.id INTO v_clash FROM unnest(p_event_ids) AS s(id)
   WHERE EXISTS (SELECT 1 FROM event_store_events e WHERE e.event_id = s.id) LIMIT 1;
  IF v_clash IS NULL THEN
    RETURN QUERY SELECT 'none'::text, NULL::integer, NULL::text, NULL::bigint, NULL::text;
    RETURN;
  END IF;
  SELECT e.stream_version INTO v_first_version
    FROM event_store_events e WHERE e.event_id = p_event_ids[1] AND e.stream_id = p_stream_id;
  SELECT count(*) INTO v_matched
    FROM unnest(p_event_ids) WITH ORDINALITY AS s(id, ord)
    JOIN event_store_events e ON e.event_id = s.id
   WHERE e.stream_id = p_stream_id AND e.stream_version = v_first_version + s.ord - 1;
  IF v_matched = v_count THEN
    RETURN QUERY SELECT 'retry'::text, e.stream_version, e.transaction_id::text, e.position, NULL::text
      FROM event_store_events e WHERE e.event_id = p_event_ids[v_count];
  ELSE
    RETURN QUERY SELECT 'duplicate'::text, NULL::integer, NULL::text, NULL::bigint, v_clash;
  END IF;
END
$fn$;
`;

/**
 * One round trip per append. Under a per-stream advisory lock (held to commit, so appends to one
 * stream take turns and get increasing transaction ids) the function checks the expected version
 * against the stream's last event, then chains and inserts the new events. The fast path does
 * not look for retries: a stored event id fails the insert on its unique index, and the client
 * then asks event_store_retried. A retry whose expected version is stale by now is recognised
 * here, on the conflict path.
 *
 * The hash covers the event's canonical JSON, assembled from the client's canonical pieces
 * (chainHashSql in sqlNames.ts).
 *
 * p_notify: NOTIFY inside the transaction. PostgreSQL serialises every committing transaction
 * that has notified (a database-wide lock held through the commit's WAL flush), so the client
 * normally notifies after commit instead; see postgresEventStore.ts.
 */
const createAppendFunction = `
CREATE FUNCTION event_store_append(
  p_stream_id text,
  p_stream_json text,
  p_expected integer,
  p_event_ids text[],
  p_types text[],
  p_type_json text[],
  p_schema_versions integer[],
  p_data text[],
  p_metadata text[],
  p_command_times text[],
  p_notify boolean
) RETURNS TABLE (outcome text, out_version integer, out_transaction_id text, out_position bigint, out_event_id text)
LANGUAGE plpgsql AS $fn$
DECLARE
  v_count integer := coalesce(array_length(p_event_ids, 1), 0);
  v_actual integer;
  v_prev_hash text;
  v_hash text;
  v_version integer;
  v_recorded_at timestamptz;
  v_txid xid8;
  v_position bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(${APPEND_LOCK_NAMESPACE}, hashtext(p_stream_id));

  SELECT e.stream_version, e.hash, e.transaction_id, e.position INTO v_actual, v_prev_hash, v_txid, v_position
    FROM event_store_events e WHERE e.stream_id = p_stream_id
   ORDER BY e.stream_version DESC LIMIT 1;
  IF NOT FOUND THEN
    v_actual := -1;
    v_prev_hash := repeat('0', 64);
  END IF;

  IF NOT (p_expected = ${EXPECT_ANY} OR (p_expected = ${EXPECT_STREAM_EXISTS} AND v_actual >= 0) OR p_expected = v_actual) THEN
    IF v_count > 0 THEN
      RETURN QUERY SELECT * FROM event_store_retried(p_stream_id, p_event_ids) r WHERE r.outcome <> 'none';
      IF FOUND THEN RETURN; END IF;
    END IF;
    RETURN QUERY SELECT 'conflict'::text, v_actual, NULL::text, NULL::bigint, NULL::text;
    RETURN;
  END IF;

  IF v_count = 0 THEN
    RETURN QUERY SELECT 'ok'::text, v_actual, v_txid::text, v_position, NULL::text;
    RETURN;
  END IF;

  -- Taken under the lock, so recorded_at never goes backwards within a stream.
  v_recorded_at := date_trunc('milliseconds', clock_timestamp());
  FOR i IN 1 .. v_count LOOP
    v_version := v_actual + i;
    v_hash := ${chainHashSql('p_stream_json', 'v_version')};
    INSERT INTO event_store_events AS e
      (event_id, stream_id, stream_version, type, schema_version, data, metadata,
       recorded_at, command_time, hash, prev_hash)
    VALUES
      (p_event_ids[i], p_stream_id, v_version, p_types[i], p_schema_versions[i], p_data[i]::jsonb,
       p_metadata[i]::jsonb, v_recorded_at, p_command_times[i]::timestamptz, v_hash, v_prev_hash)
    RETURNING e.transaction_id, e.position INTO v_txid, v_position;
    v_prev_hash := v_hash;
  END LOOP;

  IF p_notify THEN
    PERFORM pg_notify('${NOTIFY_CHANNEL}', '');
  END IF;
  RETURN QUERY SELECT 'ok'::text, v_version, v_txid::text, v_position, NULL::text;
END
$fn$;
`;

/**
 * Replaced by event_store_append_many (appendMany.migration.ts); kept as shipped.
 *
 * Group commit: several appends, to the same or different streams, in one transaction and one
 * round trip. Each element is appended exactly as event_store_append would (a conflict is that
 * element's answer and does not touch the others). All the streams' locks are taken first, in
 * one fixed order, so two batches never deadlock. An error (an event id stored before) aborts
 * the whole batch; the client then appends its elements one by one.
 *
 * p_batch: [{ streamId, streamJson, expected, eventIds: [], types: [], typeJson: [],
 * schemaVersions: [], data: [], metadata: [], commandTimes: [] }], where data and metadata are
 * the canonical JSON texts as JSON strings, so the exact text that was hashed arrives intact.
 */
const createAppendBatchFunction = `
CREATE FUNCTION event_store_texts(p_array jsonb) RETURNS text[]
LANGUAGE sql IMMUTABLE AS $fn$
  SELECT coalesce(array_agg(t.v ORDER BY t.o), '{}') FROM jsonb_array_elements_text(p_array) WITH ORDINALITY AS t(v, o)
$fn$;

CREATE FUNCTION event_store_append_batch(p_batch jsonb, p_notify boolean)
RETURNS TABLE (ordinal integer, outcome text, out_version integer, out_transaction_id text, out_position bigint, out_event_id text)
LANGUAGE plpgsql AS $fn$
DECLARE
  r record;
BEGIN
  PERFORM pg_advisory_xact_lock(${APPEND_LOCK_NAMESPACE}, s.key)
     FROM (SELECT DISTINCT hashtext(a->>'streamId') AS key FROM jsonb_array_elements(p_batch) AS a ORDER BY 1) AS s;
  FOR r IN SELECT t.a, t.ord FROM jsonb_array_elements(p_batch) WITH ORDINALITY AS t(a, ord) ORDER BY t.ord LOOP
    RETURN QUERY SELECT r.ord::integer, x.outcome, x.out_version, x.out_transaction_id, x.out_position, x.out_event_id
      FROM event_store_append(
        r.a->>'streamId',
        r.a->>'streamJson',
        (r.a->>'expected')::integer,
        event_store_texts(r.a->'eventIds'),
        event_store_texts(r.a->'types'),
        event_store_texts(r.a->'typeJson'),
        event_store_texts(r.a->'schemaVersions')::integer[],
        event_store_texts(r.a->'data'),
        event_store_texts(r.a->'metadata'),
        event_store_texts(r.a->'commandTimes'),
        false) AS x;
  END LOOP;
  IF p_notify THEN
    PERFORM pg_notify('${NOTIFY_CHANNEL}', '');
  END IF;
END
$fn$;
`;

export const eventStoreMigrations: readonly Migration[] = [
  {
    name: 'engine_001_event_store',
    async up(knex) {
      await knex.raw(createEvents);
      await knex.raw(createRetriedFunction);
      await knex.raw(createAppendFunction);
      await knex.raw(createAppendBatchFunction);
    },
    async down(knex) {
      await knex.raw(
        'DROP FUNCTION IF EXISTS event_store_append_batch; DROP FUNCTION IF EXISTS event_store_texts; DROP FUNCTION IF EXISTS event_store_append; DROP FUNCTION IF EXISTS event_store_retried; DROP TABLE IF EXISTS event_store_events;',
      );
    },
  },
  appendManyMigration,
  appendManyGenericMigration,
  appendSequencesMigration,
];
