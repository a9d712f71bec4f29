/*
 * Characters as a person counts them — code points, so an emoji or a ₹ is one — which every
 * length rule uses, in the engine and in the web app's counters alike.
 */

/** How many characters `text` has. */
export const characterCount = (text: string): number => Array.from(text).length;

/** `text` cut to at most `max` characters, counted so (never halving an emoji). */
export const withinCharacters = (text: string, max: number): string =>
  characterCount(text) > max ? Array.from(text).slice(0, max).join('') : text;
