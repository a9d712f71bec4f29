#!/usr/bin/env node
// Entry point of `npm start`, `npm test`, `npm run bench|ops|projections|services`.
// Plain Node with no dependencies: on a fresh clone it runs before anything is installed,
// installs the dependencies when they are missing or stale, then hands over to ops/src/cli.ts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_NODE_FLAGS } from './nodeFlags.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);

function dependenciesAreInstalled() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(marker)) return false;
  const lock = join(root, 'package-lock.json');
  return !existsSync(lock) || mtime(marker) >= mtime(lock) - 1000;
}

if (!dependenciesAreInstalled()) {
  console.log('[boli] installing dependencies (npm ci)…');
  const hasLock = existsSync(join(root, 'package-lock.json'));
  const result = spawnSync('npm', [hasLock ? 'ci' : 'install', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error('[boli] npm could not install the dependencies; see the output above.');
    process.exit(result.status ?? 1);
  }
}

// The bench serves the api in its own process.
const nodeFlags = process.argv[2] === 'bench' ? SERVICE_NODE_FLAGS : [];
const child = spawn(
  process.execPath,
  [...nodeFlags, '--import', 'tsx', join(root, 'ops', 'src', 'cli.ts'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
// Ctrl-C reaches the whole process group; the CLI does the orderly shutdown, we wait for it.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
