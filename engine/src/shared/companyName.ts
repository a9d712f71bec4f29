import { spacedAsShown, visibleText } from './characters.ts';

/*
 * Company names, under which members bid for shares (their alias there) and for ad slots (the
 * name that shows to the other bidders): one rule for both of how a name is kept and when two
 * names are one.
 */

/**
 * A company name as it is kept and shown: trimmed, each run of spaces (a no-break space too) one
 * space, so that 'Meridian  Corp' is not a second 'Meridian Corp'.
 */
export const companyNameOf = (typed: string): string => spacedAsShown(typed.normalize('NFC'));

/**
 * Company names are compared by their letters and digits, word by word, as they read: case,
 * spaces, punctuation, invisible characters and Cyrillic or Greek letters drawn as Latin ones
 * aside (`visibleText`), so 'Meridian Corp', ' meridian  CORP', 'Meridian Corp.' and 'Mеridian
 * Corp' with a Cyrillic е are one name and nobody bids under another's by a look-alike. (A name
 * of single spaces between Latin letters and digits keys as it always did; one with punctuation
 * or a look-alike letter is filed anew.)
 */
export const companyKey = (company: string): string =>
  visibleText(company)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Whether `company` is, by its key, a name another member (not `userId`) already goes by among
 * `taken`. An empty name is nobody's.
 */
export const isOthersCompanyName = (
  company: string,
  userId: string,
  taken: readonly { readonly company: string; readonly userId: string }[],
): boolean => {
  const key = companyKey(company);
  return (
    key !== '' && taken.some((bid) => bid.userId !== userId && companyKey(bid.company) === key)
  );
};
