import { describe, expect, it } from 'vitest';
import {
  amountTyped,
  digitsTyped,
  fieldTyped,
  otpTyped,
  phoneTyped,
  pincodeTyped,
  refusalAfter,
  refusalShown,
  type TypedRefusal,
} from './numberInput.ts';

describe('the amount field', () => {
  it('keeps a positive number or nothing', () => {
    for (const value of ['', '1', '1500', '12.5', '12.50', '0.', '0.75'])
      expect(amountTyped(value), value).toBe(value);
  });

  it('reads a point typed first as 0.', () => {
    expect(amountTyped('.')).toBe('0.');
    expect(amountTyped('.5')).toBe('0.5');
    expect(amountTyped('₹.75')).toBe('0.75');
  });

  it('reads the digits of Indian keyboards as 0-9', () => {
    expect(amountTyped('₹५,०००.५०')).toBe('5000.50');
    expect(amountTyped('௧௨௦௦')).toBe('1200');
    expect(digitsTyped('۴۲,۰۰۰ km')).toBe('42000');
  });

  it('keeps the number of a pasted price: without ₹, Rs., grouping commas and spaces', () => {
    expect(amountTyped('5,000')).toBe('5000');
    expect(amountTyped('₹7,50,000')).toBe('750000');
    expect(amountTyped('Rs. 1,200.50')).toBe('1200.50');
    expect(amountTyped('12000 ')).toBe('12000');
    expect(amountTyped(' 12')).toBe('12');
  });

  it('refuses signs, letters, exponents, extra points and more than two decimals', () => {
    for (const value of ['-1', '+1', 'abc', '1e5', '1.2.3', '12.345', '..5', '₹-500'])
      expect(amountTyped(value), value).toBeUndefined();
  });
});

describe('what a number field says it refused', () => {
  /** Types each of `keys` into an amount field holding `start`, as the field keeps them. */
  const typing = (keys: string, start = '') => {
    let value = start;
    let refusal: TypedRefusal = null;
    for (const key of keys) {
      const kept = amountTyped(value + key);
      refusal = refusalAfter(refusal, value, kept);
      value = kept ?? value;
    }
    return { value, said: refusalShown(refusal, value) };
  };

  it('says it from a refused key on, through the keys taken after it: "1e3" leaves 13', () => {
    expect(typing('1e3')).toEqual({ value: '13', said: true });
    expect(typing('2600-')).toEqual({ value: '2600', said: true });
    expect(typing('-')).toEqual({ value: '', said: true });
    expect(typing('-5')).toEqual({ value: '5', said: true });
    expect(typing('1500')).toEqual({ value: '1500', said: false });
  });

  it('stops once the field is emptied, or a new entry begins in one the form emptied', () => {
    const refused = refusalAfter(null, '13', undefined);
    expect(refusalAfter(refused, '1', '')).toBeNull();
    // Refused at 2600, then the bid was posted and the form emptied the field: a new entry.
    expect(refusalAfter(refusalAfter(null, '2600', undefined), '', '5')).toBeNull();
    // '1e5' pasted and refused, then '150000' pasted whole: nothing left to explain.
    expect(refusalAfter(refusalAfter(null, '', undefined), '', '150000')).toBeNull();
    // '0.001' left 0.00; the value selected and typed over with 9: a new entry.
    const third = refusalAfter(null, '0.00', undefined);
    expect(refusalAfter(third, '0.00', '9')).toBeNull();
    // Backspace is the same entry (as a key more is: '1e3' above): still explained.
    expect(refusalAfter(third, '0.00', '0.0')).toBe(third);
  });

  it('is not said once the form empties the field itself, as after a bid is posted', () => {
    expect(refusalShown(refusalAfter(null, '2600', undefined), '')).toBe(false);
  });
});

describe('a digits field', () => {
  it('keeps digits or nothing, and the count in "42,000 km"', () => {
    for (const value of ['', '0', '42000']) expect(digitsTyped(value), value).toBe(value);
    expect(digitsTyped('42,000 km')).toBe('42000');
    expect(digitsTyped('42 000')).toBe('42000');
  });

  it('refuses anything else', () => {
    for (const value of ['4.2', '-1', 'abc', '1e5', '+91'])
      expect(digitsTyped(value), value).toBeUndefined();
  });
});

describe('a mobile number field', () => {
  it('keeps the number of a pasted one: without grouping, the dial code or a trunk 0', () => {
    for (const pasted of [
      '98765 43210',
      '98765-43210',
      '+91 98765 43210',
      '+91-98765-43210',
      '(0) 98765 43210',
      '098765 43210',
      '9876543210',
      '९८७६५ ४३२१०', // a Hindi keyboard's digits
      '+९१ ९८७६५४३२१०',
    ])
      expect(phoneTyped(pasted, '+91'), pasted).toBe('9876543210');
  });

  it('keeps what is not a number for the rules to name, and a short number as it is', () => {
    expect(phoneTyped('98765x', '+91')).toBe('98765x');
    expect(phoneTyped('0987', '+91')).toBe('0987');
    expect(phoneTyped('+44 7911 123456', '+91')).toBe('+447911123456');
    expect(phoneTyped('+44 7911 123456', '+44')).toBe('7911123456');
  });
});

describe('a pincode field', () => {
  it('keeps the digits of a pincode grouped as people write it, to its most digits', () => {
    for (const pasted of ['400 601', '400-601', '४००६०१', ' 400601 '])
      expect(pincodeTyped(pasted), pasted).toBe('400601');
    expect(pincodeTyped('4006012')).toBe('400601');
  });

  it('keeps what is not a digit, for the rules to name', () => {
    expect(pincodeTyped('40O601')).toBe('40O601');
  });
});

describe('a one-time code field', () => {
  it('keeps the digits of a code pasted in groups, to the code’s length', () => {
    expect(otpTyped('014 121')).toBe('014121');
    expect(otpTyped('०१४१२१')).toBe('014121');
    expect(otpTyped('0141219')).toBe('014121');
  });
});

describe('a form’s text field, by its name', () => {
  it('keeps a phone’s and a pincode’s digits as grouped, a number field’s 0–9, text as typed', () => {
    expect(fieldTyped('phone', '+91 98765 43210')).toBe('9876543210');
    expect(fieldTyped('managerMobile', '098450 12345')).toBe('9845012345');
    expect(fieldTyped('pincode', '400 601')).toBe('400601');
    expect(fieldTyped('mileage', '४२')).toBe('42');
    expect(fieldTyped('street', ' 12 MG Road ')).toBe(' 12 MG Road ');
  });
});
