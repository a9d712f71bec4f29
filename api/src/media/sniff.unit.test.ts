import { describe, expect, it } from 'vitest';
import { sniffImage } from './sniff.ts';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('sniffing an image by its magic bytes', () => {
  it('knows a JPEG (FF D8 FF) and a PNG (its 8-byte signature)', () => {
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('jpeg');
    expect(sniffImage(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('png');
  });

  it('refuses anything else, whatever it would be called', () => {
    expect(sniffImage(bytes(0x4d, 0x5a, 0x90, 0))).toBeUndefined(); // Windows executable (MZ)
    expect(sniffImage(bytes(0x7f, 0x45, 0x4c, 0x46))).toBeUndefined(); // ELF
    expect(
      sniffImage(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg">')),
    ).toBeUndefined();
    expect(sniffImage(bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61))).toBeUndefined(); // GIF
  });

  it('refuses a file too short to carry a whole signature', () => {
    expect(sniffImage(bytes())).toBeUndefined();
    expect(sniffImage(bytes(0xff, 0xd8))).toBeUndefined();
    expect(sniffImage(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a))).toBeUndefined();
  });
});
