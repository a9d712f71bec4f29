import { randomBytes } from 'node:crypto';
import knex from 'knex';
import { createPostgresEventStore } from '@boli/engine/eventStore/postgres/postgresEventStore';
import { listBuilds, startProjectionRunners } from '@boli/projections';
import { usersProjection } from '@boli/projections/users/users.projection';
import { searchUsers } from '@boli/projections/users/users.queries';
import { migrate } from '../src/db/migrate.ts';
import { dropDatabase, recreateDatabase, withDatabase } from '../src/services/index.ts';
import type { Metric } from './types.ts';
import { percentile } from './stats.ts';

const USERS = 100_000;
const QUERIES = 400;
const WARM_UP = 40;

const FIRST_NAMES = [
  'Aarav',
  'Aditi',
  'Akash',
  'Amit',
  'Ananya',
  'Anil',
  'Anjali',
  'Arjun',
  'Asha',
  'Ashok',
  'Deepak',
  'Divya',
  'Gaurav',
  'Geeta',
  'Harish',
  'Ishaan',
  'Kavya',
  'Kiran',
  'Krishna',
  'Lakshmi',
  'Mahesh',
  'Manoj',
  'Meera',
  'Mohan',
  'Neha',
  'Nikhil',
  'Pooja',
  'Prakash',
  'Priya',
  'Rahul',
  'Rajesh',
  'Ramesh',
  'Ravi',
  'Rohit',
  'Sandeep',
  'Sanjay',
  'Saroja',
  'Shreya',
  'Sita',
  'Sneha',
  'Sunil',
  'Sunita',
  'Suresh',
  'Tanvi',
  'Uma',
  'Varun',
  'Vijay',
  'Vikram',
  'Vinod',
  'Yash',
];
const LAST_NAMES = [
  'Agarwal',
  'Banerjee',
  'Bhat',
  'Chatterjee',
  'Chauhan',
  'Das',
  'Desai',
  'Dubey',
  'Ghosh',
  'Gupta',
  'Iyer',
  'Jain',
  'Joshi',
  'Kapoor',
  'Khan',
  'Kulkarni',
  'Kumar',
  'Malhotra',
  'Mehta',
  'Menon',
  'Mishra',
  'Nair',
  'Naidu',
  'Pandey',
  'Patel',
  'Pillai',
  'Rao',
  'Reddy',
  'Saxena',
  'Shah',
  'Sharma',
  'Shetty',
  'Singh',
  'Sinha',
  'Srivastava',
  'Thakur',
  'Tiwari',
  'Trivedi',
  'Verma',
  'Yadav',
];

/** A deterministic generator, so every run asks the same keys. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * The keys people type into the search box: mostly 3 to 5 letters from inside a name (a prefix
 * or a middle part), some random letters that find little or nothing.
 */
function searchKeys(count: number): string[] {
  const next = random(42);
  const names = [...FIRST_NAMES, ...LAST_NAMES].map((name) => name.toLowerCase());
  return Array.from({ length: count }, () => {
    const length = 3 + Math.floor(next() * 3);
    if (next() < 0.2) {
      return Array.from({ length }, () => String.fromCharCode(97 + Math.floor(next() * 26))).join(
        '',
      );
    }
    const name = names[Math.floor(next() * names.length)]!;
    const start = next() < 0.5 ? 0 : Math.floor(next() * Math.max(1, name.length - length + 1));
    return name.slice(start, start + length).padEnd(3, 'a');
  });
}

/**
 * p99 of `searchUsers` over 100,000 members: the users read model is built by the projection
 * runtime in a scratch database, filled straight in SQL, analysed, then asked a few hundred keys
 * one after another.
 */
export async function measureSearchUser(ctx: {
  databaseUrl: string;
}): Promise<Record<string, Metric>> {
  const databaseUrl = withDatabase(
    ctx.databaseUrl,
    `boli_bench_users_${randomBytes(4).toString('hex')}`,
  );
  await recreateDatabase(databaseUrl);
  const db = knex({ client: 'pg', connection: databaseUrl, pool: { min: 1, max: 2 } });
  try {
    await migrate(databaseUrl);
    // The runtime creates the live build's table, its indexes and the `users` view.
    const store = createPostgresEventStore({ connectionString: databaseUrl });
    const runners = await startProjectionRunners({
      databaseUrl,
      store,
      projections: [usersProjection],
      wakeUp: false,
    });
    let table: string | undefined;
    const deadline = Date.now() + 20_000;
    while (table === undefined && Date.now() < deadline) {
      table = (await listBuilds(db, 'users')).find((build) => build.status === 'live')?.tables
        .users;
      if (table === undefined) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await runners.stop();
    await store.close();
    if (table === undefined) throw new Error('The users read model was not built within 20 s');

    await db.raw(
      `INSERT INTO ?? (user_id, username, username_lower, email, phone, phone_code, firstname,
                       lastname, gender, dob, roles, password_hash, email_validated,
                       mobile_validated, is_blocked, registered_at, updated_at, last_version)
       SELECT 'u' || i, u.username, lower(u.username), lower(u.username) || '@example.in',
              (9000000000 + i)::text, '+91', u.firstname, u.lastname,
              CASE WHEN i % 2 = 0 THEN 'Female' ELSE 'Male' END,
              date '1970-01-01' + (i % 12000), ARRAY['member'], 'x', true,
              i % 20 <> 0, i % 97 = 0,
              timestamptz '2024-01-01' + i * interval '1 minute',
              timestamptz '2024-01-01' + i * interval '1 minute', 3
         FROM generate_series(1, ?) AS i
         CROSS JOIN LATERAL (
           SELECT f.name AS firstname, l.name AS lastname,
                  lower(f.name) || CASE i % 3 WHEN 0 THEN '_' WHEN 1 THEN '.' ELSE '' END
                    || lower(left(l.name, 3)) || i::text AS username
             FROM (SELECT (?::text[])[1 + (i::bigint * 7919) % ?] AS name) f,
                  (SELECT (?::text[])[1 + (i::bigint * 104729) % ?] AS name) l
         ) u
       ON CONFLICT DO NOTHING`,
      [table, USERS, FIRST_NAMES, FIRST_NAMES.length, LAST_NAMES, LAST_NAMES.length],
    );
    // As autovacuum would after a load this size: statistics and the visibility map.
    await db.raw('VACUUM ANALYZE ??', [table]);
    const [{ n }] = (await db(table).count({ n: '*' })) as [{ n: string }];

    const keys = searchKeys(WARM_UP + QUERIES);
    for (const key of keys.slice(0, WARM_UP)) await searchUsers(db, { key, viewerId: 'u1' });
    const timings: number[] = [];
    let hits = 0;
    for (const key of keys.slice(WARM_UP)) {
      const started = performance.now();
      hits += (await searchUsers(db, { key, viewerId: 'u1', page: 0, limit: 10 })).length;
      timings.push(performance.now() - started);
    }
    timings.sort((a, b) => a - b);
    console.log(
      `searchUser: ${n} users, ${QUERIES} keys, ${(hits / QUERIES).toFixed(1)} hits per key`,
    );
    return {
      'searchUser.p99_ms': {
        value: Number(percentile(timings, 99).toFixed(2)),
        unit: 'ms',
        target: '< 30',
      },
      'searchUser.p50_ms': {
        value: Number(percentile(timings, 50).toFixed(2)),
        unit: 'ms',
        target: '< 10',
      },
    };
  } finally {
    await db.destroy();
    await dropDatabase(databaseUrl);
  }
}
