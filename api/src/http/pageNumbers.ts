import { z } from 'zod';
import { LIMITS } from '@boli/engine/shared/limits';

/*
 * Page numbers and offsets in a query, one rule for every list: whole decimal numbers only, so
 * '0x1F', '1e3' or '7.5' is refused rather than read as some other page, and no further than
 * LIMITS.pageNumberMax pages.
 */

const DIGITS = /^\d{1,12}$/;

/** A query's text of digits as its number; anything else as it came, for zod to refuse. */
const digitsAsNumber = (value: unknown): unknown =>
  typeof value === 'string' && DIGITS.test(value.trim()) ? Number(value.trim()) : value;

/** A page number counted from `first` (0 or 1), at most LIMITS.pageNumberMax. */
export const pageNumber = (first: 0 | 1) =>
  z.preprocess(digitsAsNumber, z.number().int().min(first).max(LIMITS.pageNumberMax));

/** How many items a page holds: from 1 to `most`. */
export const itemCount = (most: number) =>
  z.preprocess(digitsAsNumber, z.number().int().min(1).max(most));

/** How many items to skip, at most what `pageSize` items a page reach at the furthest page. */
export const itemOffset = (pageSize: number) =>
  z.preprocess(
    digitsAsNumber,
    z
      .number()
      .int()
      .min(0)
      .max(LIMITS.pageNumberMax * pageSize),
  );
