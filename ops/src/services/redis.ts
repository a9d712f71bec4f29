import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { LocalServer } from './postgres.ts';
import {
  SetupError,
  commandExists,
  freePortFrom,
  installDebianPackages,
  log,
  run,
  stateDir,
  waitForPort,
} from './system.ts';

const DEFAULT_PORT = 63799;

export function redisPing(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (chunk) => done(chunk.toString().startsWith('+PONG')));
  });
}

/**
 * The Redis a URL names answers a PING, with the URL's password and TLS; or a SetupError says
 * where it was looked for. Without it an unreachable REDIS_URL only shows as the processes'
 * reconnection warnings, once everything else has started.
 */
export async function reachRedis(url: string): Promise<void> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 5000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // The socket's own error (ECONNREFUSED…) says more than the "Connection is closed" after it.
  let cause: Error | undefined;
  client.on('error', (error: Error) => (cause ??= error));
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    const { host } = new URL(url);
    throw new SetupError(
      `cannot reach Redis at ${host} (${(cause ?? (error as Error)).message}): is REDIS_URL right, and is the server running?`,
    );
  } finally {
    client.disconnect();
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Where the project's own Redis keeps its data, its pid and the port it listens on. */
function localRedisFiles(): { dir: string; pidFile: string; portFile: string } {
  const dir = join(stateDir(), 'redis');
  return { dir, pidFile: join(dir, 'redis.pid'), portFile: join(dir, 'port') };
}

/** Whether `pid` is a running redis-server (a stale pid file may name another process now). */
function isRedis(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return false;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').startsWith('redis-server');
  } catch {
    return false;
  }
}

const STOP_WAIT_MS = 10_000;

/** Stops the project's own Redis if it is running, and waits until it has exited. */
export function stopLocalRedis(): void {
  const { pidFile } = localRedisFiles();
  const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : NaN;
  if (!isRedis(pid)) return;
  log('stopping Redis');
  process.kill(pid, 'SIGTERM');
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (const until = Date.now() + STOP_WAIT_MS; alive(pid) && Date.now() < until;)
    Atomics.wait(pause, 0, 0, 20);
}

/** A Redis server of the project's own, with an append-only file so delayed jobs survive restarts. */
export async function ensureLocalRedis(): Promise<LocalServer> {
  if (!commandExists('redis-server'))
    installDebianPackages(['redis-server'], 'the local Redis server');
  const { dir, pidFile, portFile } = localRedisFiles();
  mkdirSync(dir, { recursive: true });
  const stop = stopLocalRedis;
  if (existsSync(pidFile) && existsSync(portFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8'));
    const port = Number(readFileSync(portFile, 'utf8'));
    if (alive(pid) && (await redisPing(port))) {
      return { url: `redis://127.0.0.1:${port}`, startedHere: false, stop };
    }
  }
  const port = await freePortFrom(Number(process.env.BOLI_REDIS_PORT ?? DEFAULT_PORT));
  log(`starting Redis on 127.0.0.1:${port}`);
  run('redis-server', [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--daemonize',
    'yes',
    '--pidfile',
    pidFile,
    '--logfile',
    join(dir, 'redis.log'),
    '--appendonly',
    'yes',
    '--save',
    '',
  ]);
  writeFileSync(portFile, String(port));
  await waitForPort(port, 15_000);
  return { url: `redis://127.0.0.1:${port}`, startedHere: true, stop };
}
