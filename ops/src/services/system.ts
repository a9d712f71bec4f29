import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export const log = (message: string): void => console.log(`[boli] ${message}`);

export const isRoot = (): boolean => process.getuid?.() === 0;

/**
 * Where local servers keep their data. As root, PostgreSQL must run as the `postgres` user, which
 * may not be able to enter the checkout (a mktemp clone is mode 700), so state goes under /var/lib.
 */
export function stateDir(): string {
  const override = process.env.BOLI_STATE_DIR;
  const dir = override
    ? resolve(override)
    : isRoot()
      ? join('/var/lib/boli', createHash('sha1').update(repoRoot).digest('hex').slice(0, 10))
      : join(repoRoot, '.boli');
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  return dir;
}

export class SetupError extends Error {
  override name = 'SetupError';
}

let aptUpdated = false;

/** Installs Debian packages when we may (root + apt-get); otherwise says exactly what to run. */
export function installDebianPackages(packages: string[], why: string): void {
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!hasApt || !isRoot()) {
    throw new SetupError(
      `${why} needs the packages ${packages.join(', ')}. ` +
        (hasApt
          ? `Run: sudo apt-get install -y ${packages.join(' ')}`
          : 'This system has no apt-get: install them with your package manager, or set DATABASE_URL/REDIS_URL to servers you run.'),
    );
  }
  log(`installing ${packages.join(', ')} for ${why} (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () =>
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...packages], {
      env,
      stdio: ['ignore', 'inherit', 'inherit'],
    }).status === 0;
  if (!aptUpdated || !install()) {
    spawnSync('apt-get', ['update', '-qq'], { env, stdio: ['ignore', 'inherit', 'inherit'] });
    aptUpdated = true;
    if (!install()) throw new SetupError(`apt-get could not install ${packages.join(', ')}`);
  }
}

export function commandExists(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

export function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolvePromise) => {
    const server = net.createServer();
    server.once('error', () => resolvePromise(false));
    server.listen({ port, host: '127.0.0.1' }, () => server.close(() => resolvePromise(true)));
  });
}

export async function freePortFrom(preferred: number): Promise<number> {
  for (let port = preferred; port < preferred + 200; port++)
    if (await portIsFree(port)) return port;
  throw new SetupError(`no free port in ${preferred}..${preferred + 199}`);
}

export function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolvePromise, reject) => {
    const attempt = () => {
      const socket = net.connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolvePromise();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new SetupError(`nothing listens on port ${port}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

export function run(command: string, args: string[], options: { asUser?: string } = {}): string {
  const [file, argv] =
    options.asUser && isRoot()
      ? ['runuser', ['-u', options.asUser, '--', command, ...args]]
      : [command, args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * ffmpeg, which takes a video's poster frame and finds a video cut short
 * (api/src/media/adMedia.ts): installed with apt-get when missing. `optional`: where it cannot
 * be (no root, no apt-get) the app still serves, each video with a drawn poster, and says so.
 */
export function ensureFfmpeg(why: string, { optional = false } = {}): void {
  if (commandExists('ffmpeg')) return;
  try {
    installDebianPackages(['ffmpeg'], why);
  } catch (error) {
    if (!optional || !(error instanceof SetupError)) throw error;
    log(`${error.message} Without it each video gets a drawn poster, and none is checked.`);
  }
}
