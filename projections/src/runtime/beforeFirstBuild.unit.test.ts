import { describe, expect, it } from 'vitest';
import { orNothingBeforeFirstBuild } from './beforeFirstBuild.ts';

const failing = (code: string) => Promise.reject(Object.assign(new Error(code), { code }));

describe('a read before the read model’s first build', () => {
  it('answers nothing while the tables do not exist', async () => {
    expect(await orNothingBeforeFirstBuild(failing('42P01'), [])).toEqual([]);
  });

  it('answers what the read answers once they do', async () => {
    expect(await orNothingBeforeFirstBuild(Promise.resolve([1]), [])).toEqual([1]);
  });

  it('passes any other failure on', async () => {
    await expect(orNothingBeforeFirstBuild(failing('57P01'), [])).rejects.toThrow('57P01');
  });
});
