import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishBuild } from './build.ts';

const write = (dir: string, name: string, content: string) => {
  mkdirSync(join(dir, name, '..'), { recursive: true });
  writeFileSync(join(dir, name), content);
};
const listed = (dir: string) => readdirSync(dir, { recursive: true }).map(String).sort();

describe('publishing a web build', () => {
  it('puts the new files in, the page last, and keeps the old build’s files for a day', () => {
    const root = mkdtempSync(join(tmpdir(), 'boli-publish-'));
    const [next, dist] = [join(root, 'next'), join(root, 'dist')];
    write(dist, 'index.html', 'old page');
    write(dist, 'assets/index-old.js', 'old script');
    write(dist, 'assets/ancient.js', 'a build from last week');
    const lastWeek = new Date(Date.now() - 7 * 24 * 3600_000);
    utimesSync(join(dist, 'assets/ancient.js'), lastWeek, lastWeek);
    write(next, 'index.html', 'new page');
    write(next, 'assets/index-new.js', 'new script');
    write(next, 'assets/index-new.js.br', 'new script, compressed');

    publishBuild(next, dist);

    expect(readFileSync(join(dist, 'index.html'), 'utf8')).toBe('new page');
    expect(listed(dist)).toEqual([
      'assets',
      'assets/index-new.js',
      'assets/index-new.js.br',
      'assets/index-old.js',
      'index.html',
    ]);
    expect(readdirSync(root)).toEqual(['dist']);
    rmSync(root, { recursive: true, force: true });
  });
});
