import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isUuid, uuidOfHash } from './uuid.ts';

describe('a UUID laid over a hash', () => {
  it('keeps the hash’s digits, with the version and the RFC variant set', () => {
    const hex = 'f'.repeat(64);
    expect(uuidOfHash(hex, '5')).toBe('ffffffff-ffff-5fff-bfff-ffffffffffff');
    expect(uuidOfHash('0'.repeat(64), '8')).toBe('00000000-0000-8000-8000-000000000000');
  });

  it('is the same for the same name, and a UUID', () => {
    const of = (name: string) => createHash('sha256').update(name).digest('hex');
    expect(uuidOfHash(of('ad:k'), '5')).toBe(uuidOfHash(of('ad:k'), '5'));
    expect(uuidOfHash(of('ad:k'), '5')).not.toBe(uuidOfHash(of('ad:j'), '5'));
    expect(isUuid(uuidOfHash(of('ad:k'), '8'))).toBe(true);
  });
});
