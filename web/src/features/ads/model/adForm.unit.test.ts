import { AD_MESSAGES } from '@boli/engine/ads/ad.messages';
import { LIMITS } from '@boli/engine/shared/limits';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@boli/engine/shared/messages';
import type { AdView } from '../ads.api.ts';
import {
  countedFieldHint,
  adFormOf,
  changeAdField,
  editAdBody,
  EMPTY_AD_FORM,
  rebasedEdit,
  newAdForm,
  numberFieldOf,
  postAdFields,
  requiredAdFields,
  validateAdForm,
  withProfileAddress,
  type AdForm,
} from './adForm.ts';
import { AMOUNT_TYPED_HINT, DIGITS_TYPED_HINT } from '../../../lib/numberInput.ts';

const form = (set: Partial<AdForm>): AdForm => ({ ...EMPTY_AD_FORM, ...set });

const CAR: AdForm = form({
  itemName: 'Swift Dzire',
  categoryname: 'Automobiles',
  subcategory: 'Cars',
  price: '550000',
  description: 'One owner, serviced.',
  street: 'MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  country: 'India',
  district: 'Bengaluru Urban',
  make: 'Maruti Suzuki',
  model: 'Dzire',
  yearOfManufacture: '2018',
  mileage: '42000',
  ownerOrDealer: 'Owner',
  newOrused: 'Used',
});

describe('a new ad’s form', () => {
  it('takes the address from the profile', () => {
    const next = newAdForm({
      houseno: '12',
      street: 'MG Road',
      city: 'Bengaluru',
      neighbourHood: 'Indiranagar',
      district: 'Bengaluru Urban',
      state: 'Karnataka',
      country: 'India',
      pincode: '560038',
      complete: true,
    });
    expect(next).toMatchObject({
      street: 'MG Road',
      country: 'India',
      pincode: '560038',
      itemName: '',
    });
  });
});

describe('a Post Ad draft kept from before the profile had an address', () => {
  const profile = newAdForm({
    houseno: '12',
    street: 'MG Road',
    city: 'Pune',
    neighbourHood: 'Camp',
    district: 'Pune',
    state: 'Maharashtra',
    country: 'India',
    pincode: '411001',
  });
  const draft = { ...newAdForm({ country: 'India' }), itemName: 'Teak cot', price: '12000' };

  it('takes the address from the profile when none of it was typed', () => {
    expect(withProfileAddress(draft, profile)).toEqual({
      ...profile,
      itemName: 'Teak cot',
      price: '12000',
    });
  });

  it('keeps an address the member typed any of, and one taken from the profile before', () => {
    const typed = { ...draft, city: 'Nashik' };
    expect(withProfileAddress(typed, profile)).toBe(typed);
    const cleared = { ...profile, houseno: '', itemName: 'Teak cot' };
    expect(withProfileAddress(cleared, profile)).toBe(cleared);
  });
});

describe('the starred fields (section 5)', () => {
  it('asks the vehicle fields for Automobiles, Ships Boats and Bank Auctions’ Cars/Bikes', () => {
    expect(requiredAdFields(CAR).has('make')).toBe(true);
    expect(requiredAdFields(form({ categoryname: 'Ships Boats' })).has('mileage')).toBe(true);
    expect(
      requiredAdFields(form({ categoryname: 'Bank Auctions', subcategory: 'Bikes' })).has(
        'newOrused',
      ),
    ).toBe(true);
    expect(
      requiredAdFields(form({ categoryname: 'Bank Auctions', subcategory: 'Property' })).has(
        'make',
      ),
    ).toBe(false);
    expect(requiredAdFields(form({ categoryname: 'Furniture' })).has('make')).toBe(false);
  });

  it('asks Team or Player for Sports only', () => {
    expect(requiredAdFields(form({ categoryname: 'Sports' })).has('type')).toBe(true);
    expect(requiredAdFields(CAR).has('type')).toBe(false);
  });

  it('finds each blank required field, a long description, a bad phone and non-numeric price and mileage', () => {
    const errors = validateAdForm(
      form({
        categoryname: 'Automobiles',
        description: 'x'.repeat(150),
        price: '5 lakh',
        mileage: '42k',
        phone: '12345',
        pincode: '56A0011',
      }),
    );
    expect(errors.pincode).toEqual([MESSAGES.digitsOnly, MESSAGES.pincodeMax]);
    expect(errors.itemName).toEqual([MESSAGES.cannotBeBlank]);
    expect(errors.make).toEqual([MESSAGES.cannotBeBlank]);
    expect(errors.price).toEqual([AD_MESSAGES.invalidPrice]);
    expect(errors.mileage).toEqual([AD_MESSAGES.invalidMileage]);
    expect(errors.phone).toEqual([MESSAGES.invalidMobile]);
    expect(errors.description).toEqual([AD_MESSAGES.descriptionTooLong]);
    expect(validateAdForm(CAR)).toEqual({});
    expect(validateAdForm({ ...CAR, description: 'x'.repeat(149) })).toEqual({});
  });

  it('judges price and mileage as the server does, in its words', () => {
    expect(validateAdForm({ ...CAR, price: '0' })).toEqual({});
    expect(validateAdForm({ ...CAR, price: '550000.5' })).toEqual({});
    expect(validateAdForm({ ...CAR, price: '550000.' }).price).toEqual([AD_MESSAGES.invalidPrice]);
    expect(validateAdForm({ ...CAR, price: '9'.repeat(20) }).price).toEqual([
      MESSAGES.amountTooLarge,
    ]);
    // An ad posted elsewhere may carry a part of a kilometre, which the server takes.
    expect(validateAdForm({ ...CAR, mileage: '42000.5' })).toEqual({});
    expect(validateAdForm({ ...CAR, mileage: '100000000' })).toEqual({});
    expect(validateAdForm({ ...CAR, mileage: '9'.repeat(17) }).mileage).toEqual([
      'Mileage must be a number from 0 to 10 crore km.',
    ]);
  });

  it(`keeps the item name to ${LIMITS.itemNameMax} characters, counting a ₹ or an emoji as one`, () => {
    const atMost = '₹'.repeat(LIMITS.itemNameMax);
    expect(validateAdForm({ ...CAR, itemName: ` ${atMost} ` })).toEqual({});
    expect(validateAdForm({ ...CAR, itemName: `${atMost}🚗` }).itemName).toEqual([
      AD_MESSAGES.itemNameTooLong,
    ]);
  });
});

it(`keeps house number, street and town to ${LIMITS.adPlaceMax} characters each`, () => {
  expect(validateAdForm({ ...CAR, city: 'Sri Potti Sriramulu Nellore' })).toEqual({});
  expect(validateAdForm({ ...CAR, street: 'x'.repeat(LIMITS.adPlaceMax + 1) }).street).toEqual([
    AD_MESSAGES.placeTooLong,
  ]);
});

describe('the dependent fields', () => {
  it('clears subcategory, type, make and model with the category, and the vehicle fields that no longer apply', () => {
    const next = changeAdField(CAR, 'categoryname', 'Furniture');
    expect(next).toMatchObject({
      subcategory: '',
      make: '',
      model: '',
      yearOfManufacture: '',
      mileage: '',
      ownerOrDealer: '',
    });
  });

  it('keeps Price and Mileage numeric as they are typed', () => {
    expect(changeAdField(CAR, 'price', '550000.5').price).toBe('550000.5');
    expect(changeAdField(CAR, 'price', '')).toMatchObject({ price: '' });
    for (const typed of ['55k', '-1', '1.234'])
      expect(changeAdField(CAR, 'price', typed), typed).toBe(CAR);
    // Pasted as people write them: the number is kept.
    expect(changeAdField(CAR, 'price', '₹5,50,000').price).toBe('550000');
    expect(changeAdField(CAR, 'mileage', '42,001 km').mileage).toBe('42001');
    expect(changeAdField(CAR, 'mileage', '42001').mileage).toBe('42001');
    for (const typed of ['4.5', '42 miles']) expect(changeAdField(CAR, 'mileage', typed)).toBe(CAR);
    expect(changeAdField(CAR, 'itemName', 'Dzire 2018 ₹').itemName).toBe('Dzire 2018 ₹');
  });

  it('says which typing Price and Mileage refuse, and only theirs', () => {
    for (const [field, typed, hint] of [
      ['price', '-1', AMOUNT_TYPED_HINT],
      ['price', '1e5', AMOUNT_TYPED_HINT],
      ['mileage', '-42', DIGITS_TYPED_HINT],
      ['mileage', '4.5', DIGITS_TYPED_HINT],
    ] as const) {
      expect(numberFieldOf(field)?.kept(typed), `${field} ${typed}`).toBeUndefined();
      expect(numberFieldOf(field)?.hint).toBe(hint);
      expect(changeAdField(CAR, field, typed), `${field} ${typed}`).toBe(CAR);
    }
    for (const [field, typed] of [
      ['price', '550000.5'],
      ['price', ''],
      ['mileage', '42,001 km'],
      ['itemName', '-1'],
    ] as const) {
      const number = numberFieldOf(field);
      expect(number === undefined || number.kept(typed) !== undefined, `${field} ${typed}`).toBe(
        true,
      );
    }
  });

  it('clears state, district and neighbourhood with the country; district with the state', () => {
    expect(changeAdField(CAR, 'country', 'Nepal')).toMatchObject({ state: '', district: '' });
    expect(changeAdField(CAR, 'state', 'Kerala')).toMatchObject({ state: 'Kerala', district: '' });
    // The pincode belongs to the place: another district is another PIN.
    const placed = { ...CAR, pincode: '560038' };
    for (const [field, value] of [
      ['country', 'Nepal'],
      ['state', 'Kerala'],
      ['district', 'Mumbai'],
    ] as const) {
      expect(changeAdField(placed, field, value).pincode).toBe('');
    }
    expect(changeAdField(placed, 'city', 'Thane West').pincode).toBe('560038');
    expect(changeAdField(CAR, 'make', 'Hyundai')).toMatchObject({ make: 'Hyundai', model: '' });
  });
});

describe('what is sent', () => {
  it('posts the fields that belong to the ad, displayPhone as text', () => {
    const fields = new Map(postAdFields({ ...CAR, type: 'Team', displayPhone: true }));
    expect(fields.get('itemName')).toBe('Swift Dzire');
    expect(fields.get('price')).toBe('550000');
    expect(fields.get('mileage')).toBe('42000');
    expect(fields.get('displayPhone')).toBe('true');
    expect(fields.has('type')).toBe(false);
    expect(new Map(postAdFields(form({ categoryname: 'Furniture', make: 'x' }))).has('make')).toBe(
      false,
    );
  });

  it('sends every address field, an emptied one empty: the api fills none from the profile', () => {
    const fields = new Map(postAdFields({ ...CAR, houseno: '', neighbourHood: '', pincode: '' }));
    for (const field of ['houseno', 'neighbourHood', 'pincode']) expect(fields.get(field)).toBe('');
    expect(fields.get('state')).toBe(CAR.state);
  });

  it('edits only what changed, numbers as numbers', () => {
    const ad = { ...CAR, _id: 'ad-1', displayPhone: false } as unknown as AdView;
    const before = adFormOf({ ...ad, price: 550000, mileage: 42000, yearOfManufacture: 2018 });
    expect(before.price).toBe('550000');
    const after = { ...before, itemName: 'Swift Dzire VXi', price: '525000', displayPhone: true };
    expect(editAdBody('ad-1', before, after)).toEqual({
      ad_id: 'ad-1',
      itemName: 'Swift Dzire VXi',
      price: 525000,
      displayPhone: true,
      // Each as the form had it when opened: the api refuses to undo an edit made meanwhile.
      was: { itemName: 'Swift Dzire', price: '550000', displayPhone: 'false' },
    });
    expect(editAdBody('ad-1', before, before)).toEqual({ ad_id: 'ad-1', was: {} });
  });

  it('fills an edit refused as stale from the ad as it is, keeping what the member changed', () => {
    const before = form({ ...CAR, price: '550000', description: 'First owner.' });
    const typed = { ...before, price: '525000', displayPhone: true };
    const now = { ...before, price: '540000', description: 'First owner, new tyres.' };
    expect(rebasedEdit(before, typed, now)).toEqual({
      ...now,
      price: '525000',
      displayPhone: true,
    });
    expect(rebasedEdit(before, before, now)).toEqual(now);
  });
});

describe('the counts under the item name and the description', () => {
  it('say the rule while the text keeps it', () => {
    expect(countedFieldHint('description', 'x'.repeat(149), undefined)).toEqual({
      error: false,
      hint: '149/150 — below 150 characters',
    });
    // Counted without the spaces around it, as the server counts it.
    expect(countedFieldHint('itemName', `  ${'x'.repeat(70)} `, undefined)).toEqual({
      error: false,
      hint: '70/70 — at most 70 characters',
    });
  });

  it('say the rule’s message as soon as the text breaks it, not only once Post Ad! refuses it', () => {
    expect(countedFieldHint('description', 'x'.repeat(150), undefined)).toEqual({
      error: true,
      hint: `${AD_MESSAGES.descriptionTooLong} (150/150)`,
    });
    expect(countedFieldHint('itemName', 'x'.repeat(71), [])).toEqual({
      error: true,
      hint: `${AD_MESSAGES.itemNameTooLong} (71/70)`,
    });
  });

  it('say what a submit found, with the count', () => {
    expect(countedFieldHint('description', '', [MESSAGES.cannotBeBlank])).toEqual({
      error: true,
      hint: `${MESSAGES.cannotBeBlank} (0/${LIMITS.descriptionMaxExclusive})`,
    });
  });
});
