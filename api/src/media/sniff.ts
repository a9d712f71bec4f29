/*
 * What a file is, by its first bytes (its "magic number"), never by its name or the type the
 * browser claims: a renamed executable stays an executable.
 */

export type ImageKind = 'jpeg' | 'png';

/** How many leading bytes `sniffImage` needs to decide. */
export const SNIFF_BYTES = 8;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (head: Uint8Array, signature: readonly number[]): boolean =>
  head.length >= signature.length && signature.every((byte, i) => head[i] === byte);

/** 'jpeg' (FF D8 FF), 'png' (the 8-byte PNG signature), or undefined for anything else. */
export function sniffImage(head: Uint8Array): ImageKind | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, PNG_SIGNATURE)) return 'png';
  return undefined;
}

/*
 * Ad media (section 5: jpeg, jpg, png, mp4, mpeg, webm, mkv, flv, ogg, ogv, m4v, m4p, 3gp): the
 * two picture kinds and the video containers those extensions name, each by its signature.
 */

export type VideoKind = 'mp4' | '3gp' | 'webm' | 'mkv' | 'flv' | 'ogg' | 'mpeg';
export type MediaKind = ImageKind | VideoKind;

/** How many leading bytes `sniffMedia` looks at (an MPEG transport stream's second sync byte). */
export const MEDIA_SNIFF_BYTES = 189;

const ascii = (head: Uint8Array, from: number, to: number): string =>
  String.fromCharCode(...head.subarray(from, to));

const EBML = [0x1a, 0x45, 0xdf, 0xa3];
const MPEG_TS_PACKET = 188;

/** What an ad media file is by its first bytes, or undefined when it is none of the kinds. */
export function sniffMedia(head: Uint8Array): MediaKind | undefined {
  const image = sniffImage(head);
  if (image !== undefined) return image;
  // ISO base media (MP4, M4V, M4P, 3GP): a box of type 'ftyp', whose major brand tells 3GP apart.
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    return ascii(head, 8, 10) === '3g' ? '3gp' : 'mp4';
  }
  // Matroska and WebM: an EBML header whose DocType names which.
  if (startsWith(head, EBML)) return ascii(head, 0, head.length).includes('webm') ? 'webm' : 'mkv';
  if (startsWith(head, [0x46, 0x4c, 0x56, 0x01])) return 'flv';
  if (startsWith(head, [0x4f, 0x67, 0x67, 0x53])) return 'ogg';
  // MPEG program stream (pack header) or video elementary stream (sequence header).
  if (startsWith(head, [0x00, 0x00, 0x01, 0xba]) || startsWith(head, [0x00, 0x00, 0x01, 0xb3])) {
    return 'mpeg';
  }
  // MPEG transport stream: a sync byte at the start of two consecutive 188-byte packets.
  if (head.length > MPEG_TS_PACKET && head[0] === 0x47 && head[MPEG_TS_PACKET] === 0x47) {
    return 'mpeg';
  }
  return undefined;
}

export const isVideoKind = (kind: MediaKind): kind is VideoKind =>
  kind !== 'jpeg' && kind !== 'png';

/** The kinds each allowed extension may hold (a `.webm` may be any Matroska, and so on). */
const KINDS_BY_EXTENSION: Readonly<Record<string, readonly MediaKind[]>> = {
  jpeg: ['jpeg'],
  jpg: ['jpeg'],
  png: ['png'],
  mp4: ['mp4', '3gp'],
  m4v: ['mp4'],
  m4p: ['mp4'],
  '3gp': ['3gp', 'mp4'],
  mpeg: ['mpeg'],
  webm: ['webm', 'mkv'],
  mkv: ['mkv', 'webm'],
  flv: ['flv'],
  ogg: ['ogg'],
  ogv: ['ogg'],
};

/** A file name's extension, lower case ('' when it has none). */
export const extensionOf = (filename: string): string => {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
};

/** Whether `filename` has an extension of an allowed kind (whatever the file holds). */
export const isAllowedMediaName = (filename: string): boolean =>
  Object.hasOwn(KINDS_BY_EXTENSION, extensionOf(filename));

/** Whether a file named `filename` may hold `kind`: its extension allowed and agreeing. */
export const kindMatchesName = (kind: MediaKind, filename: string): boolean =>
  isAllowedMediaName(filename) && KINDS_BY_EXTENSION[extensionOf(filename)]!.includes(kind);

/** The extension a stored file of each kind gets (server-chosen, never the sender's). */
export const STORED_EXTENSION: Readonly<Record<MediaKind, string>> = {
  jpeg: 'jpg',
  png: 'png',
  mp4: 'mp4',
  '3gp': '3gp',
  webm: 'webm',
  mkv: 'mkv',
  flv: 'flv',
  ogg: 'ogv',
  mpeg: 'mpeg',
};
