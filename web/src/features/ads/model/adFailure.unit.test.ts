import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@boli/engine/shared/messages';
import { adFailure } from './adFailure.ts';
import { shareLinks } from './shareLinks.ts';

describe('a refused ad post', () => {
  it('opens the address dialog when the profile address is missing', () => {
    expect(
      adFailure({ status: 400, serverMsg: MESSAGES.addressRequired, message: '', errors: [] }),
    ).toEqual({ kind: 'addressRequired' });
  });

  it('asks to subscribe on a 403 with the subscribe message', () => {
    expect(
      adFailure({ status: 403, serverMsg: MESSAGES.pleaseSubscribe, message: '', errors: [] }),
    ).toEqual({ kind: 'subscribe', message: MESSAGES.pleaseSubscribe });
  });

  it('puts field errors beside their fields and shows the first', () => {
    const failure = adFailure({
      status: 400,
      serverMsg: 'Invalid ad',
      message: 'Invalid ad',
      errors: [
        { field: 'itemName', message: MESSAGES.cannotBeBlank },
        { field: 'price', message: 'price must be a number' },
      ],
    });
    expect(failure).toEqual({
      kind: 'refused',
      message: MESSAGES.cannotBeBlank,
      errors: { itemName: [MESSAGES.cannotBeBlank], price: ['price must be a number'] },
    });
  });
});

describe('the share dialog’s links', () => {
  it('carries the ad’s link to every app', () => {
    const url = 'https://boli.example/ads/6f1c-22aa';
    const links = shareLinks(url, 'Swift Dzire');
    expect(links.map((link) => link.app)).toEqual([
      'WhatsApp',
      'Facebook',
      'Twitter',
      'Telegram',
      'Email',
    ]);
    for (const link of links) expect(link.href).toContain(encodeURIComponent(url));
  });
});
