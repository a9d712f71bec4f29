import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../ops/src/testing/database.ts';
import { newEvent } from '../eventStore.contract.ts';
import type { EventStore, NewEvent } from '../eventStore.ts';
import type { InlineWrite } from './inlineWrite.ts';
import { createPostgresEventStore } from './postgresEventStore.ts';

/** Writes each append whose last event is a `Noted` with `keep` into `table`, with its position. */
const notes = (table: string): InlineWrite => ({
  readModel: 'notes',
  rowsOf: (appends) =>
    appends.flatMap((events: readonly NewEvent[], index) => {
      const last = events[events.length - 1];
      const data = last?.data as { keep?: boolean; text?: string } | undefined;
      return last?.type === 'Noted' && data?.keep ? [{ ordinal: index + 1, text: data.text }] : [];
    }),
  ctes: (rows) => `kept AS (
      SELECT r.ordinal, r.text, a.out_transaction_id::bigint AS tx, a.out_position AS position
        FROM json_to_recordset(${rows}::json) AS r(ordinal integer, text text)
        JOIN appended a ON a.ordinal = r.ordinal AND a.outcome = 'ok'
    ), stored AS (INSERT INTO ${table} SELECT text, tx, position FROM kept),
    inline_written AS (SELECT ordinal FROM kept)`,
});

const noted = (text: string, keep = true) => newEvent('Noted', { text, keep });

describe('an append that writes a read model in its own statement', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let store: EventStore;
  let broken: EventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    await pool.query('CREATE TABLE notes (text text, tx bigint, position bigint)');
    store = createPostgresEventStore({
      connectionString: database.url,
      inlineWrite: notes('notes'),
    });
    broken = createPostgresEventStore({
      connectionString: database.url,
      inlineWrite: notes('no_such_table'),
    });
  });
  afterAll(async () => {
    await Promise.all([store?.close(), broken?.close(), pool?.end()]);
    await database?.drop();
  });

  it('writes the rows with the events’ positions, alone or in a group, and says which', async () => {
    const alone = await store.append('note-1', [noted('alone')], 'no-stream');
    const group = await Promise.all([
      store.append('note-2', [noted('first')], 'no-stream'),
      store.append('note-3', [noted('left out', false)], 'no-stream'),
      store.append('note-4', [newEvent('Other', {}), noted('last of two')], 'no-stream'),
    ]);
    expect(alone.writtenInline).toEqual(['notes']);
    expect(group.map((result) => result.writtenInline)).toEqual([['notes'], undefined, ['notes']]);
    const { rows } = await pool.query<{ text: string; tx: string; position: string }>(
      'SELECT text, tx, position FROM notes ORDER BY position',
    );
    expect(rows.map((row) => row.text)).toEqual(['alone', 'first', 'last of two']);
    const positions = [alone, group[0]!, group[2]!].map(({ lastPosition }) => ({
      tx: lastPosition.commit.toString(),
      position: lastPosition.prepare.toString(),
    }));
    expect(rows.map(({ tx, position }) => ({ tx, position }))).toEqual(positions);
  });

  it('writes nothing for an append that meets a newer stream', async () => {
    await expect(store.append('note-1', [noted('stale')], 'no-stream')).rejects.toThrow();
    const { rows } = await pool.query("SELECT 1 FROM notes WHERE text = 'stale'");
    expect(rows).toEqual([]);
  });

  it('still appends when the read model cannot be written, and says it was not', async () => {
    const result = await broken.append('note-5', [noted('kept anyway')], 'no-stream');
    expect(result.writtenInline).toBeUndefined();
    expect((await broken.readStream('note-5')).map((event) => event.type)).toEqual(['Noted']);
  });
});
