import { describe, expect, it } from 'vitest';
import { unstorableIn } from './unstorableCharacters.ts';

describe('unstorableIn', () => {
  it('finds a NUL in a string, however deep in arrays and objects, or in a key', () => {
    expect(unstorableIn('a\u0000b')).toBe('NUL_CHARACTER');
    expect(unstorableIn({ bid: { aliases: ['ok', 'x\u0000'] } })).toBe('NUL_CHARACTER');
    expect(unstorableIn({ ['k\u0000']: 1 })).toBe('NUL_CHARACTER');
  });

  it('finds half of a surrogate pair, either half, alone', () => {
    expect(unstorableIn(JSON.parse('{"text":"fuzz \\udc00"}'))).toBe('BROKEN_CHARACTER');
    expect(unstorableIn(['\ud800x'])).toBe('BROKEN_CHARACTER');
    expect(unstorableIn({ ['k\udfff']: 1 })).toBe('BROKEN_CHARACTER');
  });

  it('walks a body nested far deeper than the call stack would', () => {
    const deep = JSON.parse(`${'['.repeat(20_000)}"x\\u0000"${']'.repeat(20_000)}`) as unknown;
    expect(unstorableIn(deep)).toBe('NUL_CHARACTER');
    const deepObject = JSON.parse(`${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`) as unknown;
    expect(unstorableIn(deepObject)).toBeUndefined();
  });

  it('passes everything else: other control characters, whole emoji and Indian scripts', () => {
    expect(unstorableIn({ a: 'plain', b: 12, c: null, d: [true, 'tab\there'] })).toBeUndefined();
    expect(unstorableIn('😀 ₹ नमस्ते')).toBeUndefined();
    expect(unstorableIn(undefined)).toBeUndefined();
  });
});
