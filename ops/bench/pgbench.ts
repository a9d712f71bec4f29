import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/*
 * What PostgreSQL itself does on this machine, in the same run: the baselines of the eventstore
 * and bidding ratios. Raw single-row INSERTs are the ceiling for independent appends and bids;
 * UPDATE+INSERT transactions serialized on one row, the ceiling for one hot stream or ad.
 */

const run = promisify(execFile);

function pgbenchBinary(): string {
  for (const version of ['17', '16', '15', '14']) {
    const candidate = `/usr/lib/postgresql/${version}/bin/pgbench`;
    if (existsSync(candidate)) return candidate;
  }
  return 'pgbench';
}

const PAYLOAD = `'{"adId":"ad-1","amountPaise":125000,"bidder":"u-42"}'`;

export const RAW_INSERT = `INSERT INTO bench_raw (payload) VALUES (${PAYLOAD}::jsonb);\n`;

export const SERIALIZED_UPDATE_INSERT = `BEGIN;
UPDATE bench_head SET version = version + 1 WHERE id = 1;
INSERT INTO bench_log (payload) VALUES (${PAYLOAD}::jsonb);
END;
`;

export async function createBaselineTables(databaseUrl: string): Promise<void> {
  await onAdminConnection(databaseUrl, (admin) =>
    admin.query(`
      CREATE TABLE bench_raw (id bigserial PRIMARY KEY, payload jsonb NOT NULL);
      CREATE TABLE bench_head (id integer PRIMARY KEY, version bigint NOT NULL);
      INSERT INTO bench_head VALUES (1, 0);
      CREATE TABLE bench_log (id bigserial PRIMARY KEY, payload jsonb NOT NULL);
      CREATE TABLE bench_ceiling (id bigserial PRIMARY KEY, payload jsonb NOT NULL);`),
  );
}

/**
 * Empties the tables pgbench filled, at once: a measurement leaves PostgreSQL no dead rows to
 * vacuum and no statistics to redo while the next one runs.
 */
export async function emptyBaselineTables(databaseUrl: string): Promise<void> {
  await onAdminConnection(databaseUrl, (admin) => admin.query('TRUNCATE bench_raw, bench_log'));
}

async function onAdminConnection(
  databaseUrl: string,
  work: (admin: pg.Client) => Promise<unknown>,
): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}

/** Transactions per second of `script` from `clients` connections for `seconds`. */
export async function pgbenchTps(
  databaseUrl: string,
  script: string,
  clients: number,
  seconds: number,
): Promise<number> {
  const dir = await mkdtemp(join(tmpdir(), 'boli-bench-'));
  try {
    const file = join(dir, 'script.sql');
    await writeFile(file, script);
    const { stdout } = await run(
      pgbenchBinary(),
      [
        '--no-vacuum',
        `--client=${clients}`,
        `--jobs=${Math.min(clients, 2)}`,
        `--time=${seconds}`,
        '--protocol=prepared',
        `--file=${file}`,
        databaseUrl,
      ],
      { env: { ...process.env, PGAPPNAME: 'pgbench' } },
    );
    const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
    if (!match) throw new Error(`Unexpected pgbench output:\n${stdout}`);
    return Number(match[1]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
