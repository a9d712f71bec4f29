import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stopLocalServices } from './index.ts';

/*
 * `npm run services -- down` on a state directory of its own (BOLI_STATE_DIR), so the project's
 * real servers are never touched.
 */
describe('stopping the local services', () => {
  let state: string;
  const before = process.env.BOLI_STATE_DIR;
  beforeEach(() => {
    state = mkdtempSync(join(tmpdir(), 'boli-state-'));
    process.env.BOLI_STATE_DIR = state;
  });
  afterEach(() => {
    if (before === undefined) delete process.env.BOLI_STATE_DIR;
    else process.env.BOLI_STATE_DIR = before;
    rmSync(state, { recursive: true, force: true });
  });

  it('starts nothing when nothing runs: no cluster is made, no Redis is started', () => {
    stopLocalServices();
    expect(readdirSync(state)).toEqual([]);
  });

  it('leaves alone a process that a stale Redis pid file names', () => {
    mkdirSync(join(state, 'redis'));
    writeFileSync(join(state, 'redis', 'redis.pid'), String(process.pid));
    stopLocalServices();
    // Still running: this test's own process was not sent SIGTERM.
    expect(existsSync(join(state, 'redis', 'redis.pid'))).toBe(true);
  });
});
