import { LIMITS } from '@boli/engine/shared/limits';
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import type { GalleryItem } from '@boli/engine/ads/ad.events';
import { AD_MESSAGES } from '@boli/engine/ads/ad.messages';
import {
  AD_PHOTO_DISPLAY_SIDE,
  AD_PHOTO_MAX_SIDE,
  displayCopyOf,
} from '@boli/engine/ads/photoCopies';
import { ValidationError } from '../http/errors.ts';
import type { ReceivedMedia } from './adMediaUpload.ts';
import { isVideoKind, STORED_EXTENSION } from './sniff.ts';
import type { MediaStorage } from './storage.ts';

/*
 * Turns a received ad file into gallery files under server-chosen names. A photo is decoded and
 * encoded afresh as JPEG (dropping its metadata and anything hidden after the picture) with a
 * display copy and a thumbnail (engine/src/ads/photoCopies.ts); a video is kept as sent (moved,
 * never read into memory) with a poster frame taken by ffmpeg as its thumbnail, or a drawn
 * placeholder when ffmpeg is missing; one ffmpeg finds no picture in is refused.
 */

export const AD_THUMBNAIL_SIZE = { width: 400, height: 300 } as const;
/** Decoding more than this many pixels is refused (a "decompression bomb"). */
const MAX_INPUT_PIXELS = LIMITS.photoMaxMegapixels * 1_000_000;
const FFMPEG_TIMEOUT_MS = 20_000;
const POSTER_MAX_BYTES = 20 * 1024 * 1024;

export type StoredAdMedia = GalleryItem & {
  /** Every file written for it, to remove should the ad not be posted after all. */
  readonly written: readonly string[];
};

export type AdMediaOptions = {
  /** The ffmpeg program (a name on PATH, or a path). */
  readonly ffmpeg?: string;
  readonly onPosterFailure?: (error: unknown) => void;
};

const unreadable = () =>
  new ValidationError(
    [{ field: 'media', message: AD_MESSAGES.mediaUnreadable }],
    AD_MESSAGES.mediaUnreadable,
  );

const thumbnailOf = (input: Sharp): Promise<Buffer> =>
  input
    .rotate()
    .resize(AD_THUMBNAIL_SIZE.width, AD_THUMBNAIL_SIZE.height, {
      fit: 'cover',
      position: 'attention',
    })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toBuffer();

async function reencodePhoto(
  path: string,
): Promise<{ photo: Buffer; display: Buffer; thumbnail: Buffer }> {
  const input = () => sharp(path, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' });
  const sized = (side: number, quality: number) =>
    input()
      .rotate()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality })
      .toBuffer();
  try {
    const { format } = await input().metadata();
    if (format !== 'jpeg' && format !== 'png') throw new Error(`unexpected format ${format}`);
    const [photo, display, thumbnail] = await Promise.all([
      sized(AD_PHOTO_MAX_SIDE, 85),
      sized(AD_PHOTO_DISPLAY_SIDE, 80),
      thumbnailOf(input()),
    ]);
    return { photo, display, thumbnail };
  } catch {
    throw unreadable();
  }
}

/** A frame one second in (or the first, for a shorter video), as PNG bytes. */
function posterFrame(ffmpeg: string, path: string): Promise<Buffer> {
  const args = (seek: string) => [
    '-hide_banner',
    '-loglevel',
    'error',
    '-ss',
    seek,
    '-i',
    path,
    '-frames:v',
    '1',
    '-f',
    'image2pipe',
    '-vcodec',
    'png',
    'pipe:1',
  ];
  const run = (seek: string) =>
    new Promise<Buffer>((resolve, reject) => {
      execFile(
        ffmpeg,
        args(seek),
        { encoding: 'buffer', timeout: FFMPEG_TIMEOUT_MS, maxBuffer: POSTER_MAX_BYTES },
        (error, stdout) => {
          if (error) reject(error);
          else if (stdout.length === 0) reject(new Error('ffmpeg wrote no frame'));
          else resolve(stdout);
        },
      );
    });
  return run('1').catch(() => run('0'));
}

/** A purple card with a play sign: the thumbnail of a video ffmpeg could not show. */
export function placeholderPoster(): Promise<Buffer> {
  const { width, height } = AD_THUMBNAIL_SIZE;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#5f2f9d"/>
    <circle cx="${width / 2}" cy="${height / 2}" r="48" fill="#ffffff" fill-opacity="0.9"/>
    <polygon points="${width / 2 - 16},${height / 2 - 26} ${width / 2 - 16},${height / 2 + 26} ${width / 2 + 28},${height / 2}" fill="#5f2f9d"/>
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
}

/**
 * ffmpeg ran to its end and found no picture in the file (a video cut short, say): no browser will
 * play it either. Not so when ffmpeg is missing (ENOENT) or was stopped for taking too long.
 */
const foundNoPicture = (error: unknown): boolean =>
  error instanceof Error &&
  !(error as { killed?: boolean }).killed &&
  (!('code' in error) || typeof error.code === 'number');

/** What ffmpeg says of a file that ends before its video does (an MP4, a WebM cut short). */
const CUT_SHORT = /partial file|ended prematurely|truncat/i;

/**
 * Whether the video ends before it should: ffmpeg reads it through, packet by packet, decoding
 * nothing (a tenth of a second for 10 MB), and stops at the first error (`-xerror`). A file whose
 * index comes first (an MP4 written for the web) shows its first picture whole though its end is
 * gone. False when ffmpeg cannot tell (missing, stopped for taking too long).
 */
function cutShort(ffmpeg: string, path: string): Promise<boolean> {
  const args = [
    '-hide_banner',
    '-v',
    'error',
    '-xerror',
    '-i',
    path,
    '-c',
    'copy',
    '-f',
    'null',
    '-',
  ];
  return new Promise((resolve) => {
    execFile(ffmpeg, args, { timeout: FFMPEG_TIMEOUT_MS }, (error, _stdout, stderr) =>
      resolve((error !== null && foundNoPicture(error)) || CUT_SHORT.test(String(stderr))),
    );
  });
}

/**
 * A video's poster frame as its thumbnail, or a drawn placeholder when ffmpeg cannot be run; a
 * video ffmpeg ran on and found no picture in, or found cut short, is refused, as unreadable.
 */
async function videoThumbnail(path: string, options: AdMediaOptions): Promise<Buffer> {
  const ffmpeg = options.ffmpeg ?? 'ffmpeg';
  let frame: Buffer;
  try {
    frame = await posterFrame(ffmpeg, path);
  } catch (error) {
    if (foundNoPicture(error)) throw unreadable();
    options.onPosterFailure?.(error);
    return placeholderPoster();
  }
  if (await cutShort(ffmpeg, path)) throw unreadable();
  return thumbnailOf(sharp(frame, { limitInputPixels: MAX_INPUT_PIXELS }));
}

/**
 * Stores one received file in the gallery's form. On failure nothing it wrote is left behind; the
 * scratch file is the caller's to remove (a video's has been moved away on success).
 */
export async function storeAdMedia(
  storage: MediaStorage,
  media: ReceivedMedia,
  options: AdMediaOptions = {},
): Promise<StoredAdMedia> {
  const id = randomUUID();
  const thumbnail = `${id}.thumb.jpg`;
  const written: string[] = [];
  try {
    if (isVideoKind(media.kind)) {
      const name = `${id}.${STORED_EXTENSION[media.kind]}`;
      const poster = await videoThumbnail(media.path, options);
      written.push(thumbnail);
      await storage.save(thumbnail, poster);
      written.push(name);
      await storage.saveFile(name, media.path);
      return { galleryType: 'videos', name, thumbnail, written };
    }
    const name = `${id}.jpg`;
    const { photo, display, thumbnail: small } = await reencodePhoto(media.path);
    written.push(name);
    await storage.save(name, photo);
    written.push(displayCopyOf(name));
    await storage.save(displayCopyOf(name), display);
    written.push(thumbnail);
    await storage.save(thumbnail, small);
    return { galleryType: 'photos', name, thumbnail, written };
  } catch (error) {
    await removeStored(storage, written);
    throw error;
  }
}

export async function removeStored(storage: MediaStorage, names: readonly string[]): Promise<void> {
  await Promise.allSettled(names.map((name) => storage.remove(name)));
}
