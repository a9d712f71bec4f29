import { randomUUID } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adAudienceStream, type AdAudienceEvent } from '@boli/engine/adspace/adAudience.events';
import { adSlotStream, type AdSlotEvent, type SlotBid } from '@boli/engine/adspace/adSlot.events';
import { adSpaceStream, type AdSpaceEvent } from '@boli/engine/adspace/adSpace.events';
import { START, type EventStore } from '@boli/engine/eventStore/eventStore';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { createTestDatabase, type TestDatabase } from '../../../ops/src/testing/database.ts';
import { catchUpAll } from '../runtime/testing/catchUpAll.ts';
import { waitUntil } from '../runtime/testing/adBids.ts';
import type { Projection } from '../runtime/projection.ts';
import { adAudienceProjection } from './adAudience.projection.ts';
import { adSlotsProjection } from './adSlots.projection.ts';
import { adSpacesProjection } from './adSpaces.projection.ts';
import {
  audienceOf,
  bidsOfSlot,
  calendarBetween,
  openSlotsWithPosition,
  showingSpaces,
  spacesOfMember,
} from './adspace.queries.ts';

let database: TestDatabase;
let db: Knex;
let store: EventStore;

const PROJECTIONS: Projection[] = [adSpacesProjection, adSlotsProjection, adAudienceProjection];
const T0 = '2026-05-01T04:30:00.000Z';

async function append(stream: string, events: (AdSlotEvent | AdSpaceEvent | AdAudienceEvent)[]) {
  await store.append(
    stream,
    events.map((event) => ({ ...event, metadata: { eventId: randomUUID(), now: T0 } })),
    'any',
  );
}

const bid = (data: Partial<SlotBid>): AdSlotEvent => ({
  type: 'SlotBidPlaced',
  data: {
    bidId: randomUUID(),
    userId: 'u-asha',
    username: 'asha',
    type: 'sidePanels',
    slotdate: '2026-05-10',
    company: 'Asha Sweets',
    bidamt: 25_000_000,
    biddate: T0,
    ...data,
  },
});

beforeAll(async () => {
  database = await createTestDatabase();
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 2 } });
  store = createPostgresEventStore({ connectionString: database.url });
  await append(adSlotStream('sidePanels', '2026-05-10'), [
    bid({ bidamt: 25_000_000 }),
    bid({ userId: 'u-bala', username: 'bala', bidamt: 40_000_000 }),
  ]);
  await append(adSlotStream('sidePanels', '2026-05-10'), [bid({ bidamt: 30_000_000 })]);
  await append(adSlotStream('authPages', '2026-05-10'), [bid({ type: 'authPages' })]);
  await append(adSlotStream('sidePanels', '2026-05-11'), [
    bid({ slotdate: '2026-05-11', bidamt: 21_000_000 }),
    {
      type: 'SlotClosed',
      data: { type: 'sidePanels', slotdate: '2026-05-11', winner: null, closedAt: T0 },
    },
  ]);
  await append(adSpaceStream('p-1'), [
    {
      type: 'AdSpaceActivated',
      data: {
        spaceId: 'p-1',
        userId: 'u-chitra',
        spaceType: 'inStream',
        cycle: 'monthly',
        source: { kind: 'purchase', purchaseId: 'p-1' },
        startsAt: T0,
        endsAt: '2026-06-01T04:30:00.000Z',
        company: '',
        activatedAt: T0,
      },
    },
    {
      type: 'CreativeUploaded',
      data: {
        spaceId: 'p-1',
        userId: 'u-chitra',
        galleryType: 'photos',
        name: 'a.jpg',
        thumbnail: 'a-t.jpg',
        company: 'Chitra Textiles',
        uploadedAt: T0,
      },
    },
  ]);
  const seen = (type: AdAudienceEvent['type']): AdAudienceEvent => ({
    type,
    data: { spaceId: 'p-1', date: '2026-05-01', at: T0 },
  });
  await append(adAudienceStream('p-1', '2026-05-01'), [
    seen('AdImpressionRecorded'),
    seen('AdImpressionRecorded'),
    seen('AdClickRecorded'),
  ]);
  await append(adAudienceStream('p-1', '2026-05-01'), [seen('AdImpressionRecorded')]);
  await waitUntil(async () => (await store.readAll(START, 100)).length === 12);
  await catchUpAll({ databaseUrl: database.url, store, projections: PROJECTIONS });
});

afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

describe('the ad space read models', () => {
  it('show each slot with its highest bid, its bid count and whether it closed', async () => {
    expect(await calendarBetween(db, { from: '2026-05-10', to: '2026-05-11' })).toEqual([
      expect.objectContaining({ type: 'authPages', slotdate: '2026-05-10', bids: 1 }),
      expect.objectContaining({
        type: 'sidePanels',
        slotdate: '2026-05-10',
        highest: 40_000_000,
        bids: 3,
        closed: false,
      }),
      expect.objectContaining({ type: 'sidePanels', slotdate: '2026-05-11', closed: true }),
    ]);
    expect((await bidsOfSlot(db, '2026-05-10', 'sidePanels')).map((row) => row.bidamt)).toEqual([
      40_000_000, 30_000_000, 25_000_000,
    ]);
    const { slots } = await openSlotsWithPosition(db);
    expect(slots).toHaveLength(2);
  });

  it("know a member's spaces, what shows now, and the audience per day", async () => {
    expect(await spacesOfMember(db, 'u-chitra', { status: 'all', now: new Date(T0) })).toEqual([
      expect.objectContaining({ spaceId: 'p-1', company: 'Chitra Textiles' }),
    ]);
    expect(await showingSpaces(db, new Date('2026-05-15T00:00:00Z'))).toHaveLength(1);
    expect(await showingSpaces(db, new Date('2026-06-01T04:30:00Z'))).toHaveLength(0);
    expect(await audienceOf(db, 'p-1')).toEqual([{ day: '2026-05-01', impressions: 3, clicks: 1 }]);
  });

  it('replaying the log again changes nothing', async () => {
    const tables: [string, string[]][] = [
      ['ad_spaces', ['space_id']],
      ['ad_slot_bids', ['bid_id']],
      ['ad_slots', ['slot_date', 'type']],
      ['ad_audience', ['space_id', 'day']],
    ];
    const snapshot = () =>
      Promise.all(tables.map(([table, keys]) => db(table).select('*').orderBy(keys)));
    const before = await snapshot();
    await catchUpAll({ databaseUrl: database.url, store, projections: PROJECTIONS, replay: true });
    expect(await snapshot()).toEqual(before);
  });
});
