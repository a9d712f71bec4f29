import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import {
  SetupError,
  freePortFrom,
  installDebianPackages,
  isRoot,
  log,
  run,
  stateDir,
  waitForPort,
} from './system.ts';

/** `stop()` stops the server whoever started it; `startedHere` says whether this process did. */
export type LocalServer = { url: string; startedHere: boolean; stop(): void };

const DEFAULT_PORT = 54329;

function findBinaries(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  const preferred = versions.includes('15') ? '15' : versions[0];
  return preferred ? join(base, preferred, 'bin') : undefined;
}

/** The system user the project's own server runs as. */
const SERVER_USER = 'postgres';

function postgresUid(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${SERVER_USER}:`));
  if (!line)
    throw new SetupError('the postgres system user is missing; reinstall the postgresql package');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

/** The running server's port and Unix-socket directory, from its postmaster.pid; none if stopped. */
function runningServer(
  dataDir: string,
  bin: string,
): { port: number; socketDir: string } | undefined {
  const status = spawnSync(isRoot() ? 'runuser' : join(bin, 'pg_ctl'), [
    ...(isRoot() ? ['-u', SERVER_USER, '--', join(bin, 'pg_ctl')] : []),
    'status',
    '-D',
    dataDir,
  ]);
  if (status.status !== 0) return undefined;
  const pidFile = readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
  return { port: Number(pidFile[3]), socketDir: pidFile[4]?.trim() ?? '' };
}

/**
 * The server's URL. Through its Unix socket when there is one (a plain path, short enough for a
 * socket address): measured at half the bidding bench's load, the api's writes to PostgreSQL took
 * ~21% of its CPU over loopback TCP and ~14% over the socket, and the median p99 of a bid fell from
 * ~72 to ~46 ms. The URL keeps the TCP address too, so it still reads as where the server listens;
 * libpq and node-postgres both let the `host` parameter win.
 */
export function serverUrl(port: number, socketDir: string): string {
  const tcp = `postgres://boli@127.0.0.1:${port}/boli`;
  const socket = join(socketDir, `.s.PGSQL.${port}`);
  const usable = /^\/[\w./-]+$/.test(socketDir) && socket.length <= 100 && existsSync(socket);
  return usable ? `${tcp}?host=${socketDir}` : tcp;
}

/** The project's own cluster. */
const localDataDir = (): string => join(stateDir(), 'pg');

/** Stops the project's own PostgreSQL if it is running; starts, creates and installs nothing. */
export function stopLocalPostgres(): void {
  const bin = findBinaries();
  const dataDir = localDataDir();
  if (!bin || !existsSync(join(dataDir, 'PG_VERSION')) || !runningServer(dataDir, bin)) return;
  log('stopping PostgreSQL');
  run(join(bin, 'pg_ctl'), ['-D', dataDir, '-m', 'fast', '-w', 'stop'], { asUser: SERVER_USER });
}

/**
 * A PostgreSQL server of the project's own: a data directory under the state dir, on loopback and
 * a Unix socket in that directory, trust authentication for the `boli` role. Reused when it is
 * already running.
 */
export async function ensureLocalPostgres(): Promise<LocalServer> {
  let bin = findBinaries();
  if (!bin) {
    installDebianPackages(['postgresql'], 'the local PostgreSQL server');
    bin = findBinaries();
    if (!bin) throw new SetupError('PostgreSQL was installed but its binaries were not found');
  }
  const dataDir = localDataDir();
  const asUser = SERVER_USER;
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    log(`creating a PostgreSQL cluster in ${dataDir}`);
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    if (isRoot()) {
      const { uid, gid } = postgresUid();
      chownSync(dataDir, uid, gid);
    }
    run(
      join(bin, 'initdb'),
      ['-D', dataDir, '-U', 'boli', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8'],
      {
        asUser,
      },
    );
  }
  const stop = stopLocalPostgres;
  const existing = runningServer(dataDir, bin);
  if (existing) {
    return { url: serverUrl(existing.port, existing.socketDir), startedHere: false, stop };
  }
  const port = await freePortFrom(Number(process.env.BOLI_PG_PORT ?? DEFAULT_PORT));
  log(`starting PostgreSQL on 127.0.0.1:${port}`);
  const options = [
    `-p ${port}`,
    `-k ${dataDir}`,
    "-c listen_addresses='127.0.0.1'",
    '-c max_connections=300',
    '-c shared_buffers=256MB',
    // An append-only event store writes WAL fast: at the default 1GB a checkpoint began about
    // every 100 s under load, and the full-page images after each one slowed every commit for a
    // while (the bid latency's worst runs). Checkpoints every 15 minutes or 4GB of WAL instead.
    '-c max_wal_size=4GB',
    '-c checkpoint_timeout=15min',
  ].join(' ');
  run(
    join(bin, 'pg_ctl'),
    ['-D', dataDir, '-l', join(dataDir, 'server.log'), '-o', options, '-w', '-t', '60', 'start'],
    {
      asUser,
    },
  );
  await waitForPort(port, 30_000);
  return { url: serverUrl(port, dataDir), startedHere: true, stop };
}
