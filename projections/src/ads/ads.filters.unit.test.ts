import { describe, expect, it } from 'vitest';
import {
  adFilters,
  adPage,
  editsBetween,
  exactTsquery,
  isCorrectable,
  closestMeant,
  mayMean,
  quoteLexeme,
  searchTsquery,
} from './ads.filters.ts';

describe('the ad list’s filters', () => {
  it('keeps what is given, trimmed, with prices in paise', () => {
    expect(
      adFilters({
        category: ' Furniture ',
        country: 'India',
        state: 'Kerala',
        priceFrom: 1500.5,
        priceTo: 20_000,
      }),
    ).toEqual({
      categoryname: 'Furniture',
      country: 'India',
      state: 'Kerala',
      price: { from: 150_050, to: 2_000_000 },
    });
  });

  it('never drops a price bound: one too large for paise is the largest price, a fraction of a paisa goes inward', () => {
    expect(adFilters({ priceFrom: 1e14 }).price).toEqual({ from: Number.MAX_SAFE_INTEGER });
    expect(adFilters({ priceTo: 1e14 }).price).toEqual({ to: Number.MAX_SAFE_INTEGER });
    expect(adFilters({ priceFrom: 10.005, priceTo: 10.009 }).price).toEqual({
      from: 1001,
      to: 1000,
    });
  });

  it('drops empty values, so an empty form lists every ad', () => {
    expect(adFilters({ category: '', state: '  ', make: 'Honda' })).toEqual({});
  });

  it('applies district and neighbourhood only in India', () => {
    expect(adFilters({ country: 'Nepal', district: 'Kaski', neighbourHood: 'Lakeside' })).toEqual({
      country: 'Nepal',
    });
    expect(adFilters({ country: 'india', district: 'Pune', neighbourHood: 'Camp' })).toEqual({
      country: 'india',
      district: 'Pune',
      neighbourhood: 'Camp',
    });
  });

  it('applies the vehicle filters only where ads have vehicle fields', () => {
    const vehicle = {
      make: 'Maruti Suzuki',
      model: 'Swift Dzire',
      yearOfManufactureFrom: 2015,
      mileageTo: 60_000,
      ownerOrDealer: 'Owner',
    };
    expect(adFilters({ category: 'Automobiles', subcategory: 'Cars', ...vehicle })).toEqual({
      categoryname: 'Automobiles',
      subcategory: 'Cars',
      make: 'Maruti Suzuki',
      model: 'Swift Dzire',
      yearOfManufacture: { from: 2015 },
      mileage: { to: 60_000 },
      ownerOrDealer: 'Owner',
    });
    expect(adFilters({ category: 'Bank Auctions', subcategory: 'Cars', ...vehicle }).make).toBe(
      'Maruti Suzuki',
    );
    expect(adFilters({ category: 'Bank Auctions', subcategory: 'Property', ...vehicle })).toEqual({
      categoryname: 'Bank Auctions',
      subcategory: 'Property',
    });
    expect(adFilters({ category: 'Furniture', ...vehicle })).toEqual({ categoryname: 'Furniture' });
  });

  it('applies a Sports ad’s type (Team or Player) only in Sports', () => {
    expect(adFilters({ category: 'Sports', type: 'Team' })).toEqual({
      categoryname: 'Sports',
      type: 'Team',
    });
    expect(adFilters({ category: 'Furniture', type: 'Team' })).toEqual({
      categoryname: 'Furniture',
    });
    expect(adFilters({ type: 'Team' })).toEqual({});
    expect(adFilters({ category: 'sports', type: ' player ' }).type).toBe('Player');
  });
});

describe('the ad list’s pages', () => {
  it('are 20 ads, page 1 by default', () => {
    expect(adPage({})).toEqual({ page: 1, offset: 0, limit: 20 });
    expect(adPage({ page: 3 })).toEqual({ page: 3, offset: 40, limit: 20 });
  });

  it('take an offset over a page', () => {
    expect(adPage({ page: 3, offset: 20 })).toEqual({ page: 2, offset: 20, limit: 20 });
    expect(adPage({ offset: 25 })).toEqual({ page: 2, offset: 25, limit: 20 });
  });
});

describe('the search’s tsquery', () => {
  it('gives each word its corrections, the last its prefix too, all words required or any', () => {
    const groups = [
      { term: 'swfit', prefix: false, corrections: ['swift'] },
      { term: 'dezire', prefix: true, corrections: ['dzire', 'desire'] },
    ];
    expect(searchTsquery(groups, 'and')).toBe(
      "('swfit' | 'swift') & ('dezire':* | 'dzire' | 'desire')",
    );
    expect(searchTsquery(groups, 'or')).toBe(
      "('swfit' | 'swift') | ('dezire':* | 'dzire' | 'desire')",
    );
    expect(exactTsquery(groups)).toBe("'swfit' | 'dezire'");
  });

  it('takes two words side by side also as the one word they make together', () => {
    const groups = [
      { term: 'jbl', prefix: false, corrections: [] },
      { term: 'sound', prefix: false, corrections: ['sounds'], joinedWithNext: 'soundbar' },
      { term: 'bar', prefix: true, corrections: [] },
    ];
    expect(searchTsquery(groups, 'and')).toBe(
      "('jbl') & (('sound' | 'sounds') & ('bar':*) | 'soundbar')",
    );
    expect(searchTsquery(groups, 'or')).toBe(
      "('jbl') | (('sound' | 'sounds') | ('bar':*) | 'soundbar')",
    );
    expect(exactTsquery(groups)).toBe("'jbl' | 'sound' | 'soundbar' | 'bar'");
  });

  it('quotes every lexeme, so nothing typed is read as an operator', () => {
    expect(quoteLexeme("o'neil")).toBe("'o''neil'");
    expect(quoteLexeme('a\\b')).toBe("'a\\\\b'");
    expect(quoteLexeme('!&|')).toBe("'!&|'");
  });

  it('corrects words, not numbers or two-letter words', () => {
    expect(isCorrectable('swfit')).toBe(true);
    expect(isCorrectable('2019')).toBe(false);
    expect(isCorrectable('ac')).toBe(false);
  });
});

describe('a correction of a typed word', () => {
  it('counts the edits between two words, a swap of neighbours as one', () => {
    expect(editsBetween('swfit', 'swift')).toBe(1);
    expect(editsBetween('swfit', 'swing')).toBe(3);
    expect(editsBetween('dezire', 'dzire')).toBe(1);
    expect(editsBetween('dezire', 'desk')).toBe(4);
    expect(editsBetween('car', 'cars')).toBe(1);
    expect(editsBetween('', 'abc')).toBe(3);
    expect(editsBetween('खाट', 'खाट')).toBe(0);
  });

  it('is a few edits away: a slip of the keys, not another word', () => {
    expect(mayMean('swfit', 'swift')).toBe(true);
    expect(mayMean('swfit', 'swing')).toBe(false);
    expect(mayMean('dezire', 'dzire')).toBe(true);
    expect(mayMean('dezire', 'dell')).toBe(false);
    expect(mayMean('car', 'cars')).toBe(true);
    expect(mayMean('car', 'care')).toBe(true);
    expect(mayMean('car', 'bard')).toBe(false);
    expect(mayMean('scorpioo', 'scorpio')).toBe(true);
    expect(mayMean('motercycel', 'motorcycle')).toBe(true);
    // Two letters of five changed: another word, not a slip.
    expect(mayMean('priya', 'price')).toBe(false);
    expect(mayMean('bikes', 'likes')).toBe(true);
    expect(mayMean('bikes', 'lakes')).toBe(false);
    expect(mayMean('activa', 'actova')).toBe(true);
  });

  it('keeps of the words a term may mean those fewest edits away', () => {
    expect(closestMeant('flats', ['flat', 'cats', 'boats', 'fits'], 5)).toEqual(['flat']);
    expect(closestMeant('car', ['cars', 'care', 'bard'], 5)).toEqual(['cars', 'care']);
    expect(closestMeant('car', ['cars', 'care'], 1)).toEqual(['cars']);
    expect(closestMeant('car', ['bard'], 5)).toEqual([]);
  });
});
