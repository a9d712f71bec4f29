import { describe, expect, it } from 'vitest';
import { batchedLoader } from './batchedLoader.ts';

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('a batched loader', () => {
  it('loads the keys asked for in one turn together, each once', async () => {
    const batches: string[][] = [];
    const load = batchedLoader(async (keys: readonly string[]) => {
      batches.push([...keys]);
      return new Map(keys.filter((k) => k !== 'missing').map((k) => [k, k.toUpperCase()]));
    });
    const answers = await Promise.all([load('a'), load('b'), load('a'), load('missing')]);
    expect(answers).toEqual(['A', 'B', 'A', undefined]);
    expect(batches).toEqual([['a', 'b', 'missing']]);

    await turn();
    expect(await load('c')).toBe('C');
    expect(batches).toEqual([['a', 'b', 'missing'], ['c']]);
  });

  it('fails every caller of a failed batch, and loads the next one', async () => {
    let fail = true;
    const load = batchedLoader(async (keys: readonly string[]) => {
      if (fail) throw new Error('database down');
      return new Map(keys.map((k) => [k, k]));
    });
    const failed = await Promise.allSettled([load('a'), load('b')]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await load('a')).toBe('a');
  });
});
