import { randomUUID } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adStream, type AdEvent } from '@boli/engine/ads/ad.events';
import { START, type EventStore } from '@boli/engine/eventStore/eventStore';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { createTestDatabase, type TestDatabase } from '../../../ops/src/testing/database.ts';
import { catchUp } from '../runtime/testing/catchUp.ts';
import { tableHash, waitUntil } from '../runtime/testing/adBids.ts';
import { finalCallsProjection } from './finalCalls.projection.ts';
import { openFinalCalls, openFinalCallsWithPosition } from './finalCalls.queries.ts';

let database: TestDatabase;
let db: Knex;
let store: EventStore;

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

async function append(adId: string, events: AdEvent[]): Promise<string[]> {
  const ids = events.map(() => randomUUID());
  await store.append(
    adStream(adId),
    events.map((event, i) => ({ ...event, metadata: { eventId: ids[i]!, now: at(0) } })),
    'any',
  );
  return ids;
}

const finalCall = (adId: string, deadline: string): AdEvent => ({
  type: 'FinalCallMade',
  data: { adId, deadline, madeAt: at(0) },
});
const closed = (adId: string, reason: 'closedEarlyByOwner' | 'finalCallExpired', when: string) =>
  ({ type: 'BiddingClosed', data: { adId, reason, closedAt: when } }) satisfies AdEvent;

let scooterCall: string | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 2 } });
  store = createPostgresEventStore({ connectionString: database.url });
  [scooterCall] = await append('ad-scooter', [finalCall('ad-scooter', at(90))]);
  await append('ad-bike', [finalCall('ad-bike', at(30))]);
  await append('ad-car', [finalCall('ad-car', at(60))]);
  await append('ad-car', [closed('ad-car', 'finalCallExpired', at(60))]);
  await append('ad-sofa', [finalCall('ad-sofa', at(120))]);
  await append('ad-sofa', [closed('ad-sofa', 'closedEarlyByOwner', at(5))]);
  // Closed without a final call: nothing for the timer.
  await append('ad-phone', [closed('ad-phone', 'closedEarlyByOwner', at(1))]);
  // The log shows a commit to readers once no older transaction runs anywhere on the server.
  await waitUntil(async () => (await store.readAll(START, 100)).length === 7);
  await catchUp({ databaseUrl: database.url, store, projection: finalCallsProjection });
});

afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

describe('the final calls read model', () => {
  it('lists the final calls still open, soonest deadline first', async () => {
    expect((await openFinalCalls(db)).map(({ adId, deadline }) => ({ adId, deadline }))).toEqual([
      { adId: 'ad-bike', deadline: at(30) },
      { adId: 'ad-scooter', deadline: at(90) },
    ]);
    expect((await openFinalCalls(db)).find((c) => c.adId === 'ad-scooter')?.finalCallEventId).toBe(
      scooterCall,
    );
  });

  it('keeps how each final call ended, and nothing for an ad closed without one', async () => {
    const rows = await db('final_calls').orderBy('ad_id').select('ad_id', 'close_reason');
    expect(rows).toEqual([
      { ad_id: 'ad-bike', close_reason: null },
      { ad_id: 'ad-car', close_reason: 'finalCallExpired' },
      { ad_id: 'ad-scooter', close_reason: null },
      { ad_id: 'ad-sofa', close_reason: 'closedEarlyByOwner' },
    ]);
  });

  it('gives the open calls with the log position they are true at', async () => {
    const { finalCalls, position } = await openFinalCallsWithPosition(db);
    expect(finalCalls).toHaveLength(2);
    const newer = await store.readAll(position, 10);
    expect(newer).toEqual([]);
    await append('ad-bike', [closed('ad-bike', 'finalCallExpired', at(30))]);
    // Readers of the log see a commit once no older transaction is running: poll for it.
    await waitUntil(async () => (await store.readAll(position, 10)).length > 0);
    const after = await store.readAll(position, 10);
    expect(after.map((e) => e.type)).toEqual(['BiddingClosed']);
  });

  it('replaying the log again changes nothing', async () => {
    await catchUp({ databaseUrl: database.url, store, projection: finalCallsProjection });
    const before = await tableHash(db, 'final_calls', 'ad_id');
    await catchUp({
      databaseUrl: database.url,
      store,
      projection: finalCallsProjection,
      replay: true,
    });
    expect(await tableHash(db, 'final_calls', 'ad_id')).toBe(before);
  });
});
