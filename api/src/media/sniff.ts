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
