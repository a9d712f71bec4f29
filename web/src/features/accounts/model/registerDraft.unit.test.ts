import { describe, expect, it } from 'vitest';
import { memoryStorage, refusingStorage } from '../../../lib/tabStorage.ts';
import { EMPTY_SIGNUP, type SignupValues } from '../machines/signup.machine.ts';
import {
  clearRegisterDraft,
  readRegisterDraft,
  registerDraftKey,
  saveRegisterDraft,
} from './registerDraft.ts';

const profile = {
  email: 'asha@example.in',
  username: 'asharao',
  firstname: 'Asha',
  lastname: 'Rao',
  country: 'Nepal',
  phoneCode: '+977',
  phone: '9812345678',
  bidAlias: 'BKQWE',
  gender: 'Female',
  dob: '1990-04-12',
};

const typed: SignupValues = {
  ...EMPTY_SIGNUP,
  ...profile,
  password: 'Kite#2468',
  confirmPassword: 'Kite#2468',
  termsOfServicesCheckBox: true,
  captchaId: 'c-1',
  captchaAnswer: '12',
};

/** `fields` stored as another version (or anyone) might have left them. */
function storedAs(fields: Record<string, unknown>) {
  const store = memoryStorage();
  store.items.set(registerDraftKey, JSON.stringify(fields));
  return store;
}

describe('the Register draft', () => {
  it('keeps the profile typed, and gives it back over an empty form', () => {
    const store = memoryStorage();
    saveRegisterDraft(typed, store);
    expect(readRegisterDraft(EMPTY_SIGNUP, store)).toEqual({ ...EMPTY_SIGNUP, ...profile });
  });

  it('never keeps a password, the captcha or the terms ticked', () => {
    const store = memoryStorage();
    saveRegisterDraft(typed, store);
    const stored = store.items.get(registerDraftKey) ?? '';
    expect(stored).not.toContain('Kite#2468');
    expect(Object.keys(JSON.parse(stored) as object).sort()).toEqual(Object.keys(profile).sort());
    // Even stored by someone else, they are not read back.
    const planted = storedAs({ ...profile, password: 'x', captchaAnswer: '7', captchaId: 'c' });
    const read = readRegisterDraft(EMPTY_SIGNUP, planted);
    expect([read.password, read.captchaAnswer, read.captchaId]).toEqual(['', '', '']);
  });

  it('keeps nothing till something is typed, and forgets it once emptied or signed up', () => {
    const store = memoryStorage();
    saveRegisterDraft(
      { ...EMPTY_SIGNUP, country: 'Nepal', phoneCode: '+977', password: 'x' },
      store,
    );
    saveRegisterDraft({ ...EMPTY_SIGNUP, firstname: '  ' }, store);
    expect(store.items.size).toBe(0);
    saveRegisterDraft({ ...EMPTY_SIGNUP, firstname: 'Asha' }, store);
    expect(readRegisterDraft(EMPTY_SIGNUP, store).firstname).toBe('Asha');
    saveRegisterDraft(EMPTY_SIGNUP, store);
    expect(store.items.size).toBe(0);
    saveRegisterDraft(typed, store);
    clearRegisterDraft(store);
    expect(readRegisterDraft(EMPTY_SIGNUP, store)).toEqual(EMPTY_SIGNUP);
  });

  it('reads what is given back as the form reads it when typed', () => {
    // A mobile number with its dial code and grouping, digits of a Hindi keyboard.
    const store = storedAs({ ...profile, phoneCode: '+91', phone: '+91 ९८७६५ ४३२१०' });
    expect(readRegisterDraft(EMPTY_SIGNUP, store).phone).toBe('9876543210');
  });

  it('leaves out each value that is not a string or not of its shape, and keeps the others', () => {
    const store = storedAs({
      ...profile,
      email: 42,
      username: null,
      gender: 'Other',
      dob: '12/04/1990',
      country: ' ',
      phone: ['9812345678'],
    });
    expect(readRegisterDraft(EMPTY_SIGNUP, store)).toEqual({
      ...EMPTY_SIGNUP,
      firstname: 'Asha',
      lastname: 'Rao',
      phoneCode: '+977',
      bidAlias: 'BKQWE',
    });
  });

  it('reads nothing from what is not a form, or a storage that refuses', () => {
    const store = memoryStorage();
    for (const text of ['not json', '"asha@example.in"', '[1,2]', 'null']) {
      store.items.set(registerDraftKey, text);
      expect(readRegisterDraft(EMPTY_SIGNUP, store)).toEqual(EMPTY_SIGNUP);
    }
    expect(readRegisterDraft(EMPTY_SIGNUP, refusingStorage())).toEqual(EMPTY_SIGNUP);
    expect(() => saveRegisterDraft(typed, refusingStorage())).not.toThrow();
    expect(() => clearRegisterDraft(refusingStorage())).not.toThrow();
  });
});
