import { describe, expect, it } from 'vitest';
import { listInWords } from './words.ts';

describe('a list in words', () => {
  it('joins the last with "and", the rest with commas', () => {
    expect(listInWords([])).toBe('');
    expect(listInWords(['price'])).toBe('price');
    expect(listInWords(['price', 'photos'])).toBe('price and photos');
    expect(listInWords(['price', 'photos', 'address'])).toBe('price, photos and address');
  });
});
