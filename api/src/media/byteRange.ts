/*
 * One `Range: bytes=…` header against a file of `size` bytes (RFC 9110 §14), so a browser can
 * seek in a video: `a-b`, open-ended `a-` and suffix `-n`. A header that is absent, not about
 * bytes, malformed or asks for several ranges is ignored (the whole file, 200), as the RFC allows;
 * a well-formed range that starts past the end is unsatisfiable (416).
 */

/** Inclusive byte offsets, as Content-Range writes them. */
export type ByteRange = { readonly start: number; readonly end: number };

export type RangeAnswer =
  | { readonly kind: 'whole' }
  | { readonly kind: 'partial'; readonly range: ByteRange }
  | { readonly kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=\s*(\d*)-(\d*)\s*$/i;

export function byteRangeOf(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined || header.trim() === '') return { kind: 'whole' };
  const match = SINGLE_RANGE.exec(header);
  if (match === null) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // The last `last` bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: 'partial', range: { start, end } };
}

export const contentRange = (range: ByteRange, size: number): string =>
  `bytes ${range.start}-${range.end}/${size}`;

export const unsatisfiedRange = (size: number): string => `bytes */${size}`;
