import { codePointCount } from '../shared/characters.ts';
import { LIMITS } from '../shared/limits.ts';

/**
 * Whether a search key (trimmed) is too short to search members by (section 5: at least
 * LIMITS.userSearch.minChars characters), counted in code points, as every "at least" is: two
 * emoji, four UTF-16 units, are two. The server answers such a key with nobody; the top bar's
 * box does not ask.
 */
export const isTooShortToSearch = (key: string): boolean =>
  codePointCount(key) < LIMITS.userSearch.minChars;
