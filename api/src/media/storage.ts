import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { ByteRange } from './byteRange.ts';

/*
 * The media storage port: server-chosen names, bytes in, a public URL out. The local-disk adapter
 * keeps files under MEDIA_DIR and the api serves them at /media/<name>; an S3-compatible adapter
 * can replace it without the routes noticing.
 */

/** `size` is the whole file's; `body` streams the range asked for, if any. */
export type StoredMedia = {
  body: Readable;
  size: number;
  contentType: string;
  range?: ByteRange;
};

export interface MediaStorage {
  /** Stores `bytes` under `name` (a name `isMediaName` accepts), replacing nothing else. */
  save(name: string, bytes: Buffer): Promise<void>;
  /** Stores the file at `path` (moved, never read into memory) under `name`. */
  saveFile(name: string, path: string): Promise<void>;
  /** The file, or only the bytes `range(size)` names (whole when it names none). */
  open(
    name: string,
    range?: (size: number) => ByteRange | undefined,
  ): Promise<StoredMedia | undefined>;
  remove(name: string): Promise<void>;
  /** Where the web finds the file. */
  urlOf(name: string): string;
  /** A directory for uploads in progress (on the same disk, so nothing is held in memory). */
  scratchDir(): Promise<string>;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  mp4: 'video/mp4',
  '3gp': 'video/3gpp',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  flv: 'video/x-flv',
  ogv: 'video/ogg',
  mpeg: 'video/mpeg',
};

/** Names the server itself generates: a uuid, an optional variant, a picture or video extension. */
const MEDIA_NAME =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.[a-z0-9]+)?\.(jpg|png|mp4|3gp|webm|mkv|flv|ogv|mpeg)$/;
export const isMediaName = (name: string): boolean => MEDIA_NAME.test(name);

export const MEDIA_URL_PREFIX = '/media/';

export function localDiskStorage(dir: string): MediaStorage {
  const scratch = join(dir, '.uploads');
  const pathOf = (name: string): string => {
    if (!isMediaName(name)) throw new Error(`Not a media name: ${name}`);
    return join(dir, name);
  };
  return {
    async save(name, bytes) {
      const target = pathOf(name);
      await mkdir(dir, { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = join(dir, `.${randomUUID()}.partial`);
      await writeFile(partial, bytes, { flag: 'wx' });
      await rename(partial, target);
    },
    async saveFile(name, path) {
      const target = pathOf(name);
      await mkdir(dir, { recursive: true });
      try {
        await rename(path, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        // Another disk: copied aside, then renamed, so a reader never sees half a file.
        const partial = join(dir, `.${randomUUID()}.partial`);
        await copyFile(path, partial);
        await rename(partial, target);
        await rm(path, { force: true });
      }
    },
    async open(name, range) {
      if (!isMediaName(name)) return undefined;
      const path = pathOf(name);
      try {
        const { size, isFile } = await stat(path).then((s) => ({
          size: s.size,
          isFile: s.isFile(),
        }));
        if (!isFile) return undefined;
        const extension = name.slice(name.lastIndexOf('.') + 1);
        const part = range?.(size);
        return {
          body: createReadStream(path, part),
          size,
          contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
          ...(part === undefined ? {} : { range: part }),
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(name) {
      await rm(pathOf(name), { force: true });
    },
    urlOf: (name) => `${MEDIA_URL_PREFIX}${name}`,
    async scratchDir() {
      await mkdir(scratch, { recursive: true });
      return scratch;
    },
  };
}
