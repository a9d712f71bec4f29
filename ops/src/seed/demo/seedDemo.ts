import knex, { type Knex } from 'knex';
import pg from 'pg';
import { z } from 'zod';
import { sharedEnv } from '@boli/api/config';
import { createEventStore } from '@boli/api/eventStoreFactory';
import { hashPassword } from '@boli/api/identity/passwords';
import { localDiskStorage, type MediaStorage } from '@boli/api/media/storage';
import { claimIdentities, identitiesOf } from '@boli/api/routes/auth/identities';
import { accountDecider } from '@boli/engine/accounts/account.decider';
import { accountStream } from '@boli/engine/accounts/account.events';
import { adDecider } from '@boli/engine/ads/ad.decider';
import { adStream } from '@boli/engine/ads/ad.events';
import { handleCommand } from '@boli/engine/commandHandling/handleCommand';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import { DomainError } from '@boli/engine/shared/decider';
import { LIMITS } from '@boli/engine/shared/limits';
import type { SeedStep } from '../index.ts';
import { fillProfile, grantStaffRole, nextMemberCommand } from './accounts.ts';
import {
  auctionCommands,
  demoCatalogue,
  demoVerifiedAt,
  type DemoAd,
  type DemoCatalogue,
} from './catalogue.ts';
import {
  DEMO_PASSWORD,
  DEMO_STAFF,
  demoMembers,
  demoMemberWhoseTrialEnded,
  type DemoMember,
} from './members.ts';
import { renderPicture } from './pictures.ts';
import { demoReference } from './reference.ts';

/*
 * The demo data `npm start` loads so the app looks alive: members, ads with photos, bids. Every
 * change is a command through the deciders, with ids derived from the demo's names, so a second
 * run finds each one applied and adds nothing.
 */

export type DemoSeedOptions = {
  /** Where the pictures go; MEDIA_DIR (as the api reads it) by default. */
  mediaStorage?: MediaStorage;
  /** The seed's clock; the catalogue is laid out in the 48 hours before it. */
  now?: Date;
  /** Fewer ads, for tests. */
  adCount?: number;
};

export type DemoSeedResult = {
  /** The members with a free trial, who post and bid in the catalogue. */
  members: DemoMember[];
  /** The member whose trial is over (to see the bid processing fee); null if their names were taken. */
  memberWhoseTrialEnded: DemoMember | null;
  catalogue: DemoCatalogue;
  newMembers: number;
  newAds: number;
  newPictures: number;
  newBids: number;
  skippedMembers: string[];
  /**
   * Ads kept as stored without (some of) their demo bids: drawn differently by an earlier version
   * of the demo, or bid on and closed by members since so that they refused a demo bid.
   */
  skippedAds: string[];
};

/** Runs `work` over `items`, at most `limit` at a time. */
async function inParallel<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** Whose each of the member's identities is (username, email, phone), if anyone's. */
async function identityOwners(db: Knex, member: DemoMember): Promise<Set<string>> {
  const identities = Object.entries(identitiesOf({ ...member, phoneCode: '+91' }));
  const rows: { user_id: string }[] = await db('account_identities')
    .whereIn(['kind', 'value'], identities)
    .select('user_id');
  return new Set(rows.map((row) => row.user_id));
}

/** Brings one member to a verified account with an address; false if the names are taken. */
async function seedMember(
  db: Knex,
  store: EventStore,
  member: DemoMember,
  verifiedAt: string,
  passwordHash: () => Promise<string>,
): Promise<'new' | 'existing' | 'taken'> {
  const owners = await identityOwners(db, member);
  if ([...owners].some((owner) => owner !== member.userId)) return 'taken';
  if (
    owners.size === 0 &&
    (await claimIdentities(db, member.userId, identitiesOf({ ...member, phoneCode: '+91' })))
      .length > 0
  ) {
    return 'taken';
  }
  const streamId = accountStream(member.userId);
  let events = await store.readStream(streamId);
  const fresh = events.length === 0;
  // Hashed (slowly, once for every member) only when someone signs up.
  const hash = fresh ? await passwordHash() : '';
  for (let step = 0; step < 8; step++) {
    const state = events.reduce(
      (current, event) => accountDecider.evolve(current, event as never),
      accountDecider.initialState(),
    );
    const command = nextMemberCommand(member, state, events.length - 1, verifiedAt, hash);
    if (command === undefined) break;
    await handleCommand({ store, streamId, decider: accountDecider, command });
    events = await store.readStream(streamId);
  }
  await handleCommand({
    store,
    streamId,
    decider: accountDecider,
    command: fillProfile(member, verifiedAt),
  });
  const role = DEMO_STAFF[member.username];
  if (role !== undefined) {
    await handleCommand({
      store,
      streamId,
      decider: accountDecider,
      command: grantStaffRole(member, role, verifiedAt),
    });
  }
  return fresh ? 'new' : 'existing';
}

const isStored = async (storage: MediaStorage, name: string): Promise<boolean> => {
  const file = await storage.open(name);
  file?.body.destroy();
  return file !== undefined;
};

/**
 * Posts one ad with its pictures, unless it is already there. Answers how many it stored, and
 * whether the ad stored is the one drawn (an earlier version of the demo may have drawn another).
 */
async function seedAd(
  store: EventStore,
  storage: MediaStorage,
  ad: DemoAd,
): Promise<{ posted: boolean; pictures: number; asDrawn: boolean }> {
  const streamId = adStream(ad.adId);
  const [stored] = await store.readStream(streamId, { to: 0 });
  if (stored !== undefined) {
    const { postedBy, itemName, price } = stored.data as Pick<
      DemoAd['command']['data'],
      'postedBy' | 'itemName' | 'price'
    >;
    const drawn = ad.command.data;
    const asDrawn =
      postedBy === drawn.postedBy && itemName === drawn.itemName && price === drawn.price;
    return { posted: false, pictures: 0, asDrawn };
  }
  let pictures = 0;
  for (const picture of ad.pictures) {
    if (await isStored(storage, picture.name)) continue;
    const rendered = await renderPicture(picture);
    await storage.save(picture.thumbnail, rendered.thumbnail);
    await storage.save(picture.name, rendered.picture);
    pictures++;
  }
  const result = await handleCommand({ store, streamId, decider: adDecider, command: ad.command });
  return { posted: result.events.length > 0, pictures, asDrawn: true };
}

export async function seedDemoData(
  databaseUrl: string,
  options: DemoSeedOptions = {},
): Promise<DemoSeedResult> {
  const env = z
    .object({
      MEDIA_DIR: sharedEnv.MEDIA_DIR,
      EVENT_STORE: z.enum(['postgres', 'kurrentdb']).default('postgres'),
      KURRENTDB_URL: z.string().optional(),
    })
    .parse(process.env);
  const storage = options.mediaStorage ?? localDiskStorage(env.MEDIA_DIR);
  const now = (options.now ?? new Date()).toISOString();
  const verifiedAt = demoVerifiedAt(now);
  const reference = demoReference();
  const members = demoMembers(reference);
  // Verified the free trial's length and a day before now: the trial is over.
  const trialEnded = demoMemberWhoseTrialEnded(reference);
  const trialEndedVerifiedAt = new Date(
    Date.parse(now) - (LIMITS.freeTrialDays + 1) * 24 * 3600_000,
  ).toISOString();

  // Two seeds at once (two `npm start`s) take turns.
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  await lock.query(`SELECT pg_advisory_lock(hashtext('boli:seed:demo'))`);
  const db = knex({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 4 } });
  const store = createEventStore({ ...env, DATABASE_URL: databaseUrl });
  try {
    let hash: Promise<string> | undefined;
    const passwordHash = () => (hash ??= hashPassword(DEMO_PASSWORD));
    const skippedMembers: string[] = [];
    let newMembers = 0;
    await inParallel([...members, trialEnded], 4, async (member) => {
      const at = member === trialEnded ? trialEndedVerifiedAt : verifiedAt;
      const outcome = await seedMember(db, store, member, at, passwordHash);
      if (outcome === 'taken') skippedMembers.push(member.username);
      if (outcome === 'new') newMembers++;
    });
    const active = members.filter((m) => !skippedMembers.includes(m.username));
    const catalogue = demoCatalogue(reference, active, now, options.adCount);

    let newAds = 0;
    let newPictures = 0;
    const skippedAds: string[] = [];
    await inParallel(catalogue.ads, 4, async (ad) => {
      const { posted, pictures, asDrawn } = await seedAd(store, storage, ad);
      if (posted) newAds++;
      if (!asDrawn) skippedAds.push(ad.adId);
      newPictures += pictures;
    });

    // One ad's auction in order, several ads at once; only what is missing.
    const endings = new Map(catalogue.endings.map((ending) => [ending.adId, ending]));
    const byAd = new Map<string, DemoCatalogue['bids']>();
    for (const bid of catalogue.bids) byAd.set(bid.adId, [...(byAd.get(bid.adId) ?? []), bid]);
    let newBids = 0;
    const drawnBidding = [...byAd.entries()].filter(([adId]) => !skippedAds.includes(adId));
    await inParallel(drawnBidding, 4, async ([adId, bids]) => {
      const streamId = adStream(adId);
      const stored = new Set((await store.readStream(streamId)).map((e) => e.metadata.eventId));
      try {
        for (const command of auctionCommands(bids, endings.get(adId))) {
          if (stored.has(command.metadata.eventId)) continue;
          const result = await handleCommand({ store, streamId, decider: adDecider, command });
          if (command.type === 'PlaceBid') newBids += result.events.length;
        }
      } catch (error) {
        // The ad as stored is not the one this demo drew (see DemoSeedResult.skippedAds).
        if (!(error instanceof DomainError)) throw error;
        skippedAds.push(adId);
      }
    });
    return {
      members: active,
      memberWhoseTrialEnded: skippedMembers.includes(trialEnded.username) ? null : trialEnded,
      catalogue,
      newMembers,
      newAds,
      newPictures,
      newBids,
      skippedMembers,
      skippedAds,
    };
  } finally {
    await store.close();
    await db.destroy();
    await lock.end();
  }
}

/**
 * Demo data belongs to development only: never in production (known passwords), and not in the
 * test tiers' databases, whose tests expect an empty marketplace. BOLI_DEMO_DATA=0 skips it too.
 */
export const demoDataWanted = (env: NodeJS.ProcessEnv = process.env): boolean =>
  (env.NODE_ENV || 'development') === 'development' && env.BOLI_DEMO_DATA !== '0';

export const demoSeedStep: SeedStep = {
  name: 'demo data',
  async run(databaseUrl) {
    if (!demoDataWanted()) return 'skipped (only in development; BOLI_DEMO_DATA=0 skips it too)';
    const started = performance.now();
    const result = await seedDemoData(databaseUrl);
    const { ads, bids } = result.catalogue;
    const lapsed = result.memberWhoseTrialEnded;
    const logins =
      result.members.map((m) => m.username).join(', ') +
      (lapsed ? `; trial over (bids ask for the fee): ${lapsed.username}` : '');
    return [
      `${result.members.length + (lapsed ? 1 : 0)} members (${result.newMembers} new), ${ads.length} ads (${result.newAds} new, ${result.newPictures} pictures drawn), ${bids.length} bids (${result.newBids} new), ${result.catalogue.endings.length} auctions closed or in final call, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      `demo logins (password ${DEMO_PASSWORD}): ${logins}`,
      ...(result.skippedMembers.length > 0
        ? [
            `skipped (username, email or phone taken by someone else): ${result.skippedMembers.join(', ')}`,
          ]
        : []),
      ...(result.skippedAds.length > 0
        ? [
            `${result.skippedAds.length} ads kept as stored, without the demo bids they refused (seeded by an earlier demo, or bid on and closed since)`,
          ]
        : []),
    ].join('\n       ');
  },
};
