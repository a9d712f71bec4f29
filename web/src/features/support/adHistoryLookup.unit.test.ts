import { describe, expect, it } from 'vitest';
import { adHistoryPathOf, adKeyOf, adLookupOf } from './adHistoryLookup.ts';

describe('the ad an Ad history lookup names', () => {
  it('takes an id or uid as it is', () => {
    expect(adKeyOf('  3d1ac07b-6633-4137-9098-c9487ee1bd37 ')).toBe(
      '3d1ac07b-6633-4137-9098-c9487ee1bd37',
    );
    expect(adKeyOf('qa-bid-veena-5e37d03fd3')).toBe('qa-bid-veena-5e37d03fd3');
  });

  it('takes the ad out of a pasted address', () => {
    expect(adKeyOf('https://boli.example/ads/swift-dzire-1a2b3c?ref=share')).toBe(
      'swift-dzire-1a2b3c',
    );
    expect(adKeyOf('http://localhost:3000/support/ads/ad-9/?asOf=2026-11-27')).toBe('ad-9');
    expect(adKeyOf('/ads/swift%20dzire')).toBe('swift dzire');
  });

  it('names nothing for an empty entry', () => {
    expect(adKeyOf('   ')).toBeNull();
    expect(adKeyOf('https://boli.example/')).toBeNull();
  });
});

describe('where an Ad history lookup leads', () => {
  it('keeps the instant of a pasted replay link, and only of one', () => {
    expect(
      adHistoryPathOf('http://localhost:3000/support/ads/ad-9?asOf=2026-11-28T08%3A27%3A05.000Z'),
    ).toBe('/support/ads/ad-9?asOf=2026-11-28T08%3A27%3A05.000Z');
    expect(adHistoryPathOf('https://boli.example/ads/swift-dzire-1a2b3c?asOf=x')).toBe(
      '/support/ads/swift-dzire-1a2b3c',
    );
    expect(adHistoryPathOf(' ad-9 ')).toBe('/support/ads/ad-9');
    expect(adHistoryPathOf('')).toBeNull();
  });
});

describe('what the lookup does with an entry', () => {
  it('opens the history of a link, an id or a uid', () => {
    expect(adLookupOf('https://boli.example/ads/swift-dzire-1a2b3c')).toEqual({
      path: '/support/ads/swift-dzire-1a2b3c',
    });
    expect(adLookupOf(' 3d1ac07b-6633-4137-9098-c9487ee1bd37 ')).toEqual({
      path: '/support/ads/3d1ac07b-6633-4137-9098-c9487ee1bd37',
    });
    expect(adLookupOf('/ads/swift%20dzire')).toEqual({ path: '/support/ads/swift%20dzire' });
  });

  it('searches ads by name for words, or one word with no hyphen', () => {
    expect(adLookupOf('  Maruti Swift VXi 2018 ')).toEqual({ name: 'Maruti Swift VXi 2018' });
    expect(adLookupOf('Tanpura')).toEqual({ name: 'Tanpura' });
  });

  it('has nothing to do with nothing', () => {
    expect(adLookupOf('  ')).toBeNull();
    expect(adLookupOf('https://boli.example/')).toBeNull();
  });
});
