import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SetupError, log, repoRoot } from './services/system.ts';

const webDir = join(repoRoot, 'web');
export const webDist = join(webDir, 'dist');

function newestMtime(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestMtime(join(path, entry))),
    stats.mtimeMs,
  );
}

/**
 * The web app's sources, and the engine's it imports (messages, limits, rules, roles): a change to
 * any of them rebuilds it.
 */
const webInputs = () =>
  [
    join(webDir, 'src'),
    join(webDir, 'public'),
    join(webDir, 'index.html'),
    join(webDir, 'vite.config.ts'),
    join(webDir, 'precompress.ts'),
    join(repoRoot, 'engine', 'src'),
  ].filter(existsSync);

export function webBuildIsCurrent(): boolean {
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) return false;
  const built = statSync(index).mtimeMs;
  return webInputs().every((input) => newestMtime(input) <= built);
}

/** Builds web/dist with Vite unless it is already newer than every input. */
export function buildWeb({ force = false } = {}): void {
  if (!force && webBuildIsCurrent()) {
    log('web app is up to date');
    return;
  }
  log('building the web app (vite build)…');
  const result = spawnSync(
    join(repoRoot, 'node_modules', '.bin', 'vite'),
    ['build', '--logLevel', 'warn'],
    {
      cwd: webDir,
      stdio: 'inherit',
      // vitest runs with NODE_ENV=test, which would give a development build of React.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) throw new SetupError('the web app did not build; see the output above');
}
