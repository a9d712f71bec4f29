import { describe, expect, it } from 'vitest';
import {
  adHistoryPath,
  adHistoryPathOf,
  adKeyOf,
  adLookupOf,
  adNamedBy,
  foundAdLine,
  linkPathOf,
  lookupKeyOf,
  lookupPathOf,
  lookupPagesOf,
  staffFoundAdsOf,
  staffLookupOf,
} from './adHistoryLookup.ts';
import { LIMITS } from '@boli/engine/shared/limits';

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
  it('opens the history of a link', () => {
    expect(adLookupOf('https://boli.example/ads/swift-dzire-1a2b3c')).toEqual({
      path: '/support/ads/swift-dzire-1a2b3c',
    });
    expect(adLookupOf('/ads/swift%20dzire')).toEqual({ path: '/support/ads/swift%20dzire' });
  });

  it('asks the api about anything else, an id or uid too, whatever its shape', () => {
    expect(adLookupOf(' 3d1ac07b-6633-4137-9098-c9487ee1bd37 ')).toEqual({
      key: '3d1ac07b-6633-4137-9098-c9487ee1bd37',
    });
    expect(adLookupOf('royal-enfield-1')).toEqual({ key: 'royal-enfield-1' });
    expect(adLookupOf('  Maruti Swift VXi 2018 ')).toEqual({ key: 'Maruti Swift VXi 2018' });
    expect(adLookupOf('Tanpura')).toEqual({ key: 'Tanpura' });
    expect(adLookupOf('kavya_nair')).toEqual({ key: 'kavya_nair' });
  });

  it('takes a hyphenated word of a name for a word, not an ad', () => {
    expect(adLookupOf('Harley-Davidson')).toEqual({ key: 'Harley-Davidson' });
    expect(adLookupOf('wi-fi')).toEqual({ key: 'wi-fi' });
    // A slash among words is no link either.
    expect(adLookupOf('AC/DC tour poster')).toEqual({ key: 'AC/DC tour poster' });
    // Nor a single word holding one: only an address or a path is.
    expect(adLookupOf('8/128GB')).toEqual({ key: '8/128GB' });
    expect(adLookupOf('<b>Activa</b>')).toEqual({ key: '<b>Activa</b>' });
    expect(adLookupOf('HTTPS://boli.example/ads/swift-1')).toEqual({
      path: '/support/ads/swift-1',
    });
  });

  it('has nothing to do with nothing', () => {
    expect(adLookupOf('  ')).toBeNull();
    expect(adLookupOf('https://boli.example/')).toBeNull();
  });
});

describe('the key of an Ad history lookup in the address', () => {
  it('is ?key=, trimmed; none without it', () => {
    expect(lookupKeyOf(new URLSearchParams('key=%20Logitech%20'))).toBe('Logitech');
    expect(lookupKeyOf(new URLSearchParams('key=wi-fi'))).toBe('wi-fi');
    expect(lookupKeyOf(new URLSearchParams(''))).toBe('');
  });

  it('opens the history of an ad link put in ?key= by hand, as one typed in the field does', () => {
    const params = new URLSearchParams({ key: 'http://localhost:3000/ads/30ad198c-4817' });
    expect(linkPathOf(lookupKeyOf(params))).toBe('/support/ads/30ad198c-4817');
    // Any other key is asked of the api.
    expect(linkPathOf('priya_iyer')).toBeNull();
    expect(linkPathOf('https://boli.example/')).toBeNull();
    expect(linkPathOf('')).toBeNull();
  });

  it('keeps how many pages Show more listed, within bounds', () => {
    expect(lookupPagesOf(new URLSearchParams('key=a&pages=3'))).toBe(3);
    expect(lookupPagesOf(new URLSearchParams('key=a'))).toBe(1);
    expect(lookupPagesOf(new URLSearchParams('pages=0'))).toBe(1);
    expect(lookupPagesOf(new URLSearchParams('pages=2.5'))).toBe(1);
    expect(lookupPagesOf(new URLSearchParams('pages=9999'))).toBe(LIMITS.staffLookupPagesMax);
  });

  it('reads whether there are more to show from the answer', () => {
    expect(staffLookupOf({ ads: [], more: true })).toEqual({ ads: [], more: true, noMember: null });
    expect(staffLookupOf({ ads: [] }).more).toBe(false);
    expect(staffLookupOf(null)).toEqual({ ads: [], more: false, noMember: null });
    // A username no member has, and those like it (what is not one left out).
    expect(staffLookupOf({ ads: [], noMember: { like: ['priya_iyer', 7] } }).noMember).toEqual({
      by: 'username',
      like: ['priya_iyer'],
    });
    // A mobile number no member has.
    expect(staffLookupOf({ ads: [], noMember: { by: 'phone', like: [] } }).noMember).toEqual({
      by: 'phone',
      like: [],
    });
    expect(staffLookupOf({ ads: [], noMember: null }).noMember).toBeNull();
  });
});

describe('the ads a key found', () => {
  const ad = (id: string, foundBy: string) => ({
    _id: id,
    itemName: `Ad ${id}`,
    postedByUsername: 'kavya_nair',
    createdAt: '2026-11-30T08:00:00.000Z',
    bidOpen: true,
    foundBy,
  });

  it('opens the one the key is the whole id or uid of', () => {
    const ads = staffFoundAdsOf({ ads: [ad('a-1', 'id'), ad('a-2', 'name')] });
    expect(adNamedBy(ads)?._id).toBe('a-1');
    expect(adHistoryPath(adNamedBy(ads)!._id)).toBe('/support/ads/a-1');
  });

  it('lists the others: a name, a code or an owner names no one ad', () => {
    const ads = staffFoundAdsOf({
      ads: [
        ad('a-1', 'owner'),
        ad('a-2', 'code'),
        ad('a-3', 'name'),
        ad('a-4', 'guess'),
        ad('a-5', 'fee'),
        ad('a-6', 'refused'),
        ad('a-7', 'alias'),
      ],
    });
    expect(ads.map((found) => found._id)).toEqual(['a-1', 'a-2', 'a-3', 'a-5', 'a-6', 'a-7']);
    expect(adNamedBy(ads)).toBeUndefined();
  });
});

describe('a found ad, as the lookup list says it', () => {
  const ad = {
    _id: 'ad-1',
    itemName: 'Swift Dzire',
    postedByUsername: 'kavya_nair',
    createdAt: '2026-11-20T06:30:00.000Z',
    bidOpen: true,
    foundBy: 'owner',
  } as const;

  it('says its owner, day, bids, bidding, and how it was found', () => {
    expect(foundAdLine({ ...ad, bids: 3, withdrawn: false })).toBe(
      'by kavya_nair, posted 20-11-2026 · 3 bids · open for bids · found by its owner',
    );
    expect(foundAdLine({ ...ad, bids: 1 })).toContain(' · 1 bid · ');
    // The member's bid fee on it: a refunded fee's bid is on no list of bids.
    expect(foundAdLine({ ...ad, foundBy: 'fee', bids: 0 })).toMatch(
      / · found by a bid fee of theirs$/,
    );
    // A bid of theirs the ad refused: on no list of bids either.
    expect(foundAdLine({ ...ad, foundBy: 'refused', bids: 0 })).toMatch(
      / · found by a refused bid of theirs$/,
    );
    // The alias its bid lists showed, which a complaint quotes.
    expect(foundAdLine({ ...ad, foundBy: 'alias', bids: 4 })).toMatch(
      / · found by the alias of a bid on it$/,
    );
  });

  it('says an ad is withdrawn while its owner is blocked', () => {
    expect(foundAdLine({ ...ad, bidOpen: false, bids: 0, withdrawn: true })).toBe(
      'by kavya_nair, posted 20-11-2026 · 0 bids · bidding closed · withdrawn: its owner is blocked · found by its owner',
    );
  });

  it('leaves out the bids an older api did not send', () => {
    expect(foundAdLine(ad)).toBe(
      'by kavya_nair, posted 20-11-2026 · open for bids · found by its owner',
    );
  });
});

describe('the lookup’s address', () => {
  it('keeps the key, encoded, so a link opens the list it finds', () => {
    expect(lookupPathOf('priya_iyer')).toBe('/support/ads?key=priya_iyer');
    expect(lookupPathOf('royal enfield & co')).toBe('/support/ads?key=royal+enfield+%26+co');
    expect(lookupKeyOf(new URLSearchParams(lookupPathOf(' kavya nair').split('?')[1]))).toBe(
      'kavya nair',
    );
  });
});
