import { describe, expect, it } from 'vitest';
import { indicInLatin } from './indicInLatin.ts';

describe('Indian scripts in Latin letters', () => {
  it('writes each of the nine scripts as a chat would', () => {
    expect(indicInLatin('तलवार')).toBe('talavar');
    expect(indicInLatin('पुरानी साइकिल')).toBe('purani saikil');
    expect(indicInLatin('क्षत्रिय')).toBe('kshatriy');
    expect(indicInLatin('গাড়ি')).toBe('gadi');
    expect(indicInLatin('ਗੱਡੀ')).toBe('gadi');
    expect(indicInLatin('ગાડી')).toBe('gadi');
    expect(indicInLatin('ଗାଡ଼ି')).toBe('gadi');
    expect(indicInLatin('தமிழ்')).toBe('tamizh');
    expect(indicInLatin('వెంకటేశ్వర్లు')).toBe('venkateshvarlu');
    expect(indicInLatin('ರಸ್ತೆ')).toBe('raste');
    expect(indicInLatin('മലയാളം')).toBe('malayalan');
  });

  it('keeps every other character, and writes Indian digits as ours', () => {
    expect(indicInLatin('Royal sword तलवार 😀')).toBe('Royal sword talavar 😀');
    expect(indicInLatin('राम१२३')).toBe('rama123');
    expect(indicInLatin('Scooter, 2019')).toBe('Scooter, 2019');
  });
});
