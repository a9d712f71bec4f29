import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { serverUrl } from './postgres.ts';

describe('the local PostgreSQL URL', () => {
  const made: string[] = [];
  const socketDir = (port: number, prefix = 'boli-pg-'): string => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    made.push(dir);
    writeFileSync(join(dir, `.s.PGSQL.${port}`), '');
    return dir;
  };
  afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('goes through the server’s Unix socket, keeping the TCP address', () => {
    const dir = socketDir(54329);
    expect(serverUrl(54329, dir)).toBe(`postgres://boli@127.0.0.1:54329/boli?host=${dir}`);
  });

  it('falls back to TCP without a socket for that port, or with a path a URL would mangle', () => {
    const dir = socketDir(54329);
    expect(serverUrl(54330, dir)).toBe('postgres://boli@127.0.0.1:54330/boli');
    expect(serverUrl(54329, '')).toBe('postgres://boli@127.0.0.1:54329/boli');
    expect(serverUrl(54329, socketDir(54329, 'boli pg '))).toBe(
      'postgres://boli@127.0.0.1:54329/boli',
    );
  });
});
