import type { Knex } from 'knex';
import type { CastingFields, UserRow } from './users.evolve.ts';

/*
 * The users table as PostgreSQL holds it, and the conversions between its rows and `UserRow`.
 * Logins look rows up by username_lower or email; member search matches trigrams of the
 * username and names, so those three carry one GIN index.
 */

export async function createUsersTable(trx: Knex.Transaction, table: string): Promise<void> {
  await trx.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  await trx.schema.createTable(table, (t) => {
    t.text('user_id').primary();
    t.text('username').notNullable();
    // "C" collation: byte order, so one btree serves both equality and prefix LIKE.
    t.specificType('username_lower', 'text COLLATE "C"').notNullable();
    t.text('email').notNullable().index(`${table}_email_idx`);
    t.text('phone').notNullable();
    t.text('phone_code').notNullable();
    t.text('firstname').notNullable();
    t.text('lastname').notNullable();
    t.text('gender').notNullable();
    t.date('dob');
    for (const column of [
      'bnr',
      'bid_alias',
      'houseno',
      'street',
      'city',
      'neighbourhood',
      'district',
      'state',
      'country',
      'pincode',
    ]) {
      t.text(column).notNullable().defaultTo('');
    }
    t.text('profilepic');
    t.text('education').notNullable().defaultTo('');
    t.jsonb('casting').notNullable().defaultTo('{}');
    for (const column of [
      'email_validated',
      'mobile_validated',
      'show_email',
      'show_mobile_number',
      'show_address',
      'is_blocked',
      'has_paid_to_buy_share',
    ]) {
      t.boolean(column).notNullable().defaultTo(false);
    }
    t.boolean('email_notices').notNullable().defaultTo(true);
    t.specificType('roles', 'text[]').notNullable();
    t.text('password_hash').notNullable();
    t.timestamp('trial_ends_at', { useTz: true });
    t.timestamp('registered_at', { useTz: true }).notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable();
    /** Stream version of the last event applied: an event at or below it is a replay. */
    t.integer('last_version').notNullable();
    // Derived for search only; PostgreSQL keeps them in step with the names.
    t.specificType(
      'firstname_lower',
      'text COLLATE "C" GENERATED ALWAYS AS (lower(firstname)) STORED',
    );
    t.specificType(
      'lastname_lower',
      'text COLLATE "C" GENERATED ALWAYS AS (lower(lastname)) STORED',
    );
    t.specificType(
      'search_text',
      `text GENERATED ALWAYS AS (username_lower || ' ' || lower(firstname) || ' ' || lower(lastname)) STORED`,
    );
  });
  await trx.raw('CREATE UNIQUE INDEX ?? ON ?? (username_lower)', [
    `${table}_username_lower_key`,
    table,
  ]);
  // Member search looks only at members others may find: finished sign-up, not blocked.
  const listable = 'WHERE NOT is_blocked AND mobile_validated';
  // Names that start with the key, in (name, username) order: read in order, stopped at a page.
  await trx.raw(`CREATE INDEX ?? ON ?? (firstname_lower, username_lower) ${listable}`, [
    `${table}_search_firstname_idx`,
    table,
  ]);
  await trx.raw(`CREATE INDEX ?? ON ?? (lastname_lower, username_lower) ${listable}`, [
    `${table}_search_lastname_idx`,
    table,
  ]);
  // The key anywhere inside a username or name: trigrams.
  await trx.raw(`CREATE INDEX ?? ON ?? USING gin (search_text gin_trgm_ops) ${listable}`, [
    `${table}_search_trgm_idx`,
    table,
  ]);
  // Paged member lists: newest first, blocked members left out.
  await trx.raw(`CREATE INDEX ?? ON ?? (registered_at DESC, user_id) WHERE NOT is_blocked`, [
    `${table}_members_idx`,
    table,
  ]);
}

/** What a query selects: dob as text, so no time zone can move the birthday. */
export const userColumns = (db: Knex): (string | Knex.Raw)[] => [
  'user_id',
  'username',
  'username_lower',
  'email',
  'phone',
  'phone_code',
  'firstname',
  'lastname',
  'gender',
  db.raw(`coalesce(to_char(dob, 'YYYY-MM-DD'), '') AS dob`),
  'bnr',
  'bid_alias',
  'houseno',
  'street',
  'city',
  'neighbourhood',
  'district',
  'state',
  'country',
  'pincode',
  'profilepic',
  'education',
  'casting',
  'email_validated',
  'mobile_validated',
  'show_email',
  'show_mobile_number',
  'show_address',
  'email_notices',
  'is_blocked',
  'has_paid_to_buy_share',
  'roles',
  'password_hash',
  'trial_ends_at',
  'registered_at',
  'updated_at',
];

export type StoredUser = Omit<
  UserRow,
  'trial_ends_at' | 'registered_at' | 'updated_at' | 'casting'
> & {
  trial_ends_at: Date | string | null;
  registered_at: Date | string;
  updated_at: Date | string;
  casting: CastingFields | string | null;
};

const iso = (value: Date | string): string => new Date(value).toISOString();

/** A row as selected with `userColumns` → `UserRow`. */
export function fromStored(stored: StoredUser): UserRow {
  const { trial_ends_at, registered_at, updated_at, casting, ...rest } = stored;
  return {
    ...rest,
    casting: typeof casting === 'string' ? (JSON.parse(casting) as CastingFields) : (casting ?? {}),
    roles: [...rest.roles],
    trial_ends_at: trial_ends_at === null ? null : iso(trial_ends_at),
    registered_at: iso(registered_at),
    updated_at: iso(updated_at),
  };
}

/** `UserRow` → the values to write. */
export const toStored = (row: UserRow, lastVersion: number): Record<string, unknown> => ({
  ...row,
  dob: row.dob === '' ? null : row.dob,
  casting: JSON.stringify(row.casting),
  roles: [...row.roles],
  last_version: lastVersion,
});
