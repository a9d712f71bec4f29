import { randomUUID } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountStream, type AccountEvent } from '@boli/engine/accounts/account.events';
import { memberRegistered } from '@boli/engine/accounts/account.fixtures';
import { purchaseStream, type PurchaseFulfilled } from '@boli/engine/billing/purchase.events';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { shareBidsStream, type ShareBidPlaced } from '@boli/engine/shares/shareBid.events';
import { createTestDatabase, type TestDatabase } from '../../../ops/src/testing/database.ts';
import { catchUpAll } from '../runtime/testing/catchUpAll.ts';
import { tableHash } from '../runtime/testing/adBids.ts';
import { usersProjection } from '../users/users.projection.ts';
import { findUserById, toUserDetail } from '../users/users.queries.ts';
import { shareBidsProjection } from './shareBids.projection.ts';
import { listShareBids } from './shareBids.queries.ts';

/*
 * Share bids and the buy-share fee flag from real events in PostgreSQL, each read model replayed a
 * second time over its rows without changing them. Asha paid the fee and bid twice as Mango
 * Traders; Bala bid once, Hidden, as Kite Exports; Chitra bought a subscription only.
 */

let database: TestDatabase;
let db: Knex;
let store: EventStore;

const T0 = '2026-03-01T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
const meta = () => ({ eventId: randomUUID(), now: T0 });

const ASHA = { userId: 'u-asha', username: 'asha_rao' };
const BALA = { userId: 'u-bala', username: 'bala_k' };
const CHITRA = { userId: 'u-chitra', username: 'chitra_s' };

const PROJECTIONS = [usersProjection, shareBidsProjection];

async function register({ userId, username }: { userId: string; username: string }) {
  const events: AccountEvent[] = [
    memberRegistered(userId, username, T0),
    { type: 'MobileVerified', data: { userId, phone: '9876543210', verifiedAt: at(1) } },
  ];
  await store.append(
    accountStream(userId),
    events.map((event) => ({ ...event, metadata: meta() })),
    'no-stream',
  );
}

async function fulfil(userId: string, outcome: PurchaseFulfilled['data']['outcome']) {
  const purchaseId = randomUUID();
  const event: PurchaseFulfilled = {
    type: 'PurchaseFulfilled',
    data: {
      purchaseId,
      userId,
      kind: outcome.type === 'shareFeePaid' ? 'shareFee' : 'subscription',
      outcome,
      fulfilledAt: at(30),
    },
  };
  // Only the fact this read model reads: the purchase's earlier events do not matter to it.
  await store.append(purchaseStream(purchaseId), [{ ...event, metadata: meta() }], 'any');
}

const placed = (
  who: { userId: string; username: string },
  data: Pick<ShareBidPlaced['data'], 'bidId' | 'company' | 'amount' | 'type' | 'placedAt'>,
): ShareBidPlaced => ({ type: 'ShareBidPlaced', data: { ...who, ...data } });

beforeAll(async () => {
  database = await createTestDatabase();
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 2 } });
  store = createPostgresEventStore({ connectionString: database.url });
  for (const member of [ASHA, BALA, CHITRA]) await register(member);
  await fulfil(ASHA.userId, { type: 'shareFeePaid', company: 'Mango Traders' });
  await fulfil(CHITRA.userId, { type: 'subscriptionActivated', planId: 'lifetime', startsAt: T0 });
  const bids = [
    placed(ASHA, {
      bidId: 'sb-1',
      company: 'Mango Traders',
      amount: 2_500_000,
      type: 'Open',
      placedAt: at(31),
    }),
    placed(BALA, {
      bidId: 'sb-2',
      company: 'Kite Exports',
      amount: 9_900_050,
      type: 'Hidden',
      placedAt: at(32),
    }),
    placed(ASHA, {
      bidId: 'sb-3',
      company: 'mango traders',
      amount: 3_000_000,
      type: 'Hidden',
      placedAt: at(33),
    }),
  ];
  await store.append(
    shareBidsStream('Mango Traders'),
    [bids[0]!, bids[2]!].map((event) => ({ ...event, metadata: meta() })),
    'no-stream',
  );
  await store.append(
    shareBidsStream('Kite Exports'),
    [{ ...bids[1]!, metadata: meta() }],
    'no-stream',
  );
  await catchUpAll({ databaseUrl: database.url, store, projections: PROJECTIONS });
});

afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

describe('the share bids read model', () => {
  it('lists every share bid newest first, as each viewer may see it', async () => {
    const forBala = await listShareBids(db, { viewerId: BALA.userId, page: 0, limit: 10 });
    expect(forBala).toMatchObject({ page: 0, totalPages: 1, total: 3 });
    expect(forBala.data).toEqual([
      {
        _id: 'sb-3',
        company: 'mango traders',
        bidamt: null,
        type: 'Hidden',
        createdAt: at(33),
        isOwnBid: false,
      },
      {
        _id: 'sb-2',
        company: 'Kite Exports',
        user_id: BALA.userId,
        username: BALA.username,
        bidamt: 99_000.5,
        type: 'Hidden',
        createdAt: at(32),
        isOwnBid: true,
      },
      {
        _id: 'sb-1',
        company: 'Mango Traders',
        bidamt: 25_000,
        type: 'Open',
        createdAt: at(31),
        isOwnBid: false,
      },
    ]);
  });

  it("pages the list and gives a member's own previous bids", async () => {
    const second = await listShareBids(db, { viewerId: null, page: 1, limit: 2 });
    expect(second).toMatchObject({ page: 1, totalPages: 2, total: 3 });
    expect(second.data.map((bid) => bid._id)).toEqual(['sb-1']);
    const mine = await listShareBids(db, {
      viewerId: ASHA.userId,
      page: 0,
      limit: 10,
      mine: true,
    });
    expect(mine.data.map((bid) => [bid._id, bid.bidamt])).toEqual([
      ['sb-3', 30_000],
      ['sb-1', 25_000],
    ]);
    expect(
      (await listShareBids(db, { viewerId: null, page: 0, limit: 10, mine: true })).total,
    ).toBe(0);
  });

  it('sets hasPaidToBuyShare for the member whose buy-share bid fee was fulfilled, only', async () => {
    const detail = async (userId: string) => toUserDetail((await findUserById(db, userId))!);
    expect((await detail(ASHA.userId)).hasPaidToBuyShare).toBe(true);
    expect((await detail(BALA.userId)).hasPaidToBuyShare).toBe(false);
    expect((await detail(CHITRA.userId)).hasPaidToBuyShare).toBe(false);
  });

  it('changes nothing when the log is replayed', async () => {
    const before = [
      await tableHash(db, 'share_bids', 'bid_id'),
      await tableHash(db, 'users', 'user_id'),
    ];
    await catchUpAll({ databaseUrl: database.url, store, projections: PROJECTIONS, replay: true });
    expect([
      await tableHash(db, 'share_bids', 'bid_id'),
      await tableHash(db, 'users', 'user_id'),
    ]).toEqual(before);
  });
});
