import { describe, expect, it } from 'vitest';
import { comparePositions, laterPosition, readPosition } from './position.ts';

describe('event positions', () => {
  it('are read only in the api’s "commit.prepare" form', () => {
    expect(readPosition('120.118')).toBe('120.118');
    for (const value of [12, '12', '1.2.3', '', null, undefined, '-1.0']) {
      expect(readPosition(value)).toBeNull();
    }
  });

  it('compare by commit, then prepare, as whole numbers (not as decimals)', () => {
    expect(comparePositions('123.1000', '123.456')).toBeGreaterThan(0);
    expect(comparePositions('99.0', '100.0')).toBeLessThan(0);
    expect(comparePositions('7.7', '7.7')).toBe(0);
    expect(comparePositions('18446744073709551615.1', '18446744073709551615.0')).toBeGreaterThan(0);
  });

  it('put “nothing seen” before every position', () => {
    expect(comparePositions(null, '0.0')).toBeLessThan(0);
    expect(laterPosition(null, '5.5')).toBe('5.5');
    expect(laterPosition('9.1', '10.0')).toBe('10.0');
    expect(laterPosition('10.0', null)).toBe('10.0');
  });
});
