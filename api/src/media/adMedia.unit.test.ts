import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeAdMedia } from './adMedia.ts';
import { localDiskStorage } from './storage.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'boli-admedia-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A JPEG of `width` × `height` in one colour, written under the test's folder. */
async function jpeg(name: string, width: number, height: number): Promise<string> {
  const path = join(dir, name);
  await sharp({ create: { width, height, channels: 3, background: '#2f6f9d' } })
    .jpeg({ quality: 60 })
    .toFile(path);
  return path;
}

const stored = (path: string) =>
  storeAdMedia(localDiskStorage(join(dir, 'stored')), {
    path,
    sizeBytes: 1,
    kind: 'jpeg',
    filename: 'photo.jpg',
  });

describe('a phone photo of many pixels', () => {
  it('is taken at a 50-megapixel phone’s full resolution, and made small', async () => {
    const item = await stored(await jpeg('fifty.jpg', 8160, 6120));
    expect(item.galleryType).toBe('photos');
    const { width, height } = await sharp(join(dir, 'stored', item.name)).metadata();
    expect(Math.max(width!, height!)).toBeLessThanOrEqual(1600);
  }, 60_000);
});
