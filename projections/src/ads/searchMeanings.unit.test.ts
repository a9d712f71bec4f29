import { describe, expect, it } from 'vitest';
import { categoryTsquery, searchTsquery } from './ads.filters.ts';
import { categoryWordsFor, formsOf, otherWordsFor, SAME_THINGS } from './searchMeanings.ts';

describe('other words for the same thing', () => {
  it('gives a word the others of its group, each with its plural', () => {
    expect(otherWordsFor('bike').sort()).toEqual(
      ['motorbike', 'motorbikes', 'motorcycle', 'motorcycles'].sort(),
    );
    expect(otherWordsFor('cycles').sort()).toEqual(['bicycle', 'bicycles']);
    expect(otherWordsFor('refrigerator')).toEqual(['fridge', 'fridges']);
  });

  it('gives none for a word of no group, nor the word itself', () => {
    expect(otherWordsFor('swift')).toEqual([]);
    for (const group of SAME_THINGS)
      for (const word of group) expect(otherWordsFor(word)).not.toContain(word);
  });

  it('reads a plural as its word, and a short word ending in s as itself', () => {
    expect(formsOf('bikes')).toEqual(['bikes', 'bike']);
    expect(formsOf('ac')).toEqual(['ac', 'acs']);
    expect(formsOf('bus')).toEqual(['bus', 'buss']);
    expect(formsOf('couch')).toEqual(['couch', 'couches']);
    expect(formsOf('couches')).toEqual(['couches', 'couch']);
  });
});

describe('the category a word names', () => {
  it('is found by the word, its plural and the other words for it, in weight B alone', () => {
    expect(categoryWordsFor('cycle').sort()).toEqual(['bicycle', 'bicycles', 'cycle', 'cycles']);
    expect(categoryTsquery([{ term: 'tv' }, { term: 'sofa' }])).toBe(
      "'tv':B | 'tvs':B | 'television':B | 'televisions':B | 'sofa':B | 'sofas':B | 'couch':B | 'couches':B",
    );
  });
});

describe('a term’s meanings in the search', () => {
  it('are alternatives of the term: a word, or all the words of a place', () => {
    const query = searchTsquery(
      [
        { term: 'bangalore', prefix: false, corrections: [], meanings: [['bengaluru', 'urban']] },
        { term: 'bike', prefix: true, corrections: ['bikes'], meanings: [['motorcycle']] },
      ],
      'and',
    );
    // A word that names a thing also finds its category, in the category alone.
    expect(query).toBe(
      "('bangalore' | ('bengaluru' & 'urban')) & ('bike':* | 'bikes' | 'motorcycle' | 'motorbike':B | 'motorbikes':B | 'motorcycles':B)",
    );
  });

  it('finds a short word’s plural in the category alone: “tv” is not TVS the maker', () => {
    expect(otherWordsFor('television')).toEqual(['tv']);
    const query = searchTsquery(
      [{ term: 'tv', prefix: false, corrections: [], meanings: [['television']] }],
      'and',
    );
    expect(query).toBe("('tv' | 'television' | 'tvs':B | 'televisions':B)");
  });
});
