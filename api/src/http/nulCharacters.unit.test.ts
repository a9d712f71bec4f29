import { describe, expect, it } from 'vitest';
import { containsNul } from './nulCharacters.ts';

describe('containsNul', () => {
  it('finds a NUL in a string, however deep in arrays and objects, or in a key', () => {
    expect(containsNul('a\u0000b')).toBe(true);
    expect(containsNul({ bid: { aliases: ['ok', 'x\u0000'] } })).toBe(true);
    expect(containsNul({ ['k\u0000']: 1 })).toBe(true);
  });

  it('passes everything else, other control characters included', () => {
    expect(containsNul({ a: 'plain', b: 12, c: null, d: [true, 'tab\there'] })).toBe(false);
    expect(containsNul(undefined)).toBe(false);
  });
});
