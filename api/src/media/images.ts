import { LIMITS } from '@boli/engine/shared/limits';
import sharp from 'sharp';
import { UPLOAD_MESSAGES } from './upload.ts';
import { ValidationError } from '../http/errors.ts';

/*
 * Uploaded pictures are never served as sent: each is decoded and encoded afresh as JPEG, which
 * drops its metadata (EXIF: camera, GPS position) and anything hidden after the image data, and
 * refuses a file that only looks like an image.
 */

export const PROFILE_PICTURE_SIZE = 512;
export const PROFILE_THUMBNAIL_SIZE = 96;
/** Decoding more than this many pixels is refused (a "decompression bomb"). */
const MAX_INPUT_PIXELS = LIMITS.photoMaxMegapixels * 1_000_000;

export type ReencodedPicture = { picture: Buffer; thumbnail: Buffer };

export async function reencodeProfilePicture(
  path: string,
  field = 'Photo',
): Promise<ReencodedPicture> {
  const input = () => sharp(path, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' });
  try {
    const { format } = await input().metadata();
    if (format !== 'jpeg' && format !== 'png') throw new Error(`unexpected format ${format}`);
    // rotate() applies the EXIF orientation before the metadata is dropped.
    const square = (size: number) =>
      input()
        .rotate()
        .resize(size, size, { fit: 'cover', position: 'attention', withoutEnlargement: false })
        .flatten({ background: '#ffffff' })
        .jpeg({ quality: 85 })
        .toBuffer();
    const [picture, thumbnail] = await Promise.all([
      square(PROFILE_PICTURE_SIZE),
      square(PROFILE_THUMBNAIL_SIZE),
    ]);
    return { picture, thumbnail };
  } catch {
    throw new ValidationError([{ field, message: UPLOAD_MESSAGES.unreadable }]);
  }
}
