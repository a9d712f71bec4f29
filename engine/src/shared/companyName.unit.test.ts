import { describe, expect, it } from 'vitest';
import { companyKey, companyNameOf, isOthersCompanyName } from './companyName.ts';

describe('company names', () => {
  it('are kept trimmed, each run of spaces one space', () => {
    expect(companyNameOf('  Meridian \u00a0 Corp ')).toBe('Meridian Corp');
  });

  it('are one name whatever their case, spaces, punctuation or look-alike letters', () => {
    const key = companyKey('Meridian Corp');
    for (const same of [
      ' meridian  CORP',
      'Meridian Corp.',
      'M\u0435ridian Corp', // a Cyrillic е
      'Meri\u200bdian Corp', // a zero-width space
      'Ｍｅｒｉｄｉａｎ Corp', // full-width
    ])
      expect(companyKey(same), same).toBe(key);
    expect(companyKey('Meridian Corps')).not.toBe(key);
  });

  it('keep a plain name’s key as it always was: its stream is found again', () => {
    expect(companyKey('Deccan Mills 2')).toBe('deccan mills 2');
  });

  it('are another member’s when one of theirs has the same key', () => {
    const taken = [{ company: 'Deccan Mills', userId: 'u-1' }];
    expect(isOthersCompanyName('D\u0435ccan Mills', 'u-2', taken)).toBe(true);
    expect(isOthersCompanyName('Deccan Mills', 'u-1', taken)).toBe(false);
    expect(isOthersCompanyName('   ', 'u-2', [{ company: '', userId: 'u-1' }])).toBe(false);
  });
});
