import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { superviseChildren, type Supervised } from './children.ts';

/*
 * npm start's processes, as real child processes: small scripts that note each start in a file,
 * then stay up, crash once, or crash every time.
 */

let dir: string;
let supervised: Supervised | undefined;
const QUICK = { firstDelayMs: 50, longestDelayMs: 1_000, mostInWindow: 3, windowMs: 60_000 };

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'boli-children-'));
  vi.spyOn(console, 'log').mockImplementation(() => {});
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
});

afterEach(async () => {
  await supervised?.stop(1_000);
  supervised = undefined;
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

/** A script that notes each start in `<name>.starts`, then does what `body` says. */
async function script(name: string, body: string): Promise<string> {
  const path = join(dir, `${name}.mjs`);
  await writeFile(
    path,
    `import { appendFileSync, existsSync } from 'node:fs';
     const starts = ${JSON.stringify(join(dir, `${name}.starts`))};
     const before = existsSync(starts);
     appendFileSync(starts, 'x');
     ${body}`,
  );
  return path;
}

const STAY_UP = 'setInterval(() => {}, 1000);';
const startsOf = async (name: string) =>
  (await readFile(join(dir, `${name}.starts`), 'utf8').catch(() => '')).length;
const child = (name: string, entry: string) => ({ name, entry, env: {} });

describe('npm start’s processes', () => {
  it('start again one that crashed, and leave the others running', async () => {
    const steady = await script('steady', STAY_UP);
    const crashesOnce = await script('crashy', `if (!before) process.exit(1); ${STAY_UP}`);
    supervised = superviseChildren([child('steady', steady), child('crashy', crashesOnce)], QUICK);
    await vi.waitFor(async () => expect(await startsOf('crashy')).toBe(2), { timeout: 10_000 });
    await new Promise((done) => setTimeout(done, 500));
    expect(await startsOf('crashy')).toBe(2);
    expect(await startsOf('steady')).toBe(1);
    expect(console.log).toHaveBeenCalledWith(
      '[boli] crashy exited with code 1; starting it again in 0.05 s',
    );
  });

  it('give up on one that keeps crashing, for the caller to stop the rest', async () => {
    const broken = await script('broken', 'process.exit(3);');
    supervised = superviseChildren([child('broken', broken)], QUICK);
    expect(await supervised.givenUp).toBe('broken');
    expect(await startsOf('broken')).toBe(QUICK.mostInWindow);
  });

  it('start nothing again once stopped', async () => {
    const steady = await script('steady', STAY_UP);
    supervised = superviseChildren([child('steady', steady)], QUICK);
    await vi.waitFor(async () => expect(await startsOf('steady')).toBe(1), { timeout: 10_000 });
    await supervised.stop(1_000);
    await new Promise((done) => setTimeout(done, 300));
    expect(await startsOf('steady')).toBe(1);
  });
});
