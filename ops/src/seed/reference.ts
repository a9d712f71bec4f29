import { readFileSync } from 'node:fs';
import knex, { type Knex } from 'knex';
import { z } from 'zod';
import { VEHICLE_TYPES } from '@boli/engine/ads/vehicleFields';
import { REFERENCE_TABLES as T } from '@boli/api/routes/reference/reference.migrations';
import type { SeedStep } from './index.ts';

// The files and their provenance and licences: reference-data/SOURCES.md.
const INDIA = 'IN';
const name = z.string().trim().min(1);
const names = z.array(name);

const files = {
  countries: z.array(
    z.object({
      code: z.string().regex(/^[A-Z]{2}$/),
      name,
      dialCode: z.string().regex(/^\+\d{1,4}$/),
      currency: z
        .string()
        .regex(/^[A-Z]{3}$/)
        .nullable(),
    }),
  ),
  'india-states-districts': z.array(
    z.object({ state: name, code: z.string().regex(/^[A-Z]{2}$/), districts: names }),
  ),
  'india-district-aliases': z.array(z.object({ state: name, district: name, aliases: names })),
  'india-neighbourhoods': z.array(z.object({ state: name, district: name, neighbourhoods: names })),
  'pincodes-sample': z.array(
    z.object({
      pincode: z.string().regex(/^[1-9]\d{5}$/),
      officeName: name,
      district: name,
      state: name,
    }),
  ),
  categories: z.array(
    z.object({
      name,
      slug: name,
      adTypes: names.default([]),
      specialFilters: names.default([]),
      attributes: names.default([]),
      subcategories: z.array(
        z.object({
          name,
          slug: name,
          specialFilters: names.default([]),
          attributes: names.default([]),
        }),
      ),
    }),
  ),
  vehicles: z.record(z.enum(VEHICLE_TYPES), z.record(name, names)),
};

type FileName = keyof typeof files;

function readDataFile<F extends FileName>(file: F): z.infer<(typeof files)[F]> {
  const text = readFileSync(new URL(`./reference-data/${file}.json`, import.meta.url), 'utf8');
  const parsed = files[file].safeParse(JSON.parse(text));
  if (!parsed.success) {
    throw new Error(
      `reference-data/${file}.json is not as expected: ${z.prettifyError(parsed.error)}`,
    );
  }
  return parsed.data as z.infer<(typeof files)[F]>;
}

type Row = Record<string, string | string[] | null>;
/** One table's full contents as the files give them, and the columns that identify a row. */
type TableRows = { table: string; label: string; key: string[]; rows: Row[] };

/** Every reference table's rows, parents first, checked against each other before any write. */
export function referenceRows(): TableRows[] {
  const countries = readDataFile('countries');
  const states = readDataFile('india-states-districts');
  const problems: string[] = [];
  const stateCode = new Map(states.map((s) => [s.state, s.code]));
  const districtKeys = new Set(states.flatMap((s) => s.districts.map((d) => `${s.code}|${d}`)));
  /** The state's code, if the file's state/district pair is one of the districts. */
  const place = (file: string, state: string, district: string): string | undefined => {
    const code = stateCode.get(state);
    if (code && districtKeys.has(`${code}|${district}`)) return code;
    problems.push(`${file}: ${district}, ${state} is not a district of india-states-districts`);
    return undefined;
  };

  const aliases = readDataFile('india-district-aliases').flatMap((entry) => {
    const code = place('aliases', entry.state, entry.district);
    return code === undefined
      ? []
      : entry.aliases.map((alias) => ({
          country_code: INDIA,
          state_code: code,
          alias,
          district: entry.district,
        }));
  });
  const neighbourhoods = readDataFile('india-neighbourhoods').flatMap((entry) => {
    const code = place('neighbourhoods', entry.state, entry.district);
    return code === undefined
      ? []
      : entry.neighbourhoods.map((neighbourhood) => ({
          country_code: INDIA,
          state_code: code,
          district: entry.district,
          name: neighbourhood,
        }));
  });
  const pincodes = readDataFile('pincodes-sample').flatMap((entry) => {
    const code = place('pincodes', entry.state, entry.district);
    return code === undefined
      ? []
      : [
          {
            pincode: entry.pincode,
            office_name: entry.officeName,
            country_code: INDIA,
            state_code: code,
            district: entry.district,
          },
        ];
  });
  if (!countries.some((c) => c.code === INDIA)) problems.push('countries: India is missing');
  if (problems.length > 0)
    throw new Error(`reference data is inconsistent:\n${problems.join('\n')}`);

  const categories = readDataFile('categories');
  const vehicles = Object.entries(readDataFile('vehicles'));
  return [
    {
      table: T.countries,
      label: 'countries',
      key: ['code'],
      rows: countries.map((c) => ({
        code: c.code,
        name: c.name,
        dial_code: c.dialCode,
        currency: c.currency,
      })),
    },
    {
      table: T.states,
      label: 'states',
      key: ['country_code', 'code'],
      rows: states.map((s) => ({ country_code: INDIA, code: s.code, name: s.state })),
    },
    {
      table: T.districts,
      label: 'districts',
      key: ['country_code', 'state_code', 'name'],
      rows: states.flatMap((s) =>
        s.districts.map((d) => ({ country_code: INDIA, state_code: s.code, name: d })),
      ),
    },
    {
      table: T.districtAliases,
      label: 'district aliases',
      key: ['country_code', 'state_code', 'alias'],
      rows: aliases,
    },
    {
      table: T.neighbourhoods,
      label: 'neighbourhoods',
      key: ['country_code', 'state_code', 'district', 'name'],
      rows: neighbourhoods,
    },
    { table: T.pincodes, label: 'pincodes', key: ['pincode'], rows: pincodes },
    {
      table: T.categories,
      label: 'categories',
      key: ['slug'],
      rows: categories.map((c) => ({
        slug: c.slug,
        name: c.name,
        special_filters: c.specialFilters,
        attributes: c.attributes,
        ad_types: c.adTypes,
      })),
    },
    {
      table: T.subcategories,
      label: 'subcategories',
      key: ['category_slug', 'slug'],
      rows: categories.flatMap((c) =>
        c.subcategories.map((s) => ({
          category_slug: c.slug,
          slug: s.slug,
          name: s.name,
          special_filters: s.specialFilters,
          attributes: s.attributes,
        })),
      ),
    },
    {
      table: T.vehicleMakes,
      label: 'vehicle makes',
      key: ['vehicle_type', 'name'],
      rows: vehicles.flatMap(([type, makes]) =>
        Object.keys(makes).map((make) => ({ vehicle_type: type, name: make })),
      ),
    },
    {
      table: T.vehicleModels,
      label: 'vehicle models',
      key: ['vehicle_type', 'make', 'name'],
      rows: vehicles.flatMap(([type, makes]) =>
        Object.entries(makes).flatMap(([make, models]) =>
          models.map((model) => ({ vehicle_type: type, make, name: model })),
        ),
      ),
    },
  ];
}

const list = (columns: string[], prefix = ''): string =>
  columns.map((column) => `${prefix}"${column}"`).join(', ');

/**
 * Makes the table hold exactly these rows: inserts the new, updates only rows whose values
 * differ, and deletes rows the files no longer have. Answers how many rows it wrote.
 */
async function upsert(trx: Knex.Transaction, { table, key, rows }: TableRows): Promise<number> {
  const columns = Object.keys(rows[0] ?? {});
  const rest = columns.filter((column) => !key.includes(column));
  const onConflict =
    rest.length === 0
      ? 'DO NOTHING'
      : `DO UPDATE SET ${rest.map((c) => `"${c}" = EXCLUDED."${c}"`).join(', ')}
         WHERE (${list(rest, `"${table}".`)}) IS DISTINCT FROM (${list(rest, 'EXCLUDED.')})`;
  const result = await trx.raw<{ rowCount: number }>(
    `INSERT INTO "${table}" (${list(columns)})
     SELECT ${list(columns)} FROM jsonb_populate_recordset(NULL::"${table}", ?::jsonb)
     ON CONFLICT (${list(key)}) ${onConflict}`,
    [JSON.stringify(rows)],
  );
  return result.rowCount;
}

async function deleteStale(
  trx: Knex.Transaction,
  { table, key, rows }: TableRows,
): Promise<number> {
  const result = await trx.raw<{ rowCount: number }>(
    `DELETE FROM "${table}" AS t WHERE NOT EXISTS (
       SELECT 1 FROM jsonb_populate_recordset(NULL::"${table}", ?::jsonb) AS f
       WHERE (${list(key, 'f.')}) = (${list(key, 't.')}))`,
    [JSON.stringify(rows.map((row) => Object.fromEntries(key.map((k) => [k, row[k]]))))],
  );
  return result.rowCount;
}

/** Loads the reference data in one transaction; a second run finds nothing to change. */
export async function seedReferenceData(databaseUrl: string): Promise<string> {
  const tables = referenceRows();
  const db = knex({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 1 } });
  try {
    const changed = await db.transaction(async (trx) => {
      // Two seeds at once (two `npm start`s) would otherwise deadlock on each other's rows.
      await trx.raw(`SELECT pg_advisory_xact_lock(hashtext('boli:seed:reference'))`);
      let written = 0;
      for (const table of tables) written += await upsert(trx, table);
      for (const table of [...tables].reverse()) written += await deleteStale(trx, table);
      return written;
    });
    const counts = tables.map(({ label, rows }) => `${rows.length} ${label}`).join(', ');
    return `${counts}; ${changed} rows changed`;
  } finally {
    await db.destroy();
  }
}

export const referenceSeedStep: SeedStep = { name: 'reference data', run: seedReferenceData };
