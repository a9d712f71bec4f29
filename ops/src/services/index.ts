import pg from 'pg';
import { ensureLocalPostgres, stopLocalPostgres, type LocalServer } from './postgres.ts';
import { ensureLocalRedis, reachRedis, stopLocalRedis } from './redis.ts';
import { SetupError, log } from './system.ts';

export type Services = {
  databaseUrl: string;
  redisUrl: string;
  /** Stops the local servers this call started, and nothing else. */
  stop(): void;
};

const external = (url: string): LocalServer => ({ url, startedHere: false, stop: () => {} });

/** Runs each stop; one that fails is reported and the others still run. */
function stopEach(stops: (() => void)[]): void {
  for (const stop of stops) {
    try {
      stop();
    } catch (error) {
      log(`could not stop a server: ${(error as Error).message}`);
    }
  }
}

/**
 * PostgreSQL and Redis for this process: the ones named by DATABASE_URL / REDIS_URL, or local
 * servers of the project's own (started when not running). `stop()` stops only what it started.
 */
export async function ensureServices(): Promise<Services> {
  const postgres = process.env.DATABASE_URL
    ? external(process.env.DATABASE_URL)
    : await ensureLocalPostgres();
  // A local server was pinged as it was found or started; one named by REDIS_URL is pinged here.
  const redis = process.env.REDIS_URL
    ? await reachRedis(process.env.REDIS_URL).then(() => external(process.env.REDIS_URL!))
    : await ensureLocalRedis();
  return {
    databaseUrl: postgres.url,
    redisUrl: redis.url,
    stop: () =>
      stopEach([redis, postgres].filter((server) => server.startedHere).map((s) => s.stop)),
  };
}

/**
 * `npm run services -- down`: stops the project's local servers that are running, whoever started
 * them, and starts nothing (it used to bring them up first, only to stop them: a Redis started
 * that way had no pid file yet when it was to be stopped, and was left running).
 */
export function stopLocalServices(): void {
  stopEach([stopLocalRedis, stopLocalPostgres]);
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';
}

/** Where a connection string points, for a message: user, host, port and socket, no password. */
export function serverOf(url: string): string {
  const parsed = new URL(url);
  const socket = parsed.searchParams.get('host');
  const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : '';
  return `${user}${parsed.host}${socket ? ` (socket in ${socket})` : ''}`;
}

async function onMaintenanceDb<T>(
  url: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect().catch((error: unknown) => {
    throw new SetupError(
      `cannot reach PostgreSQL at ${serverOf(url)} (${(error as Error).message}): is DATABASE_URL right, and is the server running?`,
    );
  });
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function ensureDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  await onMaintenanceDb(url, async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      log(`creating database ${name}`);
      await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
    }
  });
}

export async function recreateDatabase(url: string, template?: string): Promise<void> {
  const name = databaseName(url);
  await onMaintenanceDb(url, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
    await client.query(
      `CREATE DATABASE ${quoteIdent(name)}${template ? ` TEMPLATE ${quoteIdent(template)}` : ''}`,
    );
  });
}

export async function dropDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  await onMaintenanceDb(url, (client) =>
    client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`),
  );
}
