import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../ops/src/testing/database.ts';
import { newEvent } from '../eventStore.contract.ts';
import type { EventStore } from '../eventStore.ts';
import { verifyStream } from '../hashChain.ts';
import { createPostgresEventStore } from './postgresEventStore.ts';

describe('an auditor verifying a stream stored in PostgreSQL', () => {
  let database: TestDatabase;
  let store: EventStore;
  let sql: pg.Pool;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = createPostgresEventStore({ connectionString: database.url });
    sql = new pg.Pool({ connectionString: database.url, max: 1 });
  });
  afterAll(async () => {
    await sql.end();
    await store.close();
    await database.drop();
  });

  async function bidHistory(): Promise<string> {
    const stream = `ad-${randomUUID()}`;
    await store.append(
      stream,
      Array.from({ length: 5 }, (_, n) =>
        newEvent(
          'BidPlaced',
          { amountPaise: 1000 * (n + 1) },
          { actor: { userId: `u-${n}`, role: 'member' } },
        ),
      ),
      'no-stream',
    );
    return stream;
  }

  it('finds an untouched stream intact', async () => {
    expect(await verifyStream(store, await bidHistory())).toEqual({ ok: true });
  });

  it('names the event whose data was changed in place as the first broken link', async () => {
    const stream = await bidHistory();
    await sql.query(
      `UPDATE event_store_events SET data = jsonb_set(data, '{amountPaise}', '1') WHERE stream_id = $1 AND stream_version = 2`,
      [stream],
    );
    expect(await verifyStream(store, stream)).toMatchObject({ ok: false, brokenAt: 2 });
  });

  it('names the event whose actor was changed, even when the later hashes were left alone', async () => {
    const stream = await bidHistory();
    await sql.query(
      `UPDATE event_store_events SET metadata = jsonb_set(metadata, '{actor,userId}', '"u-99"')
        WHERE stream_id = $1 AND stream_version IN (1, 3)`,
      [stream],
    );
    expect(await verifyStream(store, stream)).toMatchObject({ ok: false, brokenAt: 1 });
  });

  it('notices a deleted event', async () => {
    const stream = await bidHistory();
    await sql.query('DELETE FROM event_store_events WHERE stream_id = $1 AND stream_version = 3', [
      stream,
    ]);
    expect(await verifyStream(store, stream)).toMatchObject({ ok: false, brokenAt: 3 });
  });
});
