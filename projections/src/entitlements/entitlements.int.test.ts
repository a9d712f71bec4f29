import { randomUUID } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStream } from '@boli/engine/accounts/account.events';
import { START, type EventStore } from '@boli/engine/eventStore/eventStore';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { createTestDatabase, type TestDatabase } from '../../../ops/src/testing/database.ts';
import { catchUp } from '../runtime/testing/catchUp.ts';
import { tableHash, waitUntil } from '../runtime/testing/adBids.ts';
import { entitlementsProjection } from './entitlements.projection.ts';
import { activeEntitlements, hasActiveEntitlement } from './entitlements.queries.ts';

let database: TestDatabase;
let db: Knex;
let store: EventStore;

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const at = (days: number) => new Date(T0 + days * 24 * 3_600_000);

async function startTrial(userId: string, fromDay: number, toDay: number): Promise<string> {
  const eventId = randomUUID();
  await store.append(
    accountStream(userId),
    [
      {
        type: 'TrialStarted',
        data: { userId, startsAt: at(fromDay).toISOString(), endsAt: at(toDay).toISOString() },
        metadata: { eventId, now: at(fromDay).toISOString() },
      },
    ],
    'any',
  );
  return eventId;
}

let ashaTrial: string;

beforeAll(async () => {
  database = await createTestDatabase();
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 2 } });
  store = createPostgresEventStore({ connectionString: database.url });
  ashaTrial = await startTrial('u-asha', 0, 7);
  await startTrial('u-ravi', -30, -23);
  await store.append(
    accountStream('u-meena'),
    [
      {
        type: 'EmailVerified',
        data: { userId: 'u-meena', verifiedAt: at(0).toISOString() },
        metadata: { eventId: randomUUID(), now: at(0).toISOString() },
      },
    ],
    'any',
  );
  // The log shows a commit to readers once no older transaction runs anywhere on the server.
  await waitUntil(async () => (await store.readAll(START, 100)).length === 3);
  await catchUp({ databaseUrl: database.url, store, projection: entitlementsProjection });
});

afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

describe('the entitlements read model', () => {
  it('a member in the free trial may bid and sell until the trial ends', async () => {
    expect(await hasActiveEntitlement(db, 'u-asha', at(0))).toBe(true);
    expect(await hasActiveEntitlement(db, 'u-asha', at(6.99))).toBe(true);
    expect(await hasActiveEntitlement(db, 'u-asha', at(7))).toBe(false);
    expect(await hasActiveEntitlement(db, 'u-asha', at(-0.01))).toBe(false);
    expect(await activeEntitlements(db, 'u-asha', at(1))).toEqual([
      {
        sourceEventId: ashaTrial,
        userId: 'u-asha',
        kind: 'trial',
        startsAt: at(0).toISOString(),
        endsAt: at(7).toISOString(),
      },
    ]);
  });

  it('a member whose trial ended, or who never finished sign-up, has none', async () => {
    expect(await hasActiveEntitlement(db, 'u-ravi', at(0))).toBe(false);
    expect(await activeEntitlements(db, 'u-ravi', at(0))).toEqual([]);
    expect(await hasActiveEntitlement(db, 'u-meena', at(0))).toBe(false);
    expect(await hasActiveEntitlement(db, 'u-nobody', at(0))).toBe(false);
  });

  it('a lifetime row (ends_at null) stays active for ever', async () => {
    // Billing will write these; the queries already read them.
    await db('entitlements').insert({
      source_event_id: 'e-lifetime',
      user_id: 'u-ravi',
      kind: 'subscription',
      starts_at: at(1),
      ends_at: null,
    });
    try {
      expect(await hasActiveEntitlement(db, 'u-ravi', at(10_000))).toBe(true);
      expect((await activeEntitlements(db, 'u-ravi', at(2)))[0]).toMatchObject({
        kind: 'subscription',
        endsAt: null,
      });
    } finally {
      await db('entitlements').where({ source_event_id: 'e-lifetime' }).delete();
    }
  });

  it('replaying the log again changes nothing', async () => {
    const before = await tableHash(db, 'entitlements', 'source_event_id');
    await catchUp({
      databaseUrl: database.url,
      store,
      projection: entitlementsProjection,
      replay: true,
    });
    expect(await tableHash(db, 'entitlements', 'source_event_id')).toBe(before);
    expect(await db('entitlements').count({ n: '*' })).toEqual([{ n: '2' }]);
  });
});
