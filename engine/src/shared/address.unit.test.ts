import { describe, expect, it } from 'vitest';
import { addressLine, formatAddress } from './address.ts';

describe('an address on one line', () => {
  it('leaves out blank parts and a place said twice, keeping the first', () => {
    expect(
      formatAddress([
        '',
        'MG Road',
        'Jorhat',
        'jorhat ',
        'Jorhat',
        'Assam',
        null,
        'India',
        '785001',
      ]),
    ).toBe('MG Road, Jorhat, Assam, India, 785001');
  });

  it('reads from the smallest place to the largest, the locality before the town', () => {
    expect(
      addressLine({
        houseno: '12',
        street: 'Station Road',
        neighbourhood: 'Akurdi',
        city: 'Pune',
        district: 'Pune',
        state: 'Maharashtra',
        country: 'India',
        pincode: '411035',
      }),
    ).toBe('12, Station Road, Akurdi, Pune, Maharashtra, India, 411035');
  });
});
