/**
 * A link or small button that stands on its own (not a word in a sentence) is at least 24 px tall,
 * so a finger on a phone finds it (WCAG 2.2, target size minimum).
 */
export const TAP_TARGET = { display: 'inline-flex', alignItems: 'center', minHeight: 24 } as const;
