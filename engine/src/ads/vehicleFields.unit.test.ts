import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  categorySlug,
  manufacturingYears,
  needsVehicleFields,
  vehicleTypeOf,
} from './vehicleFields.ts';

describe('which ads carry the vehicle fields', () => {
  it('every Automobiles and Ships Boats ad, with or without a subcategory', () => {
    expect(needsVehicleFields('Automobiles')).toBe(true);
    expect(needsVehicleFields('Automobiles', 'Cars')).toBe(true);
    expect(needsVehicleFields('Automobiles', 'Spare Parts')).toBe(true);
    expect(needsVehicleFields('Ships Boats')).toBe(true);
    expect(needsVehicleFields('Ships Boats', 'Fishing Boats & Trawlers')).toBe(true);
  });

  it('only the Cars and Bikes of Bank Auctions, not the category on its own', () => {
    expect(needsVehicleFields('Bank Auctions', 'Cars')).toBe(true);
    expect(needsVehicleFields('Bank Auctions', 'Bikes')).toBe(true);
    expect(needsVehicleFields('Bank Auctions', 'Commercial Vehicles')).toBe(false);
    expect(needsVehicleFields('Bank Auctions', 'Property')).toBe(false);
    expect(needsVehicleFields('Bank Auctions')).toBe(false);
  });

  it('no other category, even with a vehicle-sounding subcategory', () => {
    expect(needsVehicleFields('Property', 'Cars')).toBe(false);
    expect(needsVehicleFields('Services', 'Vehicle Repair & Services')).toBe(false);
    expect(needsVehicleFields('Sports')).toBe(false);
  });

  it('accepts slugs and any casing of the names', () => {
    expect(needsVehicleFields('ships-boats')).toBe(true);
    expect(needsVehicleFields('bank-auctions', 'cars')).toBe(true);
    expect(needsVehicleFields('BANK AUCTIONS', 'bikes')).toBe(true);
    fc.assert(
      fc.property(fc.string(), fc.option(fc.string(), { nil: undefined }), (category, sub) => {
        const slugged = sub === undefined ? undefined : categorySlug(sub);
        expect(needsVehicleFields(category, sub)).toBe(
          needsVehicleFields(categorySlug(category), slugged),
        );
      }),
    );
  });
});

describe('which make/model list a subcategory draws from', () => {
  it('Cars, Bikes and Commercial Vehicles alike under Automobiles and Bank Auctions', () => {
    for (const category of ['Automobiles', 'Bank Auctions']) {
      expect(vehicleTypeOf(category, 'Cars')).toBe('Cars');
      expect(vehicleTypeOf(category, 'Bikes')).toBe('Bikes');
      expect(vehicleTypeOf(category, 'Commercial Vehicles')).toBe('Commercial Vehicles');
    }
    expect(vehicleTypeOf('automobiles', 'commercial-vehicles')).toBe('Commercial Vehicles');
  });

  it('Tractors only under Automobiles', () => {
    expect(vehicleTypeOf('Automobiles', 'Tractors')).toBe('Tractors');
    expect(vehicleTypeOf('Bank Auctions', 'Tractors')).toBeUndefined();
  });

  it('every Ships Boats subcategory draws from Boats', () => {
    for (const sub of ['Boats', 'Yachts', 'Houseboats', 'Marine Engines & Parts', 'Jet Skis']) {
      expect(vehicleTypeOf('Ships Boats', sub)).toBe('Boats');
    }
  });

  it('none for the subcategories without makes', () => {
    expect(vehicleTypeOf('Automobiles', 'Spare Parts')).toBeUndefined();
    expect(vehicleTypeOf('Automobiles', 'Bicycles')).toBeUndefined();
    expect(vehicleTypeOf('Bank Auctions', 'Property')).toBeUndefined();
    expect(vehicleTypeOf('Property', 'Cars')).toBeUndefined();
  });
});

describe('the slug form of category names', () => {
  it('matches the slugs of the reference data', () => {
    expect(categorySlug('Ships Boats')).toBe('ships-boats');
    expect(categorySlug('Gold & Jewellery')).toBe('gold-jewellery');
    expect(categorySlug('TVs, Video - Audio')).toBe('tvs-video-audio');
    expect(categorySlug('For Rent: Houses & Apartments')).toBe('for-rent-houses-apartments');
    expect(categorySlug('  Cars ')).toBe('cars');
  });
});

describe('the years of manufacture on offer', () => {
  it('run from the current year back to 1950, newest first', () => {
    const years = manufacturingYears(new Date('2026-06-15T10:00:00Z'));
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1950);
    expect(years).toHaveLength(2026 - 1950 + 1);
    expect(years).toEqual([...years].sort((a, b) => b - a));
  });

  it('turn to the new year at midnight in India, not at midnight UTC', () => {
    expect(manufacturingYears(new Date('2026-12-31T18:29:59Z'))[0]).toBe(2026);
    expect(manufacturingYears(new Date('2026-12-31T18:30:00Z'))[0]).toBe(2027);
  });

  it('take another oldest year when asked', () => {
    expect(manufacturingYears(new Date('2026-06-15T10:00:00Z'), 2024)).toEqual([2026, 2025, 2024]);
  });
});
