import { describe, expect, it } from 'vitest';
import { LIMITS } from '@boli/engine/shared/limits';
import {
  activeFilterCount,
  adListOfParams,
  isWordlessSearch,
  canClearFilters,
  changeFilter,
  filterQuery,
  adListRequest,
  furtherPage,
  loadMoreReads,
  hasMoreAds,
  withFurtherPage,
  type PageAsked,
  NO_FILTERS,
  filtersProblem,
  rangeProblem,
  showsVehicleFilters,
  type AdFilters,
  filtersOfParams,
  paramsWithFilters,
  searchParamsOf,
  statesCountryOf,
  withoutSearch,
} from './adFilters.ts';

const filters = (set: Partial<AdFilters>): AdFilters => ({ ...NO_FILTERS, ...set });

describe('the dependent filters (section 4)', () => {
  it('clears the subcategory when the category changes', () => {
    const next = changeFilter(
      filters({ category: 'Pets', subcategory: 'Dogs' }),
      'category',
      'Mobiles',
    );
    expect(next).toMatchObject({ category: 'Mobiles', subcategory: '' });
  });

  it('keeps a Sports ad’s type (Team or Player) in Sports only, and sends it only there', () => {
    const team = changeFilter(filters({ category: 'Sports' }), 'type', 'Team');
    expect(filterQuery(team, 1)).toEqual({ category: 'Sports', type: 'Team', page: 1 });
    expect(changeFilter(team, 'subcategory', 'Cricket').type).toBe('Team');
    expect(changeFilter(team, 'category', 'Mobiles').type).toBe('');
    // From an address: left over beside another category, it is not sent.
    expect(filterQuery(filters({ category: 'Mobiles', type: 'Team' }), 1)).toEqual({
      category: 'Mobiles',
      page: 1,
    });
  });

  it('clears state, district and neighbourhood when the country changes, and district when the state does', () => {
    const india = filters({
      country: 'India',
      state: 'Karnataka',
      district: 'Bengaluru Urban',
      neighbourHood: 'Indiranagar',
    });
    expect(changeFilter(india, 'country', 'Nepal')).toMatchObject({
      country: 'Nepal',
      state: '',
      district: '',
      neighbourHood: '',
    });
    expect(changeFilter(india, 'state', 'Kerala')).toMatchObject({
      country: 'India',
      state: 'Kerala',
      district: '',
      neighbourHood: '',
    });
    expect(changeFilter(india, 'district', 'Mysuru')).toMatchObject({
      state: 'Karnataka',
      district: 'Mysuru',
      neighbourHood: '',
    });
  });

  it("offers India's states with no country chosen, and a state chosen so is India's", () => {
    expect(statesCountryOf(NO_FILTERS)).toBe('India');
    expect(statesCountryOf(filters({ country: 'Nepal' }))).toBe('Nepal');
    expect(changeFilter(NO_FILTERS, 'state', 'Karnataka')).toMatchObject({
      country: 'India',
      state: 'Karnataka',
    });
    expect(changeFilter(filters({ country: 'Nepal' }), 'state', 'Bagmati')).toMatchObject({
      country: 'Nepal',
      state: 'Bagmati',
    });
  });

  it('clears the model when the make changes, and make and model when the subcategory does', () => {
    const cars = filters({
      category: 'Automobiles',
      subcategory: 'Cars',
      make: 'Maruti Suzuki',
      model: 'Swift',
    });
    expect(changeFilter(cars, 'make', 'Hyundai')).toMatchObject({ make: 'Hyundai', model: '' });
    expect(changeFilter(cars, 'subcategory', 'Bikes')).toMatchObject({ make: '', model: '' });
  });

  it('drops the vehicle filters when the category no longer has them', () => {
    const cars = filters({
      category: 'Automobiles',
      subcategory: 'Cars',
      yearOfManufactureFrom: '2015',
      mileageTo: '50000',
      ownerOrDealer: 'Owner',
    });
    const next = changeFilter(cars, 'category', 'Furniture');
    expect(next).toMatchObject({ yearOfManufactureFrom: '', mileageTo: '', ownerOrDealer: '' });
  });

  it('leaves everything as it was when the value does not change', () => {
    const cars = filters({ category: 'Automobiles', subcategory: 'Cars' });
    expect(changeFilter(cars, 'category', 'Automobiles')).toBe(cars);
  });
});

describe('which filters show', () => {
  it('shows the vehicle filters for Automobiles, Ships Boats and Bank Auctions’ Cars and Bikes only', () => {
    expect(showsVehicleFilters({ category: 'Automobiles', subcategory: '' })).toBe(true);
    expect(showsVehicleFilters({ category: 'Ships Boats', subcategory: '' })).toBe(true);
    expect(showsVehicleFilters({ category: 'Bank Auctions', subcategory: '' })).toBe(false);
    expect(showsVehicleFilters({ category: 'Bank Auctions', subcategory: 'Cars' })).toBe(true);
    expect(showsVehicleFilters({ category: 'Bank Auctions', subcategory: 'Bikes' })).toBe(true);
    expect(showsVehicleFilters({ category: 'Bank Auctions', subcategory: 'Property' })).toBe(false);
    expect(showsVehicleFilters({ category: 'Pets', subcategory: 'Dogs' })).toBe(false);
  });

  it('enables Clear once a category or a country is chosen', () => {
    expect(canClearFilters(NO_FILTERS)).toBe(false);
    expect(canClearFilters(filters({ priceFrom: '100' }))).toBe(false);
    expect(canClearFilters(filters({ category: 'Pets' }))).toBe(true);
    expect(canClearFilters(filters({ country: 'India' }))).toBe(true);
  });
});

describe('the list query', () => {
  it('sends only the filters that are set, numbers as typed (trimmed), and the page', () => {
    const query = filterQuery(
      filters({
        category: 'Automobiles',
        subcategory: 'Cars',
        country: 'India',
        state: 'Karnataka',
        district: 'Bengaluru Urban',
        priceFrom: '100000',
        priceTo: ' 550000.50 ',
        make: 'Maruti Suzuki',
        yearOfManufactureFrom: '2015',
        mileageTo: '60000',
        ownerOrDealer: 'Owner',
      }),
      3,
    );
    expect(query).toEqual({
      category: 'Automobiles',
      subcategory: 'Cars',
      country: 'India',
      state: 'Karnataka',
      district: 'Bengaluru Urban',
      priceFrom: '100000',
      priceTo: '550000.50',
      make: 'Maruti Suzuki',
      yearOfManufactureFrom: '2015',
      mileageTo: '60000',
      ownerOrDealer: 'Owner',
      page: 3,
    });
  });

  it('sends a number too long for JavaScript as its digits, and leaves out other notations', () => {
    const query = filterQuery(
      filters({ priceFrom: '99999999999999999999999', priceTo: '1e3', mileageFrom: '-5' }),
      1,
    );
    expect(query).toEqual({ priceFrom: '99999999999999999999999', page: 1 });
  });

  it('leaves out district and neighbourhood outside India, vehicle filters outside vehicles, and unreadable numbers', () => {
    const query = filterQuery(
      // Set directly, as a stale draft could hold them.
      filters({
        category: 'Furniture',
        country: 'Nepal',
        district: 'Kathmandu',
        neighbourHood: 'Thamel',
        make: 'Honda',
        priceFrom: 'cheap',
        priceTo: '-5',
      }),
      1,
    );
    expect(query).toEqual({ category: 'Furniture', country: 'Nepal', page: 1 });
    expect(
      activeFilterCount(filters({ category: 'Furniture', country: 'Nepal', make: 'Honda' })),
    ).toBe(2);
  });

  it('names a range whose ends are the wrong way round, or not numbers', () => {
    expect(rangeProblem('', '')).toBeNull();
    expect(rangeProblem('100', '')).toBeNull();
    expect(rangeProblem('100', '100')).toBeNull();
    expect(rangeProblem('200', '100')).toEqual({ at: 'to', message: 'From is above To' });
    expect(rangeProblem('abc', '100')).toEqual({ at: 'from', message: 'Enter a number' });
    expect(rangeProblem('100', '5k')).toEqual({ at: 'to', message: 'Enter a number' });
  });

  it('says which range of an address rules out every ad', () => {
    expect(filtersProblem(filters({ priceFrom: '50000', priceTo: '100' }))).toBe(
      'Price: From is above To',
    );
    const cars = { category: 'Automobiles', subcategory: 'Cars' };
    expect(filtersProblem(filters({ ...cars, mileageFrom: 'lots' }))).toBe(
      'Mileage: Enter a number',
    );
    // Not applied outside the vehicle categories, and with no box there to mend it: not said.
    expect(filtersProblem(filters({ category: 'Sports', mileageFrom: 'lots' }))).toBeNull();
    expect(filtersProblem(filters({ yearOfManufactureFrom: 'abc' }))).toBeNull();
    expect(filtersProblem(filters({ priceFrom: '100', priceTo: '50000' }))).toBeNull();
  });

  it('takes only numbers in the price and mileage boxes as they are typed', () => {
    const cars = filters({ category: 'Automobiles', subcategory: 'Cars' });
    expect(changeFilter(cars, 'priceTo', '5k0,0x')).toBe(cars);
    expect(changeFilter(cars, 'mileageFrom', '4.5')).toBe(cars);
    expect(changeFilter(cars, 'priceFrom', '250000.50').priceFrom).toBe('250000.50');
    expect(changeFilter(cars, 'mileageTo', '42000').mileageTo).toBe('42000');
  });
});

describe('Load More', () => {
  it('is offered only after a full page: 20, or all that Load More asked for', () => {
    expect(hasMoreAds(20, { page: 1 })).toBe(true);
    expect(hasMoreAds(19, { page: 1 })).toBe(false);
    expect(hasMoreAds(0, { page: 1 })).toBe(false);
    // Load More's read: 20 and the 5 cards it reads again.
    expect(hasMoreAds(25, furtherPage(20, 1))).toBe(true);
    expect(hasMoreAds(24, furtherPage(20, 1))).toBe(false);
  });

  it('adds the next page less the ads already shown', () => {
    const ad = (_id: string) => ({ _id });
    expect(withFurtherPage([ad('c'), ad('b')], [ad('b'), ad('a')])).toEqual([
      ad('c'),
      ad('b'),
      ad('a'),
    ]);
    expect(withFurtherPage([ad('b')], [ad('b')])).toEqual([ad('b')]);
  });

  it('reads 20 more from a few cards before the last shown, not missing one gone above', () => {
    expect(furtherPage(20, 1)).toEqual({ page: 2, offset: 15, limit: 25 });
    expect(furtherPage(40, 2)).toEqual({ page: 3, offset: 35, limit: 25 });
    expect(furtherPage(3, 1)).toEqual({ page: 2, offset: 0, limit: 23 });
    const kind = { member: true, search: '', filters: NO_FILTERS };
    expect(adListRequest(kind, furtherPage(20, 1)).query).toEqual({
      page: 2,
      offset: 15,
      limit: 25,
    });
    expect(adListRequest(kind, { page: 1 }).query).toEqual({ page: 1 });
  });

  it('adds 20 cards a press when no ad came or went meanwhile (section 2: twenty a page)', () => {
    const all = Array.from({ length: 70 }, (_, index) => ({ _id: `ad-${index}` }));
    const read = ({ page, offset, limit }: PageAsked) => {
      const from = offset ?? (page - 1) * LIMITS.adPageSize;
      return all.slice(from, from + (limit ?? LIMITS.adPageSize));
    };
    let shown = read({ page: 1 });
    let full = hasMoreAds(shown.length, { page: 1 });
    const counts = [shown.length];
    for (let page = 1; full; page++) {
      const asked = furtherPage(shown.length, page);
      const answer = read(asked);
      full = hasMoreAds(answer.length, asked);
      shown = withFurtherPage(shown, answer);
      counts.push(shown.length);
    }
    expect(counts).toEqual([20, 40, 60, 70]);
    expect(shown).toEqual(all);
  });

  it('is read again at once by a reloaded list, as each press read it', () => {
    expect(loadMoreReads(1)).toEqual([{ page: 1 }]);
    expect(loadMoreReads(3)).toEqual([{ page: 1 }, furtherPage(20, 1), furtherPage(40, 2)]);
  });
});

describe('a search of no word', () => {
  it('is told apart: emoji and symbols alone, not a word of any script or a number', () => {
    for (const search of ['😀', '🇮🇳 🚲', '!! ₹', '🗡️'])
      expect(isWordlessSearch(search), search).toBe(true);
    for (const search of ['', 'तलवार 😀', 'கார்', '2019', '१३'])
      expect(isWordlessSearch(search), search).toBe(false);
  });
});

describe('the search in the address', () => {
  it('is taken as far as the search box would take it', () => {
    const long = `  ${'x'.repeat(LIMITS.adSearchMax + 10)}`;
    expect(adListOfParams(new URLSearchParams({ search: long }), false).search).toBe(
      'x'.repeat(LIMITS.adSearchMax),
    );
  });
});

describe('the filters in the address', () => {
  it('reads the filters the address gives, and nothing else', () => {
    const filters = filtersOfParams(new URLSearchParams('category=Mobiles&priceFrom=500&search=x'));
    expect(filters).toEqual({ ...NO_FILTERS, category: 'Mobiles', priceFrom: '500' });
  });

  it('reads a number in the address as its box reads one typed, and keeps one that is none', () => {
    const params = new URLSearchParams({
      priceFrom: '५०००',
      priceTo: '₹7,50,000',
      mileageTo: '42,000 km',
      yearOfManufactureFrom: '२०१८',
      mileageFrom: 'lots',
    });
    expect(filtersOfParams(params)).toEqual({
      ...NO_FILTERS,
      priceFrom: '5000',
      priceTo: '750000',
      mileageTo: '42000',
      yearOfManufactureFrom: '2018',
      mileageFrom: 'lots',
    });
  });

  it('writes only the filters set, keeping the other parameters', () => {
    const params = paramsWithFilters(new URLSearchParams('search=x&state=Goa'), {
      ...NO_FILTERS,
      category: ' Mobiles ',
    });
    expect(params.toString()).toBe('search=x&category=Mobiles');
    expect(filtersOfParams(params)).toEqual({ ...NO_FILTERS, category: 'Mobiles' });
  });

  it('keeps the filters shown when a search starts or is dropped, and nothing else', () => {
    const shown = new URLSearchParams('state=Goa&category=Mobiles&search=old&page=3&from=x');
    expect(searchParamsOf(' nokia ', shown).toString()).toBe(
      'search=nokia&category=Mobiles&state=Goa',
    );
    expect(searchParamsOf('  ', shown).toString()).toBe('category=Mobiles&state=Goa');
    expect(withoutSearch(shown)).toBe('category=Mobiles&state=Goa');
    expect(searchParamsOf('nokia', new URLSearchParams()).toString()).toBe('search=nokia');
  });
});
