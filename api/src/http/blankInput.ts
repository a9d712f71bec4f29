/**
 * A query value or form field left empty (a cleared date box, `?priceFrom=`, whitespace only) is
 * as if it was not sent: zod's `.optional()` then applies, and a blank is never parsed as zero or
 * refused as malformed. Use as `z.preprocess(blankAsAbsent, schema.optional())`.
 */
export const blankAsAbsent = (value: unknown): unknown =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '')
    ? undefined
    : value;
