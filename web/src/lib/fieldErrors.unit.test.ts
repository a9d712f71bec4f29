import { describe, expect, it } from 'vitest';
import { lastMarkCleared } from './fieldErrors.ts';

describe('the notice above a refused form', () => {
  it('goes once the last field it marked is mended', () => {
    expect(lastMarkCleared({ street: ['Cannot be blank'] }, 'street')).toBe(true);
    expect(lastMarkCleared({ street: ['Cannot be blank'], city: undefined }, 'street')).toBe(true);
  });

  it('stays while another field, or the whole form, is still marked', () => {
    const errors = { street: ['Cannot be blank'], link1: ['Invalid URL'] };
    expect(lastMarkCleared(errors, 'street')).toBe(false);
    expect(lastMarkCleared({ street: ['Cannot be blank'], form: ['Try again'] }, 'street')).toBe(
      false,
    );
  });

  it('stays when the field edited was not marked', () => {
    expect(lastMarkCleared({ street: ['Cannot be blank'] }, 'city')).toBe(false);
    expect(lastMarkCleared({}, 'city')).toBe(false);
  });
});
