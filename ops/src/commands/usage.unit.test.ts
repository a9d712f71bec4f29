import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SetupError } from '../services/system.ts';
import { ensureDatabase } from '../services/index.ts';
import { reachRedis } from '../services/redis.ts';
import { bench } from './bench.ts';
import { ops } from './ops.ts';
import { projections } from './projections.ts';
import { services } from './services.ts';
import { setPriceSubcommand } from './setPrice.ts';
import { test as testCommand } from './test.ts';

/*
 * Words a command was not made for are answered before anything starts: on a state directory of
 * its own (BOLI_STATE_DIR), a refused command leaves it empty, so no server was started.
 */
describe('the commands’ words', () => {
  let state: string;
  const stateBefore = process.env.BOLI_STATE_DIR;
  let said: string[];
  beforeEach(() => {
    state = mkdtempSync(join(tmpdir(), 'boli-state-'));
    process.env.BOLI_STATE_DIR = state;
    said = [];
    const keep = (...parts: unknown[]) => void said.push(parts.join(' '));
    vi.spyOn(console, 'log').mockImplementation(keep);
    vi.spyOn(console, 'error').mockImplementation(keep);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    if (stateBefore === undefined) delete process.env.BOLI_STATE_DIR;
    else process.env.BOLI_STATE_DIR = stateBefore;
    rmSync(state, { recursive: true, force: true });
  });

  it.each([
    ['services', services, ['status'], "unknown action 'status'"],
    ['services', services, ['stop'], "unknown action 'stop'"],
    ['services', services, [], 'no action given'],
    ['services', services, ['down', 'now'], "unexpected 'now'"],
    ['ops', ops, [], 'no subcommand given'],
    ['ops', ops, ['bogus-cmd'], "unknown subcommand 'bogus-cmd'"],
    ['projections', projections, [], 'no action given'],
    ['projections', projections, ['rebuild'], 'rebuild needs a read model'],
    ['projections', projections, ['rebuild', 'nope'], 'no projection named nope'],
    ['projections', projections, ['status', 'extra'], "unexpected 'extra'"],
    ['test', testCommand, ['bogus'], "unknown tier 'bogus'"],
    ['bench', bench, ['nope'], 'unknown group(s) nope'],
  ])('%s %j is refused with exit code 2, named, and starts nothing', async (...cases) => {
    const [, command, args, problem] = cases;
    expect(await command(args)).toBe(2);
    expect(said.join('\n')).toContain(problem);
    expect(said.join('\n')).toContain('usage: ');
    expect(readdirSync(state)).toEqual([]);
  });

  it.each([
    ['services', services, ['--help']],
    ['ops', ops, ['--help']],
    ['ops', ops, ['set-price', '-h']],
    ['projections', projections, ['help']],
    ['test', testCommand, ['--help']],
    ['bench', bench, ['--help']],
  ])('%s %j prints its usage and exits 0, starting nothing', async (...cases) => {
    const [, command, args] = cases;
    expect(await command(args)).toBe(0);
    expect(said.join('\n')).toMatch(/^usage: /);
    expect(readdirSync(state)).toEqual([]);
  });

  it.each([
    [['bidFee'], 'a product key and a price are needed'],
    [['bidFee', '49', 'extra'], "unexpected 'extra'"],
    [['noSuchProduct', '49'], "Unknown product 'noSuchProduct'"],
    [['bidFee', '1e3'], "'1e3' is not a price in rupees"],
    [['bidFee', '0x10'], "'0x10' is not a price in rupees"],
    [['bidFee', '19.999'], "'19.999' is not a price in rupees"],
  ])('set-price %j is refused (exit code 2) before it reaches the log', async (args, problem) => {
    // An address nothing listens on: a refusal that tried to append would fail differently.
    expect(await setPriceSubcommand.run(args, 'postgres://boli@127.0.0.1:1/boli')).toBe(2);
    expect(said.join('\n')).toContain(problem);
  });
});

describe('servers that do not answer', () => {
  it('PostgreSQL: one line saying where it was looked for, without the password', async () => {
    const refusal = ensureDatabase('postgres://boli:secret@127.0.0.1:1/boli');
    await expect(refusal).rejects.toBeInstanceOf(SetupError);
    await expect(refusal).rejects.toThrow(
      /^cannot reach PostgreSQL at boli@127\.0\.0\.1:1 \(connect ECONNREFUSED 127\.0\.0\.1:1\): is DATABASE_URL right/,
    );
    await expect(refusal).rejects.not.toThrow(/secret/);
  });

  it('Redis: one line with the socket’s own error', async () => {
    const refusal = reachRedis('redis://127.0.0.1:1');
    await expect(refusal).rejects.toBeInstanceOf(SetupError);
    await expect(refusal).rejects.toThrow(
      /^cannot reach Redis at 127\.0\.0\.1:1 \(connect ECONNREFUSED 127\.0\.0\.1:1\): is REDIS_URL right/,
    );
  });
});
