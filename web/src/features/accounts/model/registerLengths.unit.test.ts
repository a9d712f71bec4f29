import { describe, expect, it } from 'vitest';
import { LIMITS } from '@boli/engine/shared/limits';
import { EMPTY_SIGNUP, validateRegister } from '../machines/signup.machine.ts';
import { tooLongAsTyped } from './registerLengths.ts';

const now = new Date('2026-12-01T10:00:00Z');

describe('Register, a field typed too long', () => {
  it('is told at once, in the words Sign up would use', () => {
    const values = { ...EMPTY_SIGNUP, firstname: 'A'.repeat(LIMITS.firstLastNameMax + 1) };
    expect(tooLongAsTyped(values, now)).toEqual({
      firstname: validateRegister(values, now).firstname,
    });
    const alias = { ...EMPTY_SIGNUP, bidAlias: 'b'.repeat(LIMITS.bidAlias.max + 1) };
    expect(Object.keys(tooLongAsTyped(alias, now))).toEqual(['bidAlias']);
  });

  it('counts letters as seen: a Hindi name of 20 letters with their marks is not too long', () => {
    const values = { ...EMPTY_SIGNUP, firstname: 'कि'.repeat(LIMITS.firstLastNameMax) };
    expect(tooLongAsTyped(values, now)).toEqual({});
  });

  it('leaves every other rule to Sign up: a blank or half-typed form shows nothing', () => {
    expect(tooLongAsTyped(EMPTY_SIGNUP, now)).toEqual({});
    expect(tooLongAsTyped({ ...EMPTY_SIGNUP, email: 'asha@', username: 'as' }, now)).toEqual({});
  });
});
