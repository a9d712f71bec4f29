import { describe, expect, it } from 'vitest';
import { characterCount, withinCharacters } from './characters.ts';

describe('characters as a person counts them', () => {
  it('counts an emoji or a ₹ as one', () => {
    expect(characterCount('₹😀a')).toBe(3);
    expect('₹😀a'.length).toBe(4);
  });

  it('cuts to a number of them without halving an emoji', () => {
    expect(withinCharacters('😀😀😀', 2)).toBe('😀😀');
    expect(withinCharacters('short', 10)).toBe('short');
  });
});
