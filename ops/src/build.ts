import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { SetupError, log, repoRoot } from './services/system.ts';

const webDir = join(repoRoot, 'web');
export const webDist = join(webDir, 'dist');
/**
 * Where a build is made before it is published into webDist (publishBuild): a directory of its
 * own, so that two runs building at once (two test tiers, npm start beside npm test) never empty
 * or publish each other's half-made files.
 */
const nextDistOf = (pid: number) => join(webDir, `dist.next/${pid}`);
/** Files of an older build are kept this long, for pages still open that load them lazily. */
const KEEP_OLD_FILES_MS = 24 * 3600_000;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );

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
    join(webDir, 'bootColours.ts'),
    join(repoRoot, 'engine', 'src'),
  ].filter(existsSync);

export function webBuildIsCurrent(): boolean {
  const index = join(webDist, 'index.html');
  if (!existsSync(index)) return false;
  const built = statSync(index).mtimeMs;
  return webInputs().every((input) => newestMtime(input) <= built);
}

/**
 * Moves the build in `from` into `to` without a moment in which `to` serves nothing or half a
 * build: the new files first (their names carry their content's hash), the page that loads them
 * last, in one rename. A server running from `to` (npm start while npm test builds) goes on
 * serving the old page until then, and pages still open keep their lazily loaded files for a day.
 */
export function publishBuild(from: string, to: string, now = Date.now()): void {
  const page = join(from, 'index.html');
  const fresh = new Set(filesUnder(from).map((file) => relative(from, file)));
  for (const name of fresh) {
    if (name === 'index.html') continue;
    mkdirSync(dirname(join(to, name)), { recursive: true });
    renameSync(join(from, name), join(to, name));
  }
  renameSync(page, join(to, 'index.html'));
  // Another build publishing at once (two test files' set-ups) may remove a stale file first.
  for (const file of filesUnder(to)) {
    if (fresh.has(relative(to, file))) continue;
    const stats = statSync(file, { throwIfNoEntry: false });
    if (stats && now - stats.mtimeMs > KEEP_OLD_FILES_MS) rmSync(file, { force: true });
  }
  rmSync(from, { recursive: true, force: true });
}

/** Builds web/dist with Vite unless it is already newer than every input. */
export function buildWeb({ force = false } = {}): void {
  if (!force && webBuildIsCurrent()) {
    log('web app is up to date');
    return;
  }
  log('building the web app (vite build)…');
  const nextDist = nextDistOf(process.pid);
  try {
    const result = spawnSync(
      join(repoRoot, 'node_modules', '.bin', 'vite'),
      ['build', '--logLevel', 'warn', '--outDir', nextDist, '--emptyOutDir'],
      {
        cwd: webDir,
        stdio: 'inherit',
        // vitest runs with NODE_ENV=test, which would give a development build of React.
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    if (result.status !== 0)
      throw new SetupError('the web app did not build; see the output above');
    publishBuild(nextDist, webDist);
  } finally {
    rmSync(nextDist, { recursive: true, force: true });
  }
}
