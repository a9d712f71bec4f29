import { randomUUID } from 'node:crypto';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adStream, type AdDetails, type AdEvent } from '@boli/engine/ads/ad.events';
import type { EventStore } from '@boli/engine/eventStore/eventStore';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { createTestDatabase, type TestDatabase } from '../../../ops/src/testing/database.ts';
import { tableHash } from '../runtime/testing/adBids.ts';
import { catchUp } from '../runtime/testing/catchUp.ts';
import { adsProjection } from './ads.projection.ts';
import {
  adFilters,
  adPage,
  filterAds,
  findAd,
  isAdWithdrawn,
  myAds,
  neighbourhoodsOfAds,
  searchAds,
} from './ads.queries.ts';

let database: TestDatabase;
let db: Knex;
let store: EventStore;

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

const base: AdDetails = {
  itemName: 'Teak sofa set',
  categoryname: 'Furniture',
  subcategory: 'Sofa & Dining',
  type: null,
  price: 2_500_000,
  currencycode: 'INR',
  description: 'Five seater, good condition.',
  phone: '9876543210',
  displayPhone: false,
  houseno: '12',
  street: 'MG Road',
  city: 'Pune',
  neighbourHood: 'Camp',
  district: 'Pune',
  pincode: '411001',
  state: 'Maharashtra',
  country: 'India',
  make: null,
  model: null,
  mileage: null,
  yearOfManufacture: null,
  ownerOrDealer: null,
  newOrused: null,
};

const car = (details: Partial<AdDetails>): Partial<AdDetails> => ({
  categoryname: 'Automobiles',
  subcategory: 'Cars',
  make: 'Maruti Suzuki',
  model: 'Swift Dzire',
  mileage: 40_000,
  yearOfManufacture: 2018,
  ownerOrDealer: 'Owner',
  newOrused: 'Used',
  ...details,
});

let minute = 0;
const ids: Record<string, string> = {};

async function post(
  key: string,
  details: Partial<AdDetails>,
  postedBy = 'u-ravi',
  extra: AdEvent[] = [],
) {
  const adId = randomUUID();
  ids[key] = adId;
  const postedAt = at(++minute);
  const photo = {
    galleryType: 'photos' as const,
    name: `${adId}.jpg`,
    thumbnail: `${adId}.thumb.jpg`,
  };
  const events: AdEvent[] = [
    {
      type: 'AdPosted',
      data: {
        ...base,
        ...details,
        adId,
        uid: `${key}-${adId.slice(0, 6)}`,
        postedBy,
        postedByUsername: postedBy.slice(2),
        postedAt,
      },
    },
    { type: 'MediaAdded', data: { adId, ...photo, addedAt: postedAt } },
    {
      type: 'ThumbnailChosen',
      data: { adId, name: photo.name, thumbnail: photo.thumbnail, chosenAt: postedAt },
    },
    ...extra.map((event) => ({ ...event, data: { ...event.data, adId } }) as AdEvent),
  ];
  await store.append(
    adStream(adId),
    events.map((event) => ({ ...event, metadata: { eventId: randomUUID(), now: postedAt } })),
    'no-stream',
  );
}

const keysOf = (rows: { ad_id: string }[]) =>
  rows.map((row) => Object.keys(ids).find((key) => ids[key] === row.ad_id));

beforeAll(async () => {
  database = await createTestDatabase();
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 4 } });
  store = createPostgresEventStore({ connectionString: database.url });
  for (let i = 1; i <= 25; i++) await post(`sofa${i}`, { itemName: `Sofa number ${i}` });
  await post('dzire', car({ itemName: 'Swift Dzire VXi', price: 45_000_000 }));
  await post(
    'dzireDealer',
    car({
      itemName: 'Dzire ZXi',
      ownerOrDealer: 'Dealer',
      mileage: 90_000,
      yearOfManufacture: 2012,
      price: 30_000_000,
      state: 'Karnataka',
      city: 'Bengaluru',
      district: 'Bengaluru Urban',
      neighbourHood: 'Indiranagar',
    }),
  );
  await post(
    'creta',
    car({
      itemName: 'Hyundai Creta',
      make: 'Hyundai',
      model: 'Creta',
      price: 120_000_000,
      yearOfManufacture: 2022,
      mileage: 12_000,
    }),
    'u-meena',
  );
  await post('boat', {
    itemName: 'Fishing trawler',
    categoryname: 'Ships Boats',
    subcategory: 'Fishing Boats & Trawlers',
    make: 'Goa Shipyard',
    model: 'Trawler 40',
    mileage: 0,
    yearOfManufacture: 2010,
    ownerOrDealer: 'Dealer',
    newOrused: 'Used',
    city: 'Kochi',
    state: 'Kerala',
    district: 'Ernakulam',
    neighbourHood: 'Fort Kochi',
  });
  await post('nepal', {
    itemName: 'Study table',
    country: 'Nepal',
    state: 'Gandaki',
    district: 'Kaski',
    neighbourHood: 'Lakeside',
    city: 'Pokhara',
  });
  await post(
    'cricket',
    {
      itemName: 'Cricket team for hire',
      categoryname: 'Sports',
      subcategory: 'Cricket',
      type: 'Team',
      description: 'Weekend tournaments in Pune',
    },
    'u-meena',
    [
      {
        type: 'BidPlaced',
        data: {
          adId: '',
          bidId: 'b1',
          bidderId: 'u-arjun',
          username: 'arjun_p',
          bidAlias: 'tiger',
          amount: 100,
          type: 'Open',
          phase: 'beforeFinalCall',
          placedAt: at(100),
        },
      },
      { type: 'FinalCallMade', data: { adId: '', deadline: at(500), madeAt: at(101) } },
      {
        type: 'BiddingClosed',
        data: { adId: '', reason: 'closedEarlyByOwner', closedAt: at(102) },
      },
    ],
  );
  await post('edited', { itemName: 'Old name' });
  const editedAt = at(200);
  await store.append(
    adStream(ids.edited!),
    [
      {
        type: 'AdEdited',
        data: {
          adId: ids.edited!,
          changes: { itemName: 'Royal Enfield Bullet', price: 9_000_000 },
          editedAt,
        },
        metadata: { eventId: randomUUID(), now: editedAt },
      },
    ],
    'any',
  );
  await catchUp({ databaseUrl: database.url, store, projection: adsProjection });
}, 120_000);

afterAll(async () => {
  await store?.close();
  await db?.destroy();
  await database?.drop();
});

const filter = (input: Parameters<typeof adFilters>[0], page: Parameters<typeof adPage>[0] = {}) =>
  filterAds(db, adFilters(input), adPage(page)).then(keysOf);

describe('the ads read model', () => {
  it('holds each ad with its edits, gallery and bidding state', async () => {
    const edited = await findAd(db, ids.edited!);
    expect(edited).toMatchObject({ item_name: 'Royal Enfield Bullet', price: 9_000_000 });
    const cricket = await findAd(db, ids.cricket!);
    expect(cricket).toMatchObject({
      type: 'Team',
      final_call_made: true,
      final_call_date_time: at(500),
      bid_open: false,
      closed_at: at(102),
      close_reason: 'closedEarlyByOwner',
    });
    expect(cricket?.gallery).toHaveLength(1);
    expect(cricket?.thumbnail).toBe(`${ids.cricket}.thumb.jpg`);
  });

  it('finds an ad by its id or its uid', async () => {
    const byId = await findAd(db, ids.dzire!);
    expect(byId?.uid).toMatch(/^dzire-/);
    expect((await findAd(db, byId!.uid))?.ad_id).toBe(ids.dzire);
    expect(await findAd(db, 'no-such-ad')).toBeUndefined();
  });

  it('replayed from the start, changes nothing', async () => {
    const hashes = async () =>
      Promise.all([
        tableHash(db, 'ads'),
        tableHash(db, 'ad_search'),
        tableHash(db, 'ad_words', 'word'),
      ]);
    const before = await hashes();
    await catchUp({ databaseUrl: database.url, store, projection: adsProjection, replay: true });
    expect(await hashes()).toEqual(before);
  });
});

describe('the ad list', () => {
  it('pages 20 ads at a time, newest first', async () => {
    const first = await filter({});
    expect(first).toHaveLength(20);
    expect(first.slice(0, 3)).toEqual(['edited', 'cricket', 'nepal']);
    const second = await filter({}, { page: 2 });
    expect(second).toHaveLength(12);
    expect(second.at(-1)).toBe('sofa1');
    expect(await filter({}, { offset: 31 })).toEqual(['sofa1']);
  });

  it('filters by category and subcategory', async () => {
    expect(await filter({ category: 'Automobiles' })).toEqual(['creta', 'dzireDealer', 'dzire']);
    expect(
      await filter({ category: 'Ships Boats', subcategory: 'Fishing Boats & Trawlers' }),
    ).toEqual(['boat']);
    expect(
      await filter({ category: 'Furniture', subcategory: 'Sofa & Dining' }, { page: 2 }),
    ).toHaveLength(7);
  });

  it('filters by country, state, district and neighbourhood (the last two in India only)', async () => {
    expect(await filter({ country: 'Nepal' })).toEqual(['nepal']);
    expect(await filter({ country: 'India', state: 'Kerala' })).toEqual(['boat']);
    expect(
      await filter({
        country: 'India',
        state: 'Karnataka',
        district: 'Bengaluru Urban',
        neighbourHood: 'Indiranagar',
      }),
    ).toEqual(['dzireDealer']);
    expect(await filter({ country: 'Nepal', district: 'Somewhere else' })).toEqual(['nepal']);
  });

  it('names the neighbourhoods of a district’s ads, for the Neighbourhood filter', async () => {
    const karnataka = { country: 'India', state: 'Karnataka' };
    expect(await neighbourhoodsOfAds(db, { ...karnataka, district: 'Bengaluru Urban' })).toEqual([
      'Indiranagar',
    ]);
    expect(await neighbourhoodsOfAds(db, { ...karnataka, district: 'Mysuru' })).toEqual([]);
  });

  it('filters by a price range in rupees', async () => {
    expect(await filter({ category: 'Automobiles', priceFrom: 300_000, priceTo: 450_000 })).toEqual(
      ['dzireDealer', 'dzire'],
    );
    expect(await filter({ priceFrom: 1_000_000 })).toEqual(['creta']);
  });

  it('filters vehicles by make, model, year, mileage and owner or dealer', async () => {
    const cars = { category: 'Automobiles', subcategory: 'Cars' };
    expect(await filter({ ...cars, make: 'Maruti Suzuki', model: 'Swift Dzire' })).toEqual([
      'dzireDealer',
      'dzire',
    ]);
    expect(
      await filter({ ...cars, yearOfManufactureFrom: 2015, yearOfManufactureTo: 2020 }),
    ).toEqual(['dzire']);
    // Typed where no list offers one (Bicycles), a make is matched whatever its case.
    expect(await filter({ ...cars, make: 'maruti SUZUKI', model: 'swift dzire' })).toEqual([
      'dzireDealer',
      'dzire',
    ]);
    expect(await filter({ ...cars, mileageFrom: 50_000 })).toEqual(['dzireDealer']);
    expect(await filter({ ...cars, ownerOrDealer: 'Dealer' })).toEqual(['dzireDealer']);
    expect(await filter({ category: 'Ships Boats', ownerOrDealer: 'Dealer' })).toEqual(['boat']);
  });

  it('lists a member’s own ads, newest first', async () => {
    expect(keysOf(await myAds(db, 'u-meena', adPage({})))).toEqual(['cricket', 'creta']);
  });
});

describe('the ad search', () => {
  const search = (text: string, page = 1) => searchAds(db, text, adPage({ page })).then(keysOf);

  it('finds ads by words of their name, make, model, category, city and description', async () => {
    expect((await search('Swift Dzire'))[0]).toBe('dzire');
    expect(await search('hyundai')).toEqual(['creta']);
    expect(await search('pokhara')).toEqual(['nepal']);
    expect(await search('tournaments')).toEqual(['cricket']);
  });

  it('finds ads by where they are: neighbourhood, district and state', async () => {
    expect(await search('lakeside')).toEqual(['nepal']);
    expect(await search('ernakulam')).toEqual(['boat']);
    expect(await search('kerala')).toEqual(['boat']);
    expect(await search('indiranagar')).toContain('dzireDealer');
  });

  it('mends typos: "swfit dezire" finds the Swift Dzire first', async () => {
    const found = await search('swfit dezire');
    expect(found[0]).toBe('dzire');
    expect(found).toContain('dzireDealer');
  });

  it('ranks ads holding the words in their name above newer ones holding them elsewhere', async () => {
    // 'edited' (the newest ad) and 'nepal' are in 'Sofa & Dining', but not named sofas.
    expect(await search('sofa')).not.toContain('edited');
    expect((await search('sofa', 2)).slice(-2)).toEqual(['edited', 'nepal']);
  });

  it('finds nothing for nothing', async () => {
    expect(await search('')).toEqual([]);
    expect(await search('   ,,, ')).toEqual([]);
    expect(await search('xylophone')).toEqual([]);
  });

  it('mends a slip of the keys, not into other words that share letters with it', async () => {
    // Trigrams put 'swing' as near 'swfit' as 'swift', and 'desk' and 'dell' near 'dezire'.
    await post('swing', { itemName: 'Garden swing', categoryname: 'Furniture' });
    await post('desk', { itemName: 'Executive desk', categoryname: 'Furniture' });
    await post('dell', { itemName: 'Dell monitor', categoryname: 'Electronics' });
    await catchUp({ databaseUrl: database.url, store, projection: adsProjection });
    const found = await search('swfit dezire');
    expect(found.slice(0, 2).sort()).toEqual(['dzire', 'dzireDealer']);
    expect(found).not.toContain('swing');
    expect(found).not.toContain('desk');
    expect(found).not.toContain('dell');
    expect(await search('swnig')).toEqual(['swing']);
  });

  it('takes a plural to its word, not to others as many slips away', async () => {
    await post('flat', { itemName: '2 BHK flat near the metro', categoryname: 'Furniture' });
    await post('cats', { itemName: 'Two Persian cats', categoryname: 'Furniture' });
    await post('boats', { itemName: 'Fibre boats for rent', categoryname: 'Furniture' });
    await catchUp({ databaseUrl: database.url, store, projection: adsProjection });
    expect(await search('flats')).toEqual(['flat']);
  });

  it('finds a word written as two: "sound bar" finds the soundbar too', async () => {
    await post('soundbar', { itemName: 'JBL soundbar 5.1', categoryname: 'Electronics' });
    await post('speaker', { itemName: 'Sound system for a bar', categoryname: 'Electronics' });
    await post('stool', { itemName: 'Bar stool', categoryname: 'Furniture' });
    await catchUp({ databaseUrl: database.url, store, projection: adsProjection });
    // Both hold what was typed: one the two words, the other the word they make.
    expect((await search('sound bar')).sort()).toEqual(['soundbar', 'speaker']);
    expect((await search('jbl sound bar'))[0]).toBe('soundbar');
    expect(await search('soundbar')).toEqual(['soundbar']);
  });

  it('finds only what the list’s filters let through, among all the words’ matches', async () => {
    const narrowed = (text: string, input: Parameters<typeof adFilters>[0]) =>
      searchAds(db, text, adPage({}), adFilters(input)).then(keysOf);
    expect(await narrowed('dzire', { state: 'Karnataka' })).toEqual(['dzireDealer']);
    // Misspelt, and priced (rupees) below the one in Pune.
    expect(await narrowed('swfit dezire', { category: 'Automobiles', priceTo: 400_000 })).toEqual([
      'dzireDealer',
    ]);
    expect(await narrowed('sofa', { country: 'Nepal' })).toEqual(['nepal']);
    expect(await narrowed('sofa', { state: 'Kerala' })).toEqual([]);
    // Filters that do not narrow leave the search as it was.
    expect(await narrowed('swfit dezire', {})).toEqual(await search('swfit dezire'));
  });

  it('ranks the category a word names first, and finds it by its other words', async () => {
    const bikes = { categoryname: 'Automobiles', subcategory: 'Bikes' };
    await post('enfield', { ...bikes, itemName: 'Royal Enfield Classic 350' });
    await post('courier', {
      itemName: 'Delivery executive with bike',
      categoryname: 'Jobs',
      subcategory: 'Delivery & Collection',
    });
    await post('atlas', {
      itemName: 'Atlas Gold Line',
      categoryname: 'Automobiles',
      subcategory: 'Bicycles',
    });
    await catchUp({ databaseUrl: database.url, store, projection: adsProjection });
    // The job is newer and has the word in its name; the motorcycle is what 'bike' means.
    expect(await search('bike')).toEqual(['enfield', 'courier']);
    // …and a job that needs one is found by the other word too, after it.
    expect(await search('motorcycle')).toEqual(['enfield', 'courier']);
    expect(await search('cycle')).toEqual(['atlas']);
  });

  it('finds a short word’s plural in the category alone: “tv” is not TVS the maker', async () => {
    await post('apache', {
      itemName: 'Apache RTR 160',
      categoryname: 'Automobiles',
      subcategory: 'Bikes',
      make: 'TVS',
    });
    const tvs = { categoryname: 'Electronics & Appliances', subcategory: 'TVs, Video - Audio' };
    await post('telly', { ...tvs, itemName: 'Samsung 32 inch smart TV' });
    await post('soundbar2', { ...tvs, itemName: 'Boat soundbar' });
    await catchUp({ databaseUrl: database.url, store, projection: adsProjection });
    for (const word of ['tv', 'television']) {
      const found = await search(word);
      expect(found.sort(), word).toEqual(['soundbar2', 'telly']);
    }
  });

  it('finds a district by its old or other name, as the reference data knows it', async () => {
    // A country of this test's own, removed with all it holds after.
    const place = { country_code: 'ZZ', state_code: 'KA' };
    await db('ref_countries').insert({ code: 'ZZ', name: 'Testland', dial_code: '+999' });
    await db('ref_states').insert({ country_code: 'ZZ', code: 'KA', name: 'Karnataka' });
    await db('ref_districts').insert([
      { ...place, name: 'Bengaluru Urban' },
      { ...place, name: 'Chennai' },
    ]);
    await db('ref_district_aliases').insert([
      { ...place, alias: 'Bangalore', district: 'Bengaluru Urban' },
      { ...place, alias: 'Madras', district: 'Chennai' },
    ]);
    const tamilNadu = { state: 'Tamil Nadu', neighbourHood: '' };
    await post('chennai', {
      ...tamilNadu,
      itemName: 'Steel almirah',
      city: 'Chennai',
      district: 'Chennai',
    });
    await post('madurai', {
      ...tamilNadu,
      itemName: 'Brass lamp',
      city: 'Madurai',
      district: 'Madurai',
    });
    await catchUp({ databaseUrl: database.url, store, projection: adsProjection });
    try {
      expect(await search('bangalore')).toEqual(['dzireDealer']);
      expect(await search('dzire bangalore')).toEqual(['dzireDealer']);
      // Still being typed, as the last word: the old name it begins.
      expect(await search('bangalor')).toEqual(['dzireDealer']);
      // An old name is what was meant, not a slip for a place spelt like it (Madurai).
      expect(await search('madras')).toEqual(['chennai']);
    } finally {
      await db('ref_countries').where({ code: 'ZZ' }).delete();
    }
  });

  it('takes a vehicle’s name as meant: “nexon” with no Nexon listed is not a slip for “neon”', async () => {
    await post('neon', { itemName: 'Neon sign board', categoryname: 'Furniture' });
    await catchUp({ databaseUrl: database.url, store, projection: adsProjection });
    // One slip from 'neon', a word no ad holds and no vehicle is named by: mended.
    expect(await search('nexon')).toEqual(['neon']);
    await db('ref_vehicle_makes').insert({ vehicle_type: 'Cars', name: 'Tata' });
    await db('ref_vehicle_models').insert({ vehicle_type: 'Cars', make: 'Tata', name: 'Nexon' });
    try {
      expect(await search('nexon')).toEqual([]);
      expect(await search('tata nexon')).toEqual([]);
      // A slip for a word an ad holds is still mended.
      expect(await search('neom')).toEqual(['neon']);
    } finally {
      await db('ref_vehicle_makes').where({ name: 'Tata' }).delete();
    }
  });

  it('does not take two letters of five changed for a slip: “priya” is not “price”', async () => {
    await post('priced', {
      itemName: 'Wooden cot',
      categoryname: 'Furniture',
      description: 'Price slightly negotiable',
    });
    await catchUp({ databaseUrl: database.url, store, projection: adsProjection });
    expect(await search('priya')).toEqual([]);
    expect(await search('prcie')).toEqual(['priced']);
  });

  it('finds one word typed on two keyboards: nukta letters, joiners, Malayalam chillus', async () => {
    await post('fridge', { itemName: 'फ\u093Cरिज बिक्री', categoryname: 'Furniture' });
    await post('pendrive', { itemName: 'पेन\u200Cड्राइव बिक्री', categoryname: 'Electronics' });
    await post('phoneOld', { itemName: 'പഴയ ഫോണ\u0D4D\u200D ചാർജർ', categoryname: 'Mobiles' });
    await post('phoneNew', { itemName: 'പുതിയ ഫോ\u0D7A', categoryname: 'Mobiles' });
    await catchUp({ databaseUrl: database.url, store, projection: adsProjection });
    // फ़ typed as one letter (U+095E), which NFC writes as फ + nukta.
    expect(await search('\u095Eरिज')).toEqual(['fridge']);
    expect(await search('पेनड्राइव')).toEqual(['pendrive']);
    expect((await search('ഫോൺ')).sort()).toEqual(['phoneNew', 'phoneOld']);
    expect((await search('ഫോണ\u0D4D\u200D')).sort()).toEqual(['phoneNew', 'phoneOld']);
  });

  it('takes words with quotes and operators as words', async () => {
    expect(await search("sofa' & ! | :* (")).toHaveLength(20);
  });
});

describe('a blocked member’s ads', () => {
  const ownerEvent = async (type: 'AccountBlocked' | 'AccountUnblocked', userId: string) => {
    const now = at(++minute);
    const data =
      type === 'AccountBlocked'
        ? { userId, reason: 'fake ads', blockedBy: 'u-support', blockedAt: now }
        : { userId, unblockedBy: 'u-support', unblockedAt: now };
    await store.append(
      `account-${userId}`,
      [{ type, data, metadata: { eventId: randomUUID(), now } }] as never,
      'any',
    );
    await catchUp({ databaseUrl: database.url, store, projection: adsProjection });
  };

  const search = (text: string) => searchAds(db, text, adPage({})).then(keysOf);

  it('leave the list, the search and their page while the block lasts, and come back after', async () => {
    await post('harp', { itemName: 'Concert harp', categoryname: 'Music' }, 'u-kiran');
    await catchUp({ databaseUrl: database.url, store, projection: adsProjection });
    expect(await filter({})).toContain('harp');

    await ownerEvent('AccountBlocked', 'u-kiran');
    expect(await filter({})).not.toContain('harp');
    expect(await search('harp')).toEqual([]);
    expect(await findAd(db, ids.harp!)).toBeUndefined();
    // Staff still find it, and its owner's list still holds it.
    expect((await findAd(db, ids.harp!, { blockedOwners: true }))?.item_name).toBe('Concert harp');
    expect(keysOf(await myAds(db, 'u-kiran', adPage({})))).toEqual(['harp']);
    // Withdrawn: no bids on it (api/src/routes/bid/withdrawnAd.ts).
    expect(await isAdWithdrawn(db, ids.harp!)).toBe(true);

    await ownerEvent('AccountUnblocked', 'u-kiran');
    expect(await filter({})).toContain('harp');
    expect(await search('harp')).toEqual(['harp']);
    expect((await findAd(db, ids.harp!))?.item_name).toBe('Concert harp');
    expect(await isAdWithdrawn(db, ids.harp!)).toBe(false);
  });
});
