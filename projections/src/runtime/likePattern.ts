/** `text` for a LIKE or ILIKE pattern, its wildcards (`%`, `_`) and the escape (`\`) taken literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A LIKE or ILIKE pattern matching any text that contains `text`. */
export const containing = (text: string): string => `%${escapeLike(text)}%`;
