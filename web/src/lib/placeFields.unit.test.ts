import { describe, expect, it } from 'vitest';
import { emptiesPincode, withPlaceDependantsCleared } from './placeFields.ts';

const PLACED = {
  city: 'Thane',
  country: 'India',
  state: 'Maharashtra',
  district: 'Thane',
  neighbourHood: 'Naupada',
  pincode: '400602',
};

describe('a changed place', () => {
  it('empties the places under it and the pincode, which belongs to the place', () => {
    expect(withPlaceDependantsCleared({ ...PLACED, country: 'Nepal' }, 'country')).toEqual({
      ...PLACED,
      country: 'Nepal',
      state: '',
      district: '',
      neighbourHood: '',
      pincode: '',
    });
    expect(withPlaceDependantsCleared({ ...PLACED, state: 'Ladakh' }, 'state')).toEqual({
      ...PLACED,
      state: 'Ladakh',
      district: '',
      neighbourHood: '',
      pincode: '',
    });
    expect(withPlaceDependantsCleared({ ...PLACED, district: 'Palghar' }, 'district')).toEqual({
      ...PLACED,
      district: 'Palghar',
      neighbourHood: '',
      pincode: '',
    });
  });

  it('leaves the rest as it was: a town or a neighbourhood holds nothing under it', () => {
    for (const changed of ['city', 'neighbourHood', 'pincode', 'street'])
      expect(withPlaceDependantsCleared(PLACED, changed), changed).toEqual(PLACED);
  });

  it('adds no field the form does not have (the filters have no pincode)', () => {
    const filters = { country: 'India', state: 'Kerala', district: 'Idukki', neighbourHood: '' };
    expect(withPlaceDependantsCleared(filters, 'state')).toEqual({
      country: 'India',
      state: 'Kerala',
      district: '',
      neighbourHood: '',
    });
  });

  it('changes a copy, not the form it was given', () => {
    const form = { ...PLACED };
    withPlaceDependantsCleared(form, 'country');
    expect(form).toEqual(PLACED);
  });
});

describe('a pincode emptied by a changed place', () => {
  it('is one the form held, under the place that changed', () => {
    expect(emptiesPincode(PLACED, 'district', 'Palghar')).toBe(true);
    expect(emptiesPincode(PLACED, 'state', 'Ladakh')).toBe(true);
    expect(emptiesPincode(PLACED, 'country', 'Nepal')).toBe(true);
  });

  it('is none when nothing was there, the place is chosen again, or the change empties none', () => {
    expect(emptiesPincode({ ...PLACED, pincode: '' }, 'district', 'Palghar')).toBe(false);
    expect(emptiesPincode(PLACED, 'district', 'Thane')).toBe(false);
    for (const field of ['city', 'neighbourHood', 'street', 'pincode'])
      expect(emptiesPincode(PLACED, field, 'Elsewhere'), field).toBe(false);
  });
});
