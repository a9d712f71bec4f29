import { LIMITS } from '@boli/engine/shared/limits';
import { firstCharacters } from '@boli/engine/shared/characters';

/*
 * The reviews list of a profile: pages of LIMITS.reviewPageSize read one after another, each
 * review named to a screen reader by its beginning, its text kept within the server's count.
 */

/** Pages read in turn, joined without repeating a review a newer one pushed onto the next page. */
export function joinedPages<Review extends { readonly _id: string }>(
  pages: readonly (readonly Review[])[],
): Review[] {
  const seen = new Set<string>();
  return pages.flat().filter((review) => !seen.has(review._id) && Boolean(seen.add(review._id)));
}

/** Whether a page read may have more after it: it is full. */
export const mayHaveMore = (page: readonly unknown[]): boolean =>
  page.length === LIMITS.reviewPageSize;

const SNIPPET_CHARACTERS = 40;

/** A review's beginning, to tell its buttons from another's: “Prompt and honest…”. */
export function snippetOf(text: string): string {
  const spaced = text.trim().replace(/\s+/g, ' ');
  const start = firstCharacters(spaced, SNIPPET_CHARACTERS);
  return `“${start}${start === spaced ? '' : '…'}”`;
}
