import { describe, expect, it } from 'vitest';
import { formatAddress } from './address.ts';

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
});
