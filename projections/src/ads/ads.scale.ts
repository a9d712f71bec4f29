/*
 * The ads read model at scale: fills a database of your own with N synthetic ads (1,000,000 by
 * default) through the real table definition, then times the real queries (filterAds, searchAds)
 * with varied filters and search texts, and the two together, and prints p50/p95/p99 per kind.
 *
 *   npx tsx projections/src/ads/ads.scale.ts postgres://boli@127.0.0.1:54329/boli_ads_scale [N]
 *
 * The database must exist and be yours: the script drops and recreates its `ads_v1`,
 * `ad_search_v1`, `ad_words_v1` tables and their views. Use a PostgreSQL cluster of its own
 * (initdb a scratch one): the bulk inserts are long transactions, and on a shared cluster they
 * hold back every database's snapshot xmin, which stalls the event store's readers meanwhile.
 */
import knex, { type Knex } from 'knex';
import { adFilters, adPage, filterAds, searchAds, type AdFilterInput } from './ads.queries.ts';
import {
  createAdSearchTable,
  createAdsTable,
  createAdWordsTable,
  SEARCH_VECTOR_SQL,
} from './ads.table.ts';

const url = process.argv[2];
const total = Number(process.argv[3] ?? 1_000_000);
if (!url) throw new Error('usage: ads.scale.ts <database url> [ads]');

const CATEGORIES: [string, string[]][] = [
  ['Automobiles', ['Cars', 'Bikes', 'Commercial Vehicles', 'Tractors', 'Spare Parts', 'Bicycles']],
  ['Ships Boats', ['Boats', 'Houseboats', 'Yachts', 'Jet Skis']],
  ['Bank Auctions', ['Cars', 'Bikes', 'Property', 'Machinery']],
  ['Furniture', ['Sofa & Dining', 'Beds & Wardrobes', 'Office Furniture', 'Kids Furniture']],
  ['Electronics & Appliances', ['TVs, Video - Audio', 'Fridges', 'ACs', 'Washing Machines']],
  ['Mobiles', ['Mobile Phones', 'Tablets', 'Accessories']],
  ['Property', ['For Sale: Houses & Apartments', 'For Rent: Houses & Apartments', 'Lands & Plots']],
  ['Fashion', ['Men', 'Women', 'Kids']],
  ['Pets', ['Dogs', 'Cats', 'Birds']],
  ['Sports', ['Cricket', 'Football', 'Hockey']],
  ['Jobs', ['Driver', 'Cook', 'Accountant']],
  ['Services', ['Packers & Movers', 'Event Services', 'Tours & Travels']],
  ['Books & Hobbies', ['Books', 'Musical Instruments', 'Gym & Fitness']],
  ['Business & Industrial', ['Industrial Machinery', 'Medical Equipment']],
];
const MAKES: [string, string[]][] = [
  ['Maruti Suzuki', ['Swift Dzire', 'Swift', 'Baleno', 'Alto', 'Ertiga', 'Wagon R']],
  ['Hyundai', ['Creta', 'i20', 'i10', 'Verna', 'Venue']],
  ['Tata', ['Nexon', 'Harrier', 'Tiago', 'Punch']],
  ['Mahindra', ['Scorpio', 'XUV700', 'Thar', 'Bolero', '575 DI']],
  ['Honda', ['City', 'Amaze', 'Activa', 'Shine']],
  ['Royal Enfield', ['Classic 350', 'Bullet', 'Himalayan']],
  ['Toyota', ['Innova', 'Fortuner', 'Glanza']],
  ['Bajaj', ['Pulsar', 'Platina', 'Avenger']],
];
const PLACES: [string, string[]][] = [
  ['Maharashtra', ['Pune', 'Mumbai', 'Nagpur', 'Nashik', 'Thane']],
  ['Karnataka', ['Bengaluru Urban', 'Mysuru', 'Belagavi']],
  ['Kerala', ['Ernakulam', 'Thiruvananthapuram', 'Kozhikode']],
  ['Tamil Nadu', ['Chennai', 'Coimbatore', 'Madurai']],
  ['Uttar Pradesh', ['Lucknow', 'Kanpur Nagar', 'Agra', 'Varanasi']],
  ['Gujarat', ['Ahmedabad', 'Surat', 'Vadodara']],
  ['Punjab', ['Ludhiana', 'Amritsar', 'Jalandhar']],
  ['Delhi', ['New Delhi', 'South Delhi', 'North Delhi']],
  ['West Bengal', ['Kolkata', 'Howrah', 'Darjeeling']],
  ['Rajasthan', ['Jaipur', 'Jodhpur', 'Udaipur']],
];
const NEIGHBOURHOODS = [
  'Camp',
  'Model Town',
  'Civil Lines',
  'Gandhi Nagar',
  'Shivaji Nagar',
  'Station Road',
];
const SYLLABLES = [
  'ka',
  'ri',
  'to',
  'man',
  'sha',
  'pur',
  'del',
  'vin',
  'tor',
  'ba',
  'li',
  'ne',
  'go',
  'ra',
  'sun',
  'mi',
  'ko',
  'ta',
  've',
  'lo',
];
const NOUNS = [
  'sofa',
  'table',
  'chair',
  'bed',
  'wardrobe',
  'phone',
  'laptop',
  'fridge',
  'cooler',
  'house',
  'flat',
  'plot',
  'puppy',
  'kitten',
  'guitar',
  'cycle',
  'saree',
  'kurta',
  'watch',
  'camera',
  'tractor',
  'boat',
  'trawler',
  'scooter',
  'television',
  'almirah',
  'mixer',
  'inverter',
  'battery',
  'shop',
];
const ADJECTIVES = [
  'teak',
  'new',
  'used',
  'old',
  'branded',
  'steel',
  'wooden',
  'spacious',
  'furnished',
  'cute',
  'vintage',
  'imported',
  'electric',
  'portable',
  'premium',
  'genuine',
];

const sqlArray = (values: readonly string[]) =>
  `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`;

async function fill(db: Knex): Promise<void> {
  await db.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await db.raw(
    'DROP VIEW IF EXISTS ads; DROP VIEW IF EXISTS ad_words; DROP VIEW IF EXISTS ad_search',
  );
  await db.raw(
    'DROP TABLE IF EXISTS ads_v1; DROP TABLE IF EXISTS ad_words_v1; DROP TABLE IF EXISTS ad_search_v1',
  );
  await db.transaction(async (trx) => {
    await createAdsTable(trx, 'ads_v1');
    await createAdSearchTable(trx, 'ad_search_v1');
    await createAdWordsTable(trx, 'ad_words_v1');
  });
  const words: string[] = [];
  for (const a of SYLLABLES) for (const b of SYLLABLES) words.push(a + b);
  for (let i = 0; i < 2000; i++) {
    words.push(SYLLABLES[i % 20]! + SYLLABLES[Math.floor(i / 20) % 20]! + SYLLABLES[(i * 7) % 20]!);
  }
  const categories = CATEGORIES.map(([c]) => c);
  const subcategories = CATEGORIES.map(([, s]) => s);
  const started = Date.now();
  const batch = 100_000;
  for (let from = 0; from < total; from += batch) {
    const to = Math.min(total, from + batch) - 1;
    await db.raw(`
      WITH g AS (
        SELECT i, random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5
          FROM generate_series(${from}, ${to}) AS i
      ), c AS (
        SELECT g.*, 1 + floor(power(r1, 1.6) * ${categories.length})::int AS ci,
               1 + floor(r2 * 10)::int AS si, 1 + floor(power(r3, 1.4) * ${MAKES.length})::int AS mi,
               1 + floor(r4 * ${PLACES.length})::int AS pi
          FROM g
      )
      INSERT INTO ads_v1 (ad_id, uid, item_name, categoryname, subcategory, type, price, currencycode,
        description, phone, display_phone, houseno, street, city, neighbourhood, district, pincode,
        state, country, posted_by, posted_by_username, make, model, mileage, year_of_manufacture,
        owner_or_dealer, new_or_used, gallery, thumbnail_name, thumbnail, bid_open,
        final_call_made, created_at, updated_at, last_version)
      SELECT 'ad-' || i, 'item-' || i,
        CASE WHEN ci IN (1, 3) AND si % 3 <> 0
          THEN (${sqlArray(MAKES.map(([m]) => m))})[mi] || ' ' || (${`ARRAY[${MAKES.map(([, models]) => sqlArray(models.slice(0, 3))).join(',')}]`})[mi][1 + (i % 3)] || ' ' || (${sqlArray(ADJECTIVES)})[1 + (i % ${ADJECTIVES.length})]
          ELSE initcap((${sqlArray(ADJECTIVES)})[1 + (i % ${ADJECTIVES.length})] || ' ' || (${sqlArray(NOUNS)})[1 + ((i / 7) % ${NOUNS.length})] || ' ' || (${sqlArray(words)})[1 + ((i * 13) % ${words.length})])
        END,
        (${sqlArray(categories)})[ci],
        (${`ARRAY[${subcategories.map((s) => sqlArray([...s, ...s, ...s].slice(0, 6))).join(',')}]`})[ci][1 + (si % 6)],
        CASE WHEN ci = 10 THEN 'Team' ELSE NULL END,
        (1000 + floor(r5 * r5 * 5000000)::bigint) * 100, 'INR',
        (${sqlArray(words)})[1 + (i % ${words.length})] || ' ' || (${sqlArray(words)})[1 + ((i * 31) % ${words.length})] || ' ' || (${sqlArray(NOUNS)})[1 + (i % ${NOUNS.length})] || ' in good condition',
        '9876543210', (i % 2 = 0), '1', 'Main Road',
        (${`ARRAY[${PLACES.map(([, d]) => sqlArray([...d, ...d].slice(0, 5))).join(',')}]`})[pi][1 + (i % 5)],
        (${sqlArray(NEIGHBOURHOODS)})[1 + (i % ${NEIGHBOURHOODS.length})],
        (${`ARRAY[${PLACES.map(([, d]) => sqlArray([...d, ...d].slice(0, 5))).join(',')}]`})[pi][1 + (i % 5)],
        '411001', (${sqlArray(PLACES.map(([s]) => s))})[pi],
        CASE WHEN i % 50 = 0 THEN 'Nepal' ELSE 'India' END,
        'u-' || (i % 50000), 'user' || (i % 50000),
        CASE WHEN ci IN (1, 2, 3) THEN (${sqlArray(MAKES.map(([m]) => m))})[mi] END,
        CASE WHEN ci IN (1, 2, 3) THEN (${`ARRAY[${MAKES.map(([, models]) => sqlArray(models.slice(0, 3))).join(',')}]`})[mi][1 + (i % 3)] END,
        CASE WHEN ci IN (1, 2, 3) THEN floor(r3 * 200000)::bigint END,
        CASE WHEN ci IN (1, 2, 3) THEN 2000 + (i % 26) END,
        CASE WHEN ci IN (1, 2, 3) THEN (ARRAY['Owner', 'Dealer'])[1 + (i % 2)] END,
        CASE WHEN ci IN (1, 2, 3) THEN (ARRAY['New', 'Used'])[1 + (i % 2)] END,
        '[]'::jsonb, NULL, 'x.thumb.jpg', true, false,
        timestamptz '2026-01-01' + (i || ' seconds')::interval,
        timestamptz '2026-01-01' + (i || ' seconds')::interval, 0
      FROM c`);
    console.log(`${to + 1} ads (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  await db.raw(`INSERT INTO ad_search_v1 (ad_id, created_at, search_vector)
    SELECT ad_id, created_at, ${SEARCH_VECTOR_SQL} FROM ads_v1`);
  await db.raw(`INSERT INTO ad_words_v1 (word)
    SELECT DISTINCT lexeme FROM ad_search_v1, unnest(search_vector) AS w(lexeme)
    ON CONFLICT DO NOTHING`);
  await db.raw(`CREATE VIEW ads AS SELECT * FROM ads_v1;
    CREATE VIEW ad_search AS SELECT * FROM ad_search_v1;
    CREATE VIEW ad_words AS SELECT * FROM ad_words_v1`);
  for (const table of ['ads_v1', 'ad_search_v1', 'ad_words_v1']) {
    await db.raw(`VACUUM ANALYZE ${table}`);
  }
  console.log(`filled in ${Math.round((Date.now() - started) / 1000)} s`);
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

function randomFilters(): AdFilterInput {
  const [category, subs] = pick(CATEGORIES);
  const [state, districts] = pick(PLACES);
  const [make, models] = pick(MAKES);
  const shapes: (() => AdFilterInput)[] = [
    () => ({}),
    () => ({ category }),
    () => ({ category, subcategory: pick(subs) }),
    () => ({ country: 'India' }),
    () => ({ country: 'India', state }),
    () => ({ country: 'India', state, district: pick(districts) }),
    () => ({
      country: 'India',
      state,
      district: pick(districts),
      neighbourHood: pick(NEIGHBOURHOODS),
    }),
    () => ({ category, country: 'India', state }),
    () => ({ category, priceFrom: 10_000, priceTo: 50_000 }),
    () => ({ category: 'Automobiles', subcategory: 'Cars', make, model: pick(models) }),
    () => ({
      category: 'Automobiles',
      subcategory: 'Cars',
      make,
      yearOfManufactureFrom: 2015,
      mileageTo: 50_000,
    }),
    () => ({
      category: 'Automobiles',
      subcategory: 'Cars',
      ownerOrDealer: 'Owner',
      country: 'India',
      state,
    }),
    () => ({ category: 'Ships Boats', priceFrom: 1_000_000 }),
    () => ({
      category,
      subcategory: pick(subs),
      country: 'India',
      state,
      district: pick(districts),
    }),
    () => ({ priceFrom: 40_000, priceTo: 41_000 }),
  ];
  return pick(shapes)();
}

const SEARCHES = [
  'swift dzire',
  'swfit dezire',
  'hyundai creta',
  'hyundia cretta',
  'teak sofa',
  'wooden almirah',
  'royal enfield classic',
  'royl enfeild',
  'puppy',
  'tractor mahindra',
  'pune',
  'karitor',
  'furnished flat mumbai',
  'electric scooter',
  'vintage camera',
  'sofa',
  'i10',
  'used laptop',
];

async function time(label: string, runs: number, run: () => Promise<unknown>): Promise<void> {
  const durations: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    durations.push(performance.now() - start);
  }
  durations.sort((a, b) => a - b);
  const at = (q: number) =>
    durations[Math.min(durations.length - 1, Math.floor(q * durations.length))]!.toFixed(1);
  console.log(
    `${label}: n=${runs} p50=${at(0.5)} ms p95=${at(0.95)} ms p99=${at(0.99)} ms max=${at(1)} ms`,
  );
}

const db = knex({ client: 'pg', connection: url, pool: { min: 1, max: 4 } });
try {
  if (process.env.SKIP_FILL !== '1') await fill(db);
  const runs = Number(process.env.RUNS ?? 300);
  await time('filter, page 1', runs, () => filterAds(db, adFilters(randomFilters()), adPage({})));
  await time('filter, page 5', runs, () =>
    filterAds(db, adFilters(randomFilters()), adPage({ page: 5 })),
  );
  await time('search, page 1', runs, () => searchAds(db, pick(SEARCHES), adPage({})));
  await time('search, page 3', runs, () => searchAds(db, pick(SEARCHES), adPage({ page: 3 })));
  await time('search with filters, page 1', runs, () =>
    searchAds(db, pick(SEARCHES), adPage({}), adFilters(randomFilters())),
  );
} finally {
  await db.destroy();
}
