import type { Migration } from '../../shared/migration.ts';
import {
  chainHashSql,
  APPEND_LOCK_NAMESPACE,
  EXPECT_ANY,
  EXPECT_STREAM_EXISTS,
  NOTIFY_CHANNEL,
} from './sqlNames.ts';

/**
 * Group commit, set-based: several appends (to the same or different streams) in one
 * transaction, one round trip and one INSERT. It replaces event_store_append_batch, which
 * called event_store_append once per element and unpacked each element from JSON; measured,
 * that cost more than the commits it saved.
 *
 * Each append keeps its own expected-version check and its own answer, exactly as
 * event_store_append gives them: a conflict is that append's answer and does not touch the
 * others. All the streams' locks are taken first, in one fixed order, so two groups never
 * deadlock. An event id stored before fails the INSERT and aborts the whole group; the client
 * then appends its elements one by one.
 *
 * Appends arrive as parallel arrays (one entry per append: p_stream_ids, p_stream_json,
 * p_expected, p_counts) and events flattened in append order (p_event_ids … p_command_times;
 * p_counts[i] of them belong to append i). The hash is computed exactly as event_store_append
 * computes it.
 */
/** event_store_append_many's parameters and answer, as every version of it declares them. */
export const APPEND_MANY_SIGNATURE = `event_store_append_many(
  p_stream_ids text[],
  p_stream_json text[],
  p_expected integer[],
  p_counts integer[],
  p_event_ids text[],
  p_types text[],
  p_type_json text[],
  p_schema_versions integer[],
  p_data text[],
  p_metadata text[],
  p_command_times text[],
  p_notify boolean
) RETURNS TABLE (ordinal integer, outcome text, out_version integer, out_transaction_id text, out_position bigint, out_event_id text)`;

export const createAppendMany = (): string => `
CREATE FUNCTION ${APPEND_MANY_SIGNATURE}
LANGUAGE plpgsql AS $fn$
DECLARE
  v_appends integer := coalesce(array_length(p_stream_ids, 1), 0);
  v_heads jsonb := '{}'::jsonb;
  v_head jsonb;
  v_actual integer;
  v_prev_hash text;
  v_recorded_at timestamptz;
  v_first integer := 1;
  v_outcomes text[] := '{}';
  v_versions integer[] := '{}';
  v_last_ids text[] := '{}';
  v_retry record;
  ins_event_ids text[] := '{}';
  ins_stream_ids text[] := '{}';
  ins_versions integer[] := '{}';
  ins_types text[] := '{}';
  ins_schema_versions integer[] := '{}';
  ins_data text[] := '{}';
  ins_metadata text[] := '{}';
  ins_command_times text[] := '{}';
  ins_hashes text[] := '{}';
  ins_prev_hashes text[] := '{}';
  v_version integer;
  v_hash text;
  v_positions jsonb;
  v_any_notify boolean := false;
BEGIN
  PERFORM pg_advisory_xact_lock(${APPEND_LOCK_NAMESPACE}, s.key)
     FROM (SELECT DISTINCT hashtext(id) AS key FROM unnest(p_stream_ids) AS id ORDER BY 1) AS s;

  SELECT coalesce(jsonb_object_agg(h.stream_id, jsonb_build_array(h.stream_version, h.hash, h.transaction_id::text, h.position)), '{}'::jsonb)
    INTO v_heads
    FROM (SELECT DISTINCT id FROM unnest(p_stream_ids) AS id) AS s
    -- One backward index step per stream: DISTINCT ON would read every event of a long stream.
    CROSS JOIN LATERAL (SELECT e.stream_id, e.stream_version, e.hash, e.transaction_id, e.position
                          FROM event_store_events e WHERE e.stream_id = s.id
                         ORDER BY e.stream_version DESC LIMIT 1) AS h;

  -- Taken under the locks, so recorded_at never goes backwards within a stream.
  v_recorded_at := date_trunc('milliseconds', clock_timestamp());

  FOR a IN 1 .. v_appends LOOP
    v_head := v_heads -> p_stream_ids[a];
    IF v_head IS NULL THEN
      v_actual := -1;
      v_prev_hash := repeat('0', 64);
    ELSE
      v_actual := (v_head ->> 0)::integer;
      v_prev_hash := v_head ->> 1;
    END IF;

    IF NOT (p_expected[a] = ${EXPECT_ANY} OR (p_expected[a] = ${EXPECT_STREAM_EXISTS} AND v_actual >= 0) OR p_expected[a] = v_actual) THEN
      v_outcomes := v_outcomes || 'conflict'::text;
      v_versions := v_versions || v_actual;
      v_last_ids := v_last_ids || NULL::text;
    ELSIF p_counts[a] = 0 THEN
      v_outcomes := v_outcomes || 'empty'::text;
      v_versions := v_versions || v_actual;
      v_last_ids := v_last_ids || NULL::text;
    ELSE
      FOR i IN v_first .. v_first + p_counts[a] - 1 LOOP
        v_version := v_actual + 1 + (i - v_first);
        v_hash := ${chainHashSql('p_stream_json[a]', 'v_version')};
        ins_event_ids := ins_event_ids || p_event_ids[i];
        ins_stream_ids := ins_stream_ids || p_stream_ids[a];
        ins_versions := ins_versions || v_version;
        ins_types := ins_types || p_types[i];
        ins_schema_versions := ins_schema_versions || p_schema_versions[i];
        ins_data := ins_data || p_data[i];
        ins_metadata := ins_metadata || p_metadata[i];
        ins_command_times := ins_command_times || p_command_times[i];
        ins_hashes := ins_hashes || v_hash;
        ins_prev_hashes := ins_prev_hashes || v_prev_hash;
        v_prev_hash := v_hash;
      END LOOP;
      v_outcomes := v_outcomes || 'ok'::text;
      v_versions := v_versions || v_version;
      v_last_ids := v_last_ids || p_event_ids[v_first + p_counts[a] - 1];
      -- A later append to the same stream in this group sees these events.
      v_heads := jsonb_set(v_heads, ARRAY[p_stream_ids[a]], jsonb_build_array(v_version, v_prev_hash, NULL, NULL));
      v_any_notify := true;
    END IF;
    v_first := v_first + p_counts[a];
  END LOOP;

  WITH inserted AS (
    INSERT INTO event_store_events AS e
      (event_id, stream_id, stream_version, type, schema_version, data, metadata,
       recorded_at, command_time, hash, prev_hash)
    SELECT u.event_id, u.stream_id, u.version, u.type, u.schema_version, u.data::jsonb,
           u.metadata::jsonb, v_recorded_at, u.command_time::timestamptz, u.hash, u.prev_hash
      FROM unnest(ins_event_ids, ins_stream_ids, ins_versions, ins_types, ins_schema_versions,
                  ins_data, ins_metadata, ins_command_times, ins_hashes, ins_prev_hashes)
           AS u(event_id, stream_id, version, type, schema_version, data, metadata, command_time, hash, prev_hash)
    RETURNING e.event_id, e.transaction_id, e.position
  )
  SELECT coalesce(jsonb_object_agg(i.event_id, jsonb_build_array(i.transaction_id::text, i.position)), '{}'::jsonb)
    INTO v_positions FROM inserted AS i;

  FOR a IN 1 .. v_appends LOOP
    IF v_outcomes[a] = 'ok' THEN
      RETURN QUERY SELECT a, 'ok'::text, v_versions[a], v_positions -> v_last_ids[a] ->> 0,
        (v_positions -> v_last_ids[a] ->> 1)::bigint, NULL::text;
    ELSIF v_outcomes[a] = 'empty' THEN
      -- Nothing to store: the answer is the stream's head (as event_store_append gives it).
      RETURN QUERY SELECT a, 'ok'::text, e.stream_version, e.transaction_id::text, e.position, NULL::text
        FROM event_store_events e WHERE e.stream_id = p_stream_ids[a]
       ORDER BY e.stream_version DESC LIMIT 1;
      IF NOT FOUND THEN
        RETURN QUERY SELECT a, 'ok'::text, -1, NULL::text, NULL::bigint, NULL::text;
      END IF;
    ELSE
      -- A retry of an append stored before, whose expectation is stale by now, is recognised here.
      SELECT * INTO v_retry FROM event_store_retried(p_stream_ids[a],
        p_event_ids[(SELECT coalesce(sum(c), 0) FROM unnest(p_counts[1:a-1]) AS c) + 1 :
                    (SELECT coalesce(sum(c), 0) FROM unnest(p_counts[1:a]) AS c)]) AS r
       WHERE p_counts[a] > 0 AND r.outcome <> 'none';
      IF FOUND THEN
        RETURN QUERY SELECT a, v_retry.outcome, v_retry.out_version, v_retry.out_transaction_id, v_retry.out_position, v_retry.out_event_id;
      ELSE
        RETURN QUERY SELECT a, 'conflict'::text, v_versions[a], NULL::text, NULL::bigint, NULL::text;
      END IF;
    END IF;
  END LOOP;

  IF p_notify AND v_any_notify THEN
    PERFORM pg_notify('${NOTIFY_CHANNEL}', '');
  END IF;
END
$fn$;
`;

export const appendManyMigration: Migration = {
  name: 'engine_003_event_store_append_many',
  async up(knex) {
    await knex.raw(createAppendMany());
    await knex.raw(
      'DROP FUNCTION IF EXISTS event_store_append_batch(jsonb, boolean); DROP FUNCTION IF EXISTS event_store_texts(jsonb);',
    );
  },
  async down(knex) {
    await knex.raw('DROP FUNCTION IF EXISTS event_store_append_many');
  },
};
