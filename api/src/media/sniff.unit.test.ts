import { describe, expect, it } from 'vitest';
import { LIMITS } from '@boli/engine/shared/limits';
import {
  extensionOf,
  isAllowedMediaName,
  kindMatchesName,
  sniffImage,
  sniffMedia,
} from './sniff.ts';

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

describe('sniffing ad media by its magic bytes', () => {
  const text = (s: string) => Array.from(new TextEncoder().encode(s));
  const padded = (values: number[]) => Uint8Array.from([...values, ...new Array(200).fill(0)]);

  it('knows each video container section 5 allows', () => {
    expect(sniffMedia(padded([0, 0, 0, 0x20, ...text('ftypisom')]))).toBe('mp4');
    expect(sniffMedia(padded([0, 0, 0, 0x18, ...text('ftypM4V ')]))).toBe('mp4');
    expect(sniffMedia(padded([0, 0, 0, 0x14, ...text('ftyp3gp4')]))).toBe('3gp');
    expect(
      sniffMedia(padded([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84, ...text('webm')])),
    ).toBe('webm');
    expect(
      sniffMedia(padded([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x88, ...text('matroska')])),
    ).toBe('mkv');
    expect(sniffMedia(padded([...text('FLV'), 0x01, 0x05]))).toBe('flv');
    expect(sniffMedia(padded(text('OggS')))).toBe('ogg');
    expect(sniffMedia(padded([0, 0, 1, 0xba]))).toBe('mpeg');
    const transport = new Uint8Array(189);
    transport[0] = 0x47;
    transport[188] = 0x47;
    expect(sniffMedia(transport)).toBe('mpeg');
  });

  it('refuses a script, whatever it is called', () => {
    expect(sniffMedia(padded(text('#!/bin/sh\nrm -rf /')))).toBeUndefined();
    expect(sniffMedia(padded(text('<script>alert(1)</script>')))).toBeUndefined();
    expect(sniffMedia(padded([0x4d, 0x5a, 0x90, 0]))).toBeUndefined();
  });

  it('accepts a file only when its extension is allowed and agrees with its content', () => {
    expect(kindMatchesName('jpeg', 'car.JPG')).toBe(true);
    expect(kindMatchesName('mp4', 'ride.m4v')).toBe(true);
    expect(kindMatchesName('mp4', 'ride.jpg')).toBe(false);
    expect(kindMatchesName('jpeg', 'car.gif')).toBe(false);
    expect(kindMatchesName('jpeg', 'car')).toBe(false);
    // An extension that is a name every object has is no allowed one.
    expect(kindMatchesName('jpeg', 'car.constructor')).toBe(false);
    expect(kindMatchesName('jpeg', 'car.toString')).toBe(false);
  });

  it('tells an allowed name from another, whatever the file holds', () => {
    expect(isAllowedMediaName('car.JPG')).toBe(true);
    expect(isAllowedMediaName('ride.webm')).toBe(true);
    expect(isAllowedMediaName('car.gif')).toBe(false);
    expect(isAllowedMediaName('car')).toBe(false);
    expect(isAllowedMediaName('car.constructor')).toBe(false);
  });

  it('knows exactly the extensions of LIMITS.adMedia', () => {
    for (const extension of LIMITS.adMedia.extensions) {
      expect(
        (['jpeg', 'png', 'mp4', '3gp', 'webm', 'mkv', 'flv', 'ogg', 'mpeg'] as const).some((kind) =>
          kindMatchesName(kind, `file.${extension}`),
        ),
      ).toBe(true);
    }
    expect(extensionOf('archive.tar.gz')).toBe('gz');
  });
});
