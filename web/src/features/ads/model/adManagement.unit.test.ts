import { describe, expect, it } from 'vitest';
import { AD_MESSAGES } from '@boli/engine/ads/ad.messages';
import { adManagementRefusal, mayManageAd, ownsAd } from './adManagement.ts';

describe('who may edit an ad and change its media', () => {
  const owner = 'u-owner';
  const open = { postedBy: owner, bidOpen: true };
  const closed = { postedBy: owner, bidOpen: false };

  it('its owner, while bidding on it is open', () => {
    expect(ownsAd(open, owner)).toBe(true);
    expect(adManagementRefusal(open, owner)).toBeNull();
    expect(mayManageAd(open, owner)).toBe(true);
  });

  it('not its owner once bidding is closed, in the api’s words', () => {
    expect(adManagementRefusal(closed, owner)).toEqual({
      kind: 'closed',
      message: AD_MESSAGES.adClosed,
    });
    expect(mayManageAd(closed, owner)).toBe(false);
  });

  it('never another member or a guest, whatever the bidding: the owner rule comes first', () => {
    for (const ad of [open, closed]) {
      for (const viewer of ['u-someone-else', undefined]) {
        expect(ownsAd(ad, viewer)).toBe(false);
        expect(adManagementRefusal(ad, viewer)).toEqual({
          kind: 'notOwner',
          message: AD_MESSAGES.notAdOwner,
        });
      }
    }
  });

  it('compares ids as text: an api that sends a number still finds the owner', () => {
    expect(ownsAd({ postedBy: 42 as unknown as string }, '42')).toBe(true);
  });
});
