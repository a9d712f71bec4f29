import { describe, expect, it } from 'vitest';
import { characterCount, visibleText, withinCharacters } from './characters.ts';

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

describe('a name as a reader sees it', () => {
  it('reads full-width letters, invisible characters and Cyrillic or Greek look-alikes as Latin', () => {
    expect(visibleText('ｋａｖｙａ')).toBe('kavya');
    expect(visibleText('ka\u200Bvya')).toBe('kavya');
    // A Cyrillic а and о, a Greek Ο: the same letters to anyone looking.
    expect(visibleText('kаvyа_nоir')).toBe('kavya_noir');
    expect(visibleText('ΟLX')).toBe('OLX');
    // Armenian, Latin and Greek letters that look the same, and marks that show nothing.
    expect(visibleText('deepak_j\u0585shi')).toBe('deepak_joshi');
    expect(visibleText('\u0261urpreet_\u0261ill')).toBe('gurpreet_gill');
    expect(visibleText('\u03BAavya_nair')).toBe('kavya_nair');
    expect(visibleText('pr\u0131ya\u034F_iyer\uFE0F')).toBe('priya_iyer');
  });

  it('keeps letters that look like no Latin one, and Indian scripts', () => {
    expect(visibleText('Жизнь')).toBe('Жизнь');
    expect(visibleText('क्ष प्रिया')).toBe('क्ष प्रिया');
  });
});
