import { describe, expect, it } from 'vitest';
import { LIMITS } from '../shared/limits.ts';
import { isTooShortToSearch } from './userSearch.ts';

describe('the user search’s shortest key', () => {
  it(`asks from ${LIMITS.userSearch.minChars} characters on`, () => {
    expect(isTooShortToSearch('ra')).toBe(true);
    expect(isTooShortToSearch('ram')).toBe(false);
  });

  it('counts an emoji or a ₹ as one character', () => {
    expect(isTooShortToSearch('😀😀')).toBe(true);
    expect(isTooShortToSearch('😀😀😀')).toBe(false);
    expect(isTooShortToSearch('₹₹₹')).toBe(false);
  });
});
