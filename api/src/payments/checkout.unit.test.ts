import { describe, expect, it } from 'vitest';
import type { UserRow } from '@boli/projections/users/users.evolve';
import { isUuid } from '@boli/engine/shared/uuid';
import { buyerOf, purchaseIdFor } from './checkout.ts';

const member = (address: Partial<UserRow>): UserRow =>
  ({
    user_id: 'u-1',
    username: 'manoj_das',
    firstname: 'Manoj',
    lastname: 'Das',
    email: 'manoj@example.in',
    phone: '9812345678',
    houseno: '211/B',
    street: 'Market Road',
    city: 'Lakhimpur Kheri',
    district: 'Lakhimpur Kheri',
    pincode: '262701',
    state: 'Uttar Pradesh',
    country: 'India',
    ...address,
  }) as UserRow;

describe("the invoice's buyer", () => {
  it('is billed at an address that names a town once, even when it is the district too', () => {
    expect(buyerOf(member({})).address).toBe('211/B, Market Road, Lakhimpur Kheri, 262701');
    expect(buyerOf(member({ city: 'Gola', houseno: ' ' })).address).toBe(
      'Market Road, Gola, Lakhimpur Kheri, 262701',
    );
    // The locality before the town, as an Indian address reads.
    expect(buyerOf(member({ neighbourhood: 'Mohalla Qazi' })).address).toBe(
      '211/B, Market Road, Mohalla Qazi, Lakhimpur Kheri, 262701',
    );
  });
});

describe('a purchase id', () => {
  it('is a UUID, made from the Idempotency-Key when one was sent, the same for the same key', () => {
    const fromKey = purchaseIdFor('subscription:u-1:key-1');
    expect(isUuid(fromKey)).toBe(true);
    expect(fromKey).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(purchaseIdFor('subscription:u-1:key-1')).toBe(fromKey);
    expect(purchaseIdFor('subscription:u-1:key-2')).not.toBe(fromKey);
    expect(isUuid(purchaseIdFor(undefined))).toBe(true);
  });
});
