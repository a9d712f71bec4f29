import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VEHICLE_FIELDS, needsVehicleFields } from '@boli/engine/ads/vehicleFields';
import { createTestDatabase, type TestDatabase } from '../../../../ops/src/testing/database.ts';
import { referenceSeedStep } from '../../../../ops/src/seed/reference.ts';
import { correlation, errorMiddleware } from '../../http/errorMiddleware.ts';
import { createLogger } from '../../logger.ts';
import { loadAddressBook, loadCategoryTree, loadVehicleList } from './catalogue.ts';
import { REFERENCE_TABLES } from './reference.migrations.ts';
import { referenceRouter } from './router.ts';

type Named = { _id: string; name: string };
type Body<T> = { data: T; error: boolean; msg: string; errors?: unknown };

let database: TestDatabase;
let db: Knex;
let server: http.Server;
let base: string;
const seedRuns: string[] = [];

async function rowCounts(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of Object.values(REFERENCE_TABLES)) {
    const [row] = await db(table).count<Array<{ count: string }>>({ count: '*' });
    counts[table] = Number(row?.count);
  }
  return counts;
}

async function get<T>(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, { headers });
  const text = await response.text();
  return { response, body: (text ? JSON.parse(text) : undefined) as Body<T> };
}

const names = (list: Named[]) => list.map((item) => item.name);
const q = encodeURIComponent;

beforeAll(async () => {
  database = await createTestDatabase();
  db = knex({ client: 'pg', connection: database.url, pool: { min: 0, max: 2 } });
  seedRuns.push(await referenceSeedStep.run(database.url));

  const app = new Koa();
  app.use(correlation(createLogger({ level: 'silent' })));
  app.use(errorMiddleware);
  const router = referenceRouter({ db }, { now: () => new Date('2026-06-15T12:00:00Z') });
  app.use(router.routes()).use(router.allowedMethods());
  server = http.createServer(app.callback());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
  await db?.destroy();
  await database?.drop();
});

describe('the reference seed', () => {
  it('loads every file and says how much', () => {
    expect(seedRuns[0]).toMatch(/^249 countries, 36 states, 786 districts, .*771 neighbourhoods/);
    expect(seedRuns[0]).toContain('14 categories, 116 subcategories');
    expect(seedRuns[0]).toContain('683 pincodes');
  });

  it('changes nothing when it runs again', async () => {
    const before = await rowCounts();
    expect(before).toMatchObject({ ref_countries: 249, ref_states: 36, ref_districts: 786 });
    const again = await referenceSeedStep.run(database.url);
    expect(again).toMatch(/; 0 rows changed$/);
    expect(await rowCounts()).toEqual(before);
  });

  it('puts back what was edited by hand and removes what the files do not have', async () => {
    await db(REFERENCE_TABLES.countries).where({ code: 'IN' }).update({ dial_code: '+0' });
    await db(REFERENCE_TABLES.countries).insert({ code: 'ZZ', name: 'Nowhere', dial_code: '+999' });
    expect(await referenceSeedStep.run(database.url)).toMatch(/; 2 rows changed$/);
    const india = await db(REFERENCE_TABLES.countries).where({ code: 'IN' }).first();
    expect(india).toMatchObject({ name: 'India', dial_code: '+91', currency: 'INR' });
    expect(await db(REFERENCE_TABLES.countries).where({ code: 'ZZ' }).first()).toBeUndefined();
  });
});

describe('address pickers', () => {
  it('lists every country with its code, dial code and currency', async () => {
    const { response, body } =
      await get<Array<Named & Record<string, unknown>>>('/api/address/getCountry');
    expect(response.status).toBe(200);
    expect(body.error).toBe(false);
    expect(body.data).toHaveLength(249);
    // India first, the rest by name.
    const names = body.data!.map((country) => country.name);
    expect(names.slice(0, 3)).toEqual(['India', 'Afghanistan', 'Aland']);
    expect(names.filter((name) => name === 'India')).toHaveLength(1);
    expect(body.data).toContainEqual({
      _id: 'IN',
      name: 'India',
      code: 'IN',
      dialCode: '+91',
      currency: 'INR',
    });
  });

  it("India's 36 states and union territories, by name or code", async () => {
    const byName = await get<Array<Named & { code: string }>>(
      '/api/address/getState?country=India',
    );
    expect(byName.body.data).toHaveLength(36);
    expect(byName.body.data).toContainEqual({ _id: 'IN-MH', name: 'Maharashtra', code: 'MH' });
    const byCode = await get<Named[]>('/api/address/getState?country=in');
    expect(byCode.body.data).toEqual(byName.body.data);
  });

  it("a state's districts, and a district's neighbourhoods", async () => {
    const districts = await get<Named[]>(
      '/api/address/getDistrict?country=India&state=Maharashtra',
    );
    expect(names(districts.body.data)).toContain('Mumbai City');
    expect(districts.body.data).toContainEqual({ _id: 'IN-MH:mumbai-city', name: 'Mumbai City' });
    const neighbourhoods = await get<Named[]>(
      `/api/address/getNeighbourhood?country=India&state=Maharashtra&district=${q('Mumbai City')}`,
    );
    expect(neighbourhoods.body.data.length).toBeGreaterThan(0);
    expect(neighbourhoods.body.data[0]?._id).toMatch(/^IN-MH:mumbai-city:/);
  });

  it('finds a district by its former name', async () => {
    const gurgaon = await get<Named[]>(
      '/api/address/getNeighbourhood?country=India&state=Haryana&district=gurgaon',
    );
    const gurugram = await get<Named[]>(
      '/api/address/getNeighbourhood?country=India&state=Haryana&district=Gurugram',
    );
    expect(gurgaon.body.data.length).toBeGreaterThan(0);
    expect(gurgaon.body.data).toEqual(gurugram.body.data);
  });

  it('tells districts of one name apart by their state', async () => {
    const himachal = await get<Named[]>('/api/address/getDistrict?country=IN&state=HP');
    const chhattisgarh = await get<Named[]>('/api/address/getDistrict?country=IN&state=CG');
    expect(names(himachal.body.data)).toContain('Bilaspur');
    expect(names(chhattisgarh.body.data)).toContain('Bilaspur');
    expect(himachal.body.data.find((d) => d.name === 'Bilaspur')?._id).toBe('IN-HP:bilaspur');
  });

  it('answers an empty list, not an error, for other countries and unknown places', async () => {
    for (const path of [
      '/api/address/getState?country=Nepal',
      '/api/address/getDistrict?country=Nepal&state=Bagmati',
      '/api/address/getNeighbourhood?country=Nepal&state=Bagmati&district=Kathmandu',
      '/api/address/getState?country=Atlantis',
      '/api/address/getDistrict?country=India&state=Atlantis',
      '/api/address/getNeighbourhood?country=India&state=Maharashtra&district=Atlantis',
    ]) {
      const { response, body } = await get<Named[]>(path);
      expect({ path, status: response.status, data: body.data }).toEqual({
        path,
        status: 200,
        data: [],
      });
    }
  });

  it('gives every district and neighbourhood an id of its own', async () => {
    const book = await loadAddressBook(db);
    const districtIds: string[] = [];
    const neighbourhoodIds: string[] = [];
    for (const state of book.states('IN')) {
      for (const district of book.districts('IN', state.code)) {
        districtIds.push(district._id);
        neighbourhoodIds.push(
          ...book.neighbourhoods('IN', state.code, district.name).map((n) => n._id),
        );
      }
    }
    expect(districtIds).toHaveLength(786);
    expect(new Set(districtIds).size).toBe(786);
    expect(neighbourhoodIds).toHaveLength(771);
    expect(new Set(neighbourhoodIds).size).toBe(771);
  });
});

describe('categories, makes, models and years', () => {
  type Category = Named & { slug: string; specialFilters: string[]; adTypes: string[] };

  it('lists the categories with their filters and ad types', async () => {
    const { body } = await get<Category[]>('/api/posts/category');
    expect(body.data).toHaveLength(14);
    expect(body.data.find((c) => c.name === 'Sports')?.adTypes).toEqual(['Team', 'Player']);
    expect(body.data.find((c) => c.name === 'Automobiles')).toMatchObject({
      _id: 'automobiles',
      slug: 'automobiles',
      specialFilters: [...VEHICLE_FIELDS],
    });
  });

  it("a category's subcategories, by name or slug", async () => {
    const { body } = await get<Category[]>('/api/posts/subcategory?category=Automobiles');
    expect(names(body.data)).toContain('Cars');
    expect(body.data.find((s) => s.name === 'Cars')).toMatchObject({
      _id: 'automobiles:cars',
      slug: 'cars',
      specialFilters: [...VEHICLE_FIELDS],
    });
    const bySlug = await get<Category[]>('/api/posts/subcategory?category=automobiles');
    expect(bySlug.body.data).toEqual(body.data);
    expect((await get<Category[]>('/api/posts/subcategory?category=Nothing')).body.data).toEqual(
      [],
    );
  });

  it('the vehicle-fields rule agrees with every category and subcategory of the data', async () => {
    const tree = await loadCategoryTree(db);
    const hasAll = (filters: string[]) => VEHICLE_FIELDS.every((f) => filters.includes(f));
    for (const category of tree.categories()) {
      expect([category.name, needsVehicleFields(category.name)]).toEqual([
        category.name,
        hasAll(category.specialFilters),
      ]);
      for (const sub of tree.subcategories(category.slug)) {
        expect([category.name, sub.name, needsVehicleFields(category.name, sub.name)]).toEqual([
          category.name,
          sub.name,
          hasAll(sub.specialFilters),
        ]);
      }
    }
  });

  it('makes for a vehicle subcategory, and models for a make', async () => {
    const makes = await get<Named[]>('/api/manufacturer/getMakes?subcategory=Cars');
    expect(makes.body.data).toContainEqual({ _id: 'maruti-suzuki', name: 'Maruti Suzuki' });
    const models = await get<Named[]>(
      `/api/manufacturer/getModels?subcategory=Cars&make=${q('Maruti Suzuki')}`,
    );
    expect(names(models.body.data)).toEqual(expect.arrayContaining(['Alto 800', 'Swift']));
    expect(models.body.data).toContainEqual({ _id: 'maruti-suzuki:swift', name: 'Swift' });
    const bankAuction = await get<Named[]>(
      `/api/manufacturer/getMakes?subcategory=Cars&category=${q('Bank Auctions')}`,
    );
    expect(bankAuction.body.data).toEqual(makes.body.data);
  });

  it('draws every Ships Boats subcategory from the boat makes, and others from none', async () => {
    const boats = await get<Named[]>('/api/manufacturer/getMakes?subcategory=Yachts');
    expect(names(boats.body.data)).toContain('Yamaha Marine');
    const tractors = await get<Named[]>('/api/manufacturer/getMakes?subcategory=Tractors');
    expect(names(tractors.body.data)).toContain('Sonalika');
    for (const path of [
      `/api/manufacturer/getMakes?subcategory=${q('Spare Parts')}`,
      '/api/manufacturer/getMakes?subcategory=Property&category=Bank%20Auctions',
      '/api/manufacturer/getMakes?subcategory=Cars&category=Property',
      '/api/manufacturer/getModels?subcategory=Cars&make=Sonalika',
    ]) {
      expect({ path, data: (await get<Named[]>(path)).body.data }).toEqual({ path, data: [] });
    }
  });

  it('gives every model an id of its own within its list', async () => {
    const vehicles = await loadVehicleList(db);
    const ids = vehicles.makes('Cars').flatMap((make) => vehicles.models('Cars', make.name));
    expect(ids.length).toBeGreaterThan(300);
    expect(new Set(ids.map((m) => m._id)).size).toBe(ids.length);
  });

  it('years of manufacture from the request year back to 1950', async () => {
    const { body } = await get<number[]>('/api/posts/manufacturingYears');
    expect(body.data[0]).toBe(2026);
    expect(body.data.at(-1)).toBe(1950);
    expect(body.data).toHaveLength(77);
  });
});

describe('bad input and caching', () => {
  it('a missing required query answers 400 in the envelope, naming the field', async () => {
    const { response, body } = await get('/api/address/getState');
    expect(response.status).toBe(400);
    expect(body).toMatchObject({ data: null, error: true, msg: 'country is required' });
    expect(body.errors).toEqual([{ field: 'country', message: 'country is required' }]);
    const models = await get('/api/manufacturer/getModels?subcategory=Cars&make=%20');
    expect(models.response.status).toBe(400);
    expect(models.body.errors).toEqual([{ field: 'make', message: 'make is required' }]);
  });

  it('answers are cacheable and revalidate with a weak ETag', async () => {
    const first = await get('/api/posts/category');
    const etag = first.response.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.response.headers.get('cache-control')).toBe('public, max-age=3600');
    const again = await get('/api/posts/category', { 'if-none-match': etag ?? '' });
    expect(again.response.status).toBe(304);
    expect(again.body).toBeUndefined();
    const other = await get('/api/posts/subcategory?category=Jobs', {
      'if-none-match': etag ?? '',
    });
    expect(other.response.status).toBe(200);
  });
});
