import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './passwords.ts';

describe('common passwords', () => {
  it('refuses the most common ones whatever their case', () => {
    for (const password of ['123456', 'password', 'Qwerty', 'iloveyou'])
      expect(isCommonPassword(password)).toBe(true);
  });
  it('accepts an uncommon one', () => {
    expect(isCommonPassword('Chai-Biscuit-42-Kochi')).toBe(false);
  });
});
