import { describe, expect, it } from 'vitest';
import { containsNul } from './nulCharacters.ts';

describe('containsNul', () => {
  it('finds a NUL in a string, however deep in arrays and objects, or in a key', () => {
    expect(containsNul('a\u0000b')).toBe(true);
    expect(containsNul({ bid: { aliases: ['ok', 'x\u0000'] } })).toBe(true);
    expect(containsNul({ ['k\u0000']: 1 })).toBe(true);
  });

  it('walks a body nested far deeper than the call stack would', () => {
    const deep = JSON.parse(`${'['.repeat(20_000)}"x\\u0000"${']'.repeat(20_000)}`) as unknown;
    expect(containsNul(deep)).toBe(true);
    const deepObject = JSON.parse(`${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`) as unknown;
    expect(containsNul(deepObject)).toBe(false);
  });

  it('passes everything else, other control characters included', () => {
    expect(containsNul({ a: 'plain', b: 12, c: null, d: [true, 'tab\there'] })).toBe(false);
    expect(containsNul(undefined)).toBe(false);
  });
});
