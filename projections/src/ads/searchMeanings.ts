/*
 * What a searcher means by a word, beyond the word itself: the other words Indian buyers and
 * sellers use for the same thing ('bike' for a motorcycle, 'cycle' for a bicycle, 'fridge'), and
 * the thing's category, whose ads a search for it ranks first ('bike' is the Bikes category, not
 * a delivery job that needs one). Old names of places are the reference data's district aliases
 * ('Bangalore' → Bengaluru Urban), looked up by the search itself (ads.queries.ts).
 */

/**
 * Words for the same thing, each group one thing. A word's plural (an added 's') is matched too,
 * so that the categories' plural names ('Bikes', 'Fridges', 'ACs') are its category.
 */
export const SAME_THINGS: readonly (readonly string[])[] = [
  ['bike', 'motorbike', 'motorcycle'],
  ['cycle', 'bicycle'],
  ['scooty', 'scooter'],
  ['car', 'motorcar'],
  ['fridge', 'refrigerator'],
  ['tv', 'television'],
  ['ac', 'aircon'],
  ['mobile', 'smartphone', 'cellphone'],
  ['laptop', 'notebook'],
  ['sofa', 'couch'],
  ['almirah', 'wardrobe', 'cupboard'],
  ['flat', 'apartment'],
  ['plot', 'land'],
];

/** The word and its plural: 'bike' → bike, bikes; 'bikes' → bikes, bike; 'couch' → couches. */
export function formsOf(word: string): string[] {
  if (/(ch|sh|x)es$/.test(word)) return [word, word.slice(0, -2)];
  if (word.endsWith('s') && Array.from(word).length > 3) return [word, word.slice(0, -1)];
  if (/(ch|sh|x)$/.test(word)) return [word, `${word}es`];
  return [word, `${word}s`];
}

/** The group a word (in either form) belongs to, if any. */
export const groupOf = (term: string): readonly string[] | undefined => {
  const forms = formsOf(term);
  return SAME_THINGS.find((group) => group.some((word) => forms.includes(word)));
};

/** Below this many letters a plural is too like a brand to look for everywhere ('tvs': TVS). */
const MIN_PLURAL_ANYWHERE = 3;

/**
 * Other words for what `term` names, with their plurals (but a short word's: 'tvs' is TVS the
 * motorcycle maker, so it names a category only, `categoryWordsFor`); none for a word of no group.
 */
export function otherWordsFor(term: string): string[] {
  const group = groupOf(term);
  if (group === undefined) return [];
  const forms = new Set(formsOf(term));
  const anywhere = (word: string) =>
    Array.from(word).length >= MIN_PLURAL_ANYWHERE ? formsOf(word) : [word];
  return [...new Set(group.flatMap(anywhere))].filter((word) => !forms.has(word));
}

/**
 * Every word by which an ad's category may be the thing `term` names: the term, its plural and
 * the other words for it. A search ranks the ads whose category or subcategory holds one of them
 * above ads that merely mention the word.
 */
export const categoryWordsFor = (term: string): string[] => [
  ...new Set([...formsOf(term), ...(groupOf(term) ?? []).flatMap(formsOf)]),
];
