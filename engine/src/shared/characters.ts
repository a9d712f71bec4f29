/*
 * Characters as a person counts them — code points, so an emoji or a ₹ is one — which every
 * length rule uses, in the engine and in the web app's counters alike.
 */

/** How many characters `text` has. */
export const characterCount = (text: string): number => Array.from(text).length;

/**
 * Characters that show nothing yet change what a name reads as: zero-width spaces, bidi
 * overrides that print a name backwards, soft hyphens, byte-order marks. (The zero-width joiner
 * and non-joiner are not among them: Indian scripts and emoji need them.)
 */
const HIDING_CHARACTERS =
  /[\u00AD\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/u;

/** Whether `text` holds a character that shows nothing but changes how it reads. */
export const hasHidingCharacters = (text: string): boolean => HIDING_CHARACTERS.test(text);

/**
 * `text` as a reader sees it, for comparing names: compatibility forms folded (a full-width 'ｋ'
 * is 'k') and every invisible format character dropped.
 */
export const visibleText = (text: string): string => text.normalize('NFKC').replace(/\p{Cf}/gu, '');

/** `text` cut to at most `max` characters, counted so (never halving an emoji). */
export const withinCharacters = (text: string, max: number): string =>
  characterCount(text) > max ? Array.from(text).slice(0, max).join('') : text;
