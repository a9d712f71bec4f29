import { describe, expect, it } from 'vitest';
import type { UserRow } from '@boli/projections/users/users.queries';
import { AD_MESSAGES } from '@boli/engine/ads/ad.messages';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ValidationError } from '../../http/errors.ts';
import {
  adIdForKey,
  adInputFrom,
  adUid,
  hasFullAddress,
  judgeForm,
  judgeMediaCount,
} from './adForm.ts';

const poster = {
  user_id: 'u-ravi',
  username: 'ravi_k',
  phone: '9876543210',
  houseno: '12',
  street: 'MG Road',
  city: 'Pune',
  neighbourhood: 'Camp',
  district: 'Pune',
  pincode: '411001',
  state: 'Maharashtra',
  country: 'India',
} as UserRow;

const car = {
  itemName: 'Swift Dzire VXi',
  categoryname: 'Automobiles',
  subcategory: 'Cars',
  price: 45_000_000,
  description: 'Single owner, serviced at the dealer.',
  make: 'Maruti Suzuki',
  model: 'Swift Dzire',
  mileage: 42_000,
  yearOfManufacture: 2018,
  ownerOrDealer: 'Owner',
  newOrused: 'Used',
};

const errorsOf = (run: () => void) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return { msg: error.message, errors: error.errors };
    throw error;
  }
  return undefined;
};

describe('the post-ad form', () => {
  it('takes the ad’s address and phone from the poster’s profile when the form gives none', () => {
    expect(adInputFrom(car, poster)).toMatchObject({
      houseno: '12',
      street: 'MG Road',
      city: 'Pune',
      neighbourHood: 'Camp',
      district: 'Pune',
      pincode: '411001',
      state: 'Maharashtra',
      country: 'India',
      phone: '9876543210',
      displayPhone: false,
    });
  });

  it('keeps the form’s own address as given, none of it filled from the profile', () => {
    const bengaluru = {
      houseno: '',
      street: '100 Feet Road',
      city: 'Bengaluru',
      neighbourHood: '',
      district: 'Bengaluru Urban',
      pincode: '',
      state: 'Karnataka',
      country: 'India',
    };
    expect(adInputFrom({ ...car, ...bengaluru }, poster)).toMatchObject(bengaluru);
    // A place of its own, with the finer fields left out: they stay empty, not Pune's.
    expect(
      adInputFrom({ ...car, country: 'Nepal', state: 'Bagmati', city: 'Kathmandu' }, poster),
    ).toMatchObject({
      country: 'Nepal',
      state: 'Bagmati',
      city: 'Kathmandu',
      district: '',
      neighbourHood: '',
      pincode: '',
      street: '',
    });
  });

  it('needs the poster’s country, state, city and street', () => {
    expect(hasFullAddress(poster)).toBe(true);
    expect(hasFullAddress({ ...poster, street: ' ' } as UserRow)).toBe(false);
  });

  it('is refused with each broken rule as a field error', () => {
    expect(
      errorsOf(() => judgeForm(adInputFrom(car, poster), new Date('2026-03-01T10:00:00Z'))),
    ).toBeUndefined();
    const noMake = errorsOf(() =>
      judgeForm(
        adInputFrom({ ...car, make: '', model: null }, poster),
        new Date('2026-03-01T10:00:00Z'),
      ),
    );
    expect(noMake?.msg).toBe(AD_MESSAGES.vehicleFieldsRequired);
    expect(noMake?.errors.map((e) => e.field)).toEqual(['make', 'model']);
    const long = errorsOf(() =>
      judgeForm(
        adInputFrom({ ...car, description: 'x'.repeat(150) }, poster),
        new Date('2026-03-01T10:00:00Z'),
      ),
    );
    expect(long?.msg).toBe(AD_MESSAGES.descriptionTooLong);
    const sports = errorsOf(() =>
      judgeForm(
        adInputFrom(
          {
            itemName: 'Cricket team',
            categoryname: 'Sports',
            subcategory: 'Cricket',
            price: 100,
            description: 'Club side',
          },
          poster,
        ),
        new Date('2026-03-01T10:00:00Z'),
      ),
    );
    expect(sports?.msg).toBe(AD_MESSAGES.sportsTypeRequired);
    const noAddress = errorsOf(() =>
      judgeForm(
        adInputFrom(car, { ...poster, city: '', street: '' } as UserRow),
        new Date('2026-03-01T10:00:00Z'),
      ),
    );
    expect(noAddress?.msg).toBe(MESSAGES.addressRequired);
  });

  it('takes 1 to 6 media', () => {
    expect(() => judgeMediaCount(0)).toThrow(AD_MESSAGES.mediaRequired);
    expect(() => judgeMediaCount(7)).toThrow(AD_MESSAGES.tooManyMedia);
    expect(() => judgeMediaCount(6)).not.toThrow();
  });

  it('gives each ad a readable uid with a hyphen', () => {
    expect(adUid('Swift Dzire VXi (2018)')).toMatch(/^swift-dzire-vxi-2018-[0-9a-f]{10}$/);
    expect(adUid('मारुति')).toMatch(/^maruti-[0-9a-f]{10}$/);
    expect(adUid('Royal sword तलवार 😀')).toMatch(/^royal-sword-talavar-[0-9a-f]{10}$/);
    expect(adUid('😀🗡️')).toMatch(/^ad-[0-9a-f]{10}$/);
    expect(adUid('Swift')).not.toBe(adUid('Swift'));
  });
});

describe('the ad id of an Idempotency-Key', () => {
  it('is one uuid per key: the same for a retry, another for another key or member', () => {
    const id = adIdForKey('u-ravi:post-1');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(adIdForKey('u-ravi:post-1')).toBe(id);
    expect(adIdForKey('u-ravi:post-2')).not.toBe(id);
    expect(adIdForKey('u-meena:post-1')).not.toBe(id);
  });
});
