import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { asciiDigits, numberFieldRead } from './digits.ts';

describe('asciiDigits', () => {
  it('reads the digits of Indian keyboards and full-width ones as 0-9', () => {
    expect(asciiDigits('५०००')).toBe('5000'); // Devanagari
    expect(asciiDigits('১২০০')).toBe('1200'); // Bengali
    expect(asciiDigits('௧௨')).toBe('12'); // Tamil
    expect(asciiDigits('١٢٠٠')).toBe('1200'); // Arabic-Indic
    expect(asciiDigits('۹۸۷۶۵۴۳۲۱۰')).toBe('9876543210'); // Urdu
    expect(asciiDigits('１２００.５０')).toBe('1200.50'); // full-width digits, ASCII point
    expect(asciiDigits('𝟗𝟖')).toBe('98'); // mathematical bold, outside the BMP
  });

  it('leaves everything that is not a decimal digit as it was', () => {
    expect(asciiDigits('₹ 7,50,000 km')).toBe('₹ 7,50,000 km');
    expect(asciiDigits('स्कूटी ½ Ⅻ ²')).toBe('स्कूटी ½ Ⅻ ²');
    expect(asciiDigits('')).toBe('');
  });

  it('gives each of a run of ten digits its place in the run, in every script', () => {
    const zeros = [0x30, 0x660, 0x6f0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6];
    fc.assert(
      fc.property(
        fc.constantFrom(...zeros, 0xd66, 0xff10, 0x1d7ce, 0x1d7d8),
        fc.nat(9),
        (zero, n) => {
          expect(asciiDigits(String.fromCodePoint(zero + n))).toBe(String(n));
        },
      ),
    );
  });

  it('reads the number fields so, and keeps other text as typed', () => {
    expect(numberFieldRead('pincode', '४००६०१')).toBe('400601');
    expect(numberFieldRead('bidamt', '५०००')).toBe('5000');
    expect(numberFieldRead('captchaAnswer', '१६')).toBe('16');
    expect(numberFieldRead('managerMobile', '९८७६५४३२१०')).toBe('9876543210');
    expect(numberFieldRead('houseno', '४२')).toBe('४२');
    expect(numberFieldRead('itemName', 'स्कूटी २०२१')).toBe('स्कूटी २०२१');
  });
});
