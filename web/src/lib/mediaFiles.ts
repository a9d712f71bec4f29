import { AD_MESSAGES } from '@boli/engine/ads/ad.messages';
import { inMegabytes, LIMITS } from '@boli/engine/shared/limits';
import { isOneOf } from '@boli/engine/shared/oneOf';

/** Section 5's ad media: these extensions, at most LIMITS.adMedia.maxBytes each, 6 per ad. */
export const MEDIA_ACCEPT = LIMITS.adMedia.extensions.map((extension) => `.${extension}`).join(',');

const extensionOf = (name: string): string => /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

export type MediaRefusal = 'extension' | 'empty' | 'size' | 'tooMany';

/** The largest photo or video, in MB, as the drop zone says it. */
export const MEDIA_MAX_MB = inMegabytes(LIMITS.adMedia.maxBytes);

/** Each refusal in the words the server would answer with (AD_MESSAGES). */
export const MEDIA_REFUSALS: Record<MediaRefusal, string> = {
  extension: AD_MESSAGES.mediaNotAllowed,
  empty: AD_MESSAGES.mediaEmpty,
  size: AD_MESSAGES.mediaTooLarge,
  tooMany: AD_MESSAGES.tooManyMedia,
};

/** Why a file cannot be one of the ad's media, or null when it can. */
export function mediaRefusal(file: { name: string; size: number }): MediaRefusal | null {
  if (!isOneOf(LIMITS.adMedia.extensions, extensionOf(file.name))) return 'extension';
  if (file.size <= 0) return 'empty';
  if (file.size > LIMITS.adMedia.maxBytes) return 'size';
  return null;
}

/**
 * Splits dropped files into those taken and those refused, given how many the ad already has:
 * files beyond LIMITS.adMedia.maxFiles are refused as too many.
 */
export function sortDroppedFiles<F extends { name: string; size: number }>(
  files: readonly F[],
  alreadyHeld: number,
): { taken: F[]; refused: { file: F; reason: MediaRefusal }[] } {
  const taken: F[] = [];
  const refused: { file: F; reason: MediaRefusal }[] = [];
  for (const file of files) {
    const reason =
      mediaRefusal(file) ??
      (alreadyHeld + taken.length >= LIMITS.adMedia.maxFiles ? 'tooMany' : null);
    if (reason) refused.push({ file, reason });
    else taken.push(file);
  }
  return { taken, refused };
}
