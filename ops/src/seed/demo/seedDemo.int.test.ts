import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knex from 'knex';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDiskStorage } from '@boli/api/media/storage';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { START, type GlobalPosition } from '@boli/engine/eventStore/eventStore';
import { allProjections, startProjectionRunners, waitForProjections } from '@boli/projections';
import { adFilters, adPage, filterAds } from '@boli/projections/ads/ads.queries';
import { hasActiveEntitlement } from '@boli/projections/entitlements/entitlements.queries';
import { openFinalCalls } from '@boli/projections/finalCalls/finalCalls.queries';
import { findUserByUsername } from '@boli/projections/users/users.queries';
import { createTestDatabase, type TestDatabase } from '../../testing/database.ts';
import { seedReferenceData } from '../reference.ts';
import { adDecider } from '@boli/engine/ads/ad.decider';
import { adStream } from '@boli/engine/ads/ad.events';
import { handleCommand } from '@boli/engine/commandHandling/handleCommand';
import { demoCatalogue } from './catalogue.ts';
import { demoMembers } from './members.ts';
import { demoReference } from './reference.ts';
import { demoDataWanted, seedDemoData, type DemoSeedResult } from './seedDemo.ts';

const AD_COUNT = 40;
let database: TestDatabase;
let mediaDir: string;
let first: DemoSeedResult;
let second: DemoSeedResult;
let eventsAfterFirst: number;
let eventsAfterSecond: number;

const eventCount = async (url: string): Promise<number> => {
  const db = knex({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  try {
    const [{ n }] = (await db('event_store_events').count({ n: '*' })) as [{ n: string }];
    return Number(n);
  } finally {
    await db.destroy();
  }
};

beforeAll(async () => {
  database = await createTestDatabase();
  mediaDir = await mkdtemp(join(tmpdir(), 'boli-demo-media-'));
  await seedReferenceData(database.url);
  const options = { mediaStorage: localDiskStorage(mediaDir), adCount: AD_COUNT };
  first = await seedDemoData(database.url, options);
  eventsAfterFirst = await eventCount(database.url);
  // A later `npm start`: another clock, the same demo.
  second = await seedDemoData(database.url, {
    ...options,
    now: new Date(Date.now() + 3 * 3600_000),
  });
  eventsAfterSecond = await eventCount(database.url);
}, 120_000);

afterAll(async () => {
  await database?.drop();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

describe('the demo seed', () => {
  it('creates members, ads with pictures and bids the first time', () => {
    expect(first.newMembers).toBe(21);
    expect(first.newAds).toBe(AD_COUNT);
    expect(first.newBids).toBeGreaterThan(0);
    expect(first.skippedMembers).toEqual([]);
  });

  it('adds nothing the second time', () => {
    expect(second.newMembers).toBe(0);
    expect(second.newAds).toBe(0);
    expect(second.newBids).toBe(0);
    expect(second.newPictures).toBe(0);
    expect(eventsAfterSecond).toBe(eventsAfterFirst);
  });

  it('stores each picture and its thumbnail as JPEG in the media storage', async () => {
    const names = first.catalogue.ads.flatMap((ad) =>
      ad.pictures.flatMap((p) => [p.name, p.thumbnail]),
    );
    expect((await readdir(mediaDir)).sort()).toEqual(expect.arrayContaining(names));
    const thumbnail = await sharp(
      join(mediaDir, first.catalogue.ads[0]!.pictures[0]!.thumbnail),
    ).metadata();
    expect(thumbnail).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
  });

  it('shows its ads in the ads read model, and its members verified with a trial', async () => {
    const store = createPostgresEventStore({ connectionString: database.url });
    const runners = await startProjectionRunners({
      databaseUrl: database.url,
      store,
      projections: allProjections,
    });
    const db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 2 } });
    try {
      let last: GlobalPosition = START;
      for (let page = await store.readAll(START, 5_000); page.length > 0;) {
        last = page.at(-1)!.position;
        page = await store.readAll(last, 5_000);
      }
      expect(
        await waitForProjections(db, ['ads', 'users', 'entitlements', 'final_calls'], last, 60_000),
      ).toBe(true);
      const listed = await filterAds(db, adFilters({}), adPage({ page: 1 }));
      expect(listed).toHaveLength(20);
      const [{ n }] = (await db('ads').count({ n: '*' })) as [{ n: string }];
      expect(Number(n)).toBe(AD_COUNT);
      const newest = first.catalogue.ads.at(-1)!.command.data;
      expect(listed[0]).toMatchObject({ item_name: newest.itemName, price: newest.price });

      const member = first.members[0]!;
      const user = await findUserByUsername(db, member.username);
      expect(user).toMatchObject({ email_validated: true, mobile_validated: true });
      expect(await hasActiveEntitlement(db, member.userId, new Date())).toBe(true);
      // Two of them are staff as well: support and an auditor.
      expect((await findUserByUsername(db, 'shalini_menon'))?.roles).toEqual(['member', 'support']);
      expect((await findUserByUsername(db, 'harish_gowda'))?.roles).toEqual(['member', 'auditor']);
      expect((await findUserByUsername(db, 'priya_iyer'))?.roles).toEqual(['member']);
      // One member's trial is over: verified, with an address, but bidding asks for the fee.
      const lapsed = first.memberWhoseTrialEnded!;
      expect(await findUserByUsername(db, lapsed.username)).toMatchObject({
        mobile_validated: true,
        city: lapsed.profile.city,
      });
      expect(await hasActiveEntitlement(db, lapsed.userId, new Date())).toBe(false);
      const involved = [
        ...first.catalogue.ads.map((ad) => ad.owner.userId),
        ...first.catalogue.bids.map((bid) => bid.bidder.userId),
      ];
      expect(involved).not.toContain(lapsed.userId);

      // Its final calls are open until the expiry timer closes those whose deadline has passed.
      const finalCalls = first.catalogue.endings.filter((ending) => ending.kind === 'finalCall');
      expect(finalCalls.length).toBeGreaterThan(0);
      expect((await openFinalCalls(db)).map((call) => call.adId).sort()).toEqual(
        finalCalls.map((call) => call.adId).sort(),
      );
    } finally {
      await db.destroy();
      await runners.stop();
      await store.close();
    }
  });

  it('runs only in development, and not when BOLI_DEMO_DATA=0', () => {
    expect(demoDataWanted({})).toBe(true);
    expect(demoDataWanted({ NODE_ENV: 'development' })).toBe(true);
    expect(demoDataWanted({ NODE_ENV: 'production' })).toBe(false);
    expect(demoDataWanted({ NODE_ENV: 'test' })).toBe(false);
    expect(demoDataWanted({ BOLI_DEMO_DATA: '0' })).toBe(false);
  });
});

describe('the demo seed over an ad stored differently', () => {
  it('keeps the stored ad, leaves out the bids it refuses, and seeds the rest', async () => {
    const other = await createTestDatabase();
    const otherMedia = await mkdtemp(join(tmpdir(), 'boli-demo-media-'));
    const store = createPostgresEventStore({ connectionString: other.url });
    try {
      await seedReferenceData(other.url);
      const now = new Date('2026-11-20T09:30:00.000Z');
      const catalogue = demoCatalogue(
        demoReference(),
        demoMembers(demoReference()),
        now.toISOString(),
        12,
      );
      // As an earlier demo might have drawn it: the ad of the first bid, posted by that bidder.
      const { adId, bidder } = catalogue.bids[0]!;
      const drawn = catalogue.ads.find((ad) => ad.adId === adId)!.command;
      await handleCommand({
        store,
        streamId: adStream(adId),
        decider: adDecider,
        command: {
          ...drawn,
          data: { ...drawn.data, postedBy: bidder.userId, postedByUsername: bidder.username },
          metadata: { ...drawn.metadata, eventId: 'an-earlier-demo' },
        },
      });

      const seeded = await seedDemoData(other.url, {
        mediaStorage: localDiskStorage(otherMedia),
        adCount: 12,
        now,
      });
      expect(seeded.skippedAds).toEqual([adId]);
      expect(seeded.newAds).toBe(11);
      const others = catalogue.bids.filter((bid) => bid.adId !== adId).length;
      expect(seeded.newBids).toBeGreaterThanOrEqual(others);
      const owner = (await store.readStream(adStream(adId)))[0]!.data as { postedBy: string };
      expect(owner.postedBy).toBe(bidder.userId);
    } finally {
      await store.close();
      await other.drop();
      await rm(otherMedia, { recursive: true, force: true });
    }
  }, 120_000);
});
