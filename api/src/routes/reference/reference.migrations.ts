import type { Migration } from '@boli/engine/shared/migration';

/**
 * The reference data's tables, parents before children. Only the seed (ops/src/seed/reference.ts)
 * writes them; the reference routes read them.
 */
export const REFERENCE_TABLES = {
  countries: 'ref_countries',
  states: 'ref_states',
  districts: 'ref_districts',
  districtAliases: 'ref_district_aliases',
  neighbourhoods: 'ref_neighbourhoods',
  pincodes: 'ref_pincodes',
  categories: 'ref_categories',
  subcategories: 'ref_subcategories',
  vehicleMakes: 'ref_vehicle_makes',
  vehicleModels: 'ref_vehicle_models',
} as const;

// States, districts and everything below them are keyed by country as well, so that another
// country's subdivisions could be added without a new shape; today only India's are seeded.
const referenceData: Migration = {
  name: '20261121_0100_reference_data',
  async up(knex) {
    await knex.schema.raw(`
      CREATE TABLE ref_countries (
        code text PRIMARY KEY CHECK (code ~ '^[A-Z]{2}$'),
        name text NOT NULL UNIQUE,
        dial_code text NOT NULL,
        currency text
      );
      CREATE TABLE ref_states (
        country_code text NOT NULL REFERENCES ref_countries (code) ON DELETE CASCADE,
        code text NOT NULL,
        name text NOT NULL,
        PRIMARY KEY (country_code, code),
        UNIQUE (country_code, name)
      );
      CREATE TABLE ref_districts (
        country_code text NOT NULL,
        state_code text NOT NULL,
        name text NOT NULL,
        PRIMARY KEY (country_code, state_code, name),
        FOREIGN KEY (country_code, state_code) REFERENCES ref_states ON DELETE CASCADE
      );
      CREATE TABLE ref_district_aliases (
        country_code text NOT NULL,
        state_code text NOT NULL,
        alias text NOT NULL,
        district text NOT NULL,
        PRIMARY KEY (country_code, state_code, alias),
        FOREIGN KEY (country_code, state_code, district) REFERENCES ref_districts ON DELETE CASCADE
      );
      CREATE TABLE ref_neighbourhoods (
        country_code text NOT NULL,
        state_code text NOT NULL,
        district text NOT NULL,
        name text NOT NULL,
        PRIMARY KEY (country_code, state_code, district, name),
        FOREIGN KEY (country_code, state_code, district) REFERENCES ref_districts ON DELETE CASCADE
      );
      CREATE TABLE ref_pincodes (
        pincode text PRIMARY KEY CHECK (pincode ~ '^[1-9][0-9]{5}$'),
        office_name text NOT NULL,
        country_code text NOT NULL,
        state_code text NOT NULL,
        district text NOT NULL,
        FOREIGN KEY (country_code, state_code, district) REFERENCES ref_districts ON DELETE CASCADE
      );
      CREATE INDEX ref_pincodes_district ON ref_pincodes (country_code, state_code, district);

      CREATE TABLE ref_categories (
        slug text PRIMARY KEY,
        name text NOT NULL UNIQUE,
        special_filters text[] NOT NULL,
        attributes text[] NOT NULL,
        ad_types text[] NOT NULL
      );
      CREATE TABLE ref_subcategories (
        category_slug text NOT NULL REFERENCES ref_categories (slug) ON DELETE CASCADE,
        slug text NOT NULL,
        name text NOT NULL,
        special_filters text[] NOT NULL,
        attributes text[] NOT NULL,
        PRIMARY KEY (category_slug, slug),
        UNIQUE (category_slug, name)
      );

      CREATE TABLE ref_vehicle_makes (
        vehicle_type text NOT NULL
          CHECK (vehicle_type IN ('Bikes', 'Boats', 'Cars', 'Commercial Vehicles', 'Tractors')),
        name text NOT NULL,
        PRIMARY KEY (vehicle_type, name)
      );
      CREATE TABLE ref_vehicle_models (
        vehicle_type text NOT NULL,
        make text NOT NULL,
        name text NOT NULL,
        PRIMARY KEY (vehicle_type, make, name),
        FOREIGN KEY (vehicle_type, make) REFERENCES ref_vehicle_makes ON DELETE CASCADE
      );
    `);
  },
  async down(knex) {
    for (const table of Object.values(REFERENCE_TABLES).reverse()) {
      await knex.schema.dropTableIfExists(table);
    }
  },
};

/**
 * The words of vehicle makes' and models' names, indexed: the ad search takes a word that names
 * one as meant ('swift' is not a slip for 'shift', whether or not an ad holds it). The search's
 * `correctionsOf` matches `to_tsvector('simple', name)`, this index's expression.
 */
const vehicleNameWords: Migration = {
  name: '20261206_0100_vehicle_name_words',
  async up(knex) {
    await knex.schema.raw(`
      CREATE INDEX ref_vehicle_makes_words ON ref_vehicle_makes
        USING gin (to_tsvector('simple', name));
      CREATE INDEX ref_vehicle_models_words ON ref_vehicle_models
        USING gin (to_tsvector('simple', name));
    `);
  },
  async down(knex) {
    await knex.schema.raw(
      'DROP INDEX IF EXISTS ref_vehicle_makes_words; DROP INDEX IF EXISTS ref_vehicle_models_words',
    );
  },
};

/** This slice's schema changes, oldest first. Never edit one that has shipped: add another. */
export const referenceMigrations: readonly Migration[] = [referenceData, vehicleNameWords];
