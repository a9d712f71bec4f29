import { describe, expect, it } from 'vitest';
import type { Visitor } from '../guards/access.ts';
import { itemsForWidth, pageChrome } from './layoutRules.ts';

const guest: Visitor = { status: 'guest', mobileValidated: false };
const unvalidated: Visitor = { status: 'member', mobileValidated: false };
const validated: Visitor = { status: 'member', mobileValidated: true };

describe('page layout', () => {
  it('frames ordinary pages with side columns and a card', () => {
    expect(pageChrome('standard', guest)).toEqual({ sideColumns: true, card: true });
    expect(pageChrome('standard', validated)).toEqual({ sideColumns: true, card: true });
  });

  it('hides the side advertising columns on auth-like pages', () => {
    expect(pageChrome('auth', guest)).toEqual({ sideColumns: false, card: true });
  });

  it('skips the card on contact, terms and privacy', () => {
    expect(pageChrome('document', guest)).toEqual({ sideColumns: true, card: false });
  });

  it('gives the staff tools the whole width, in a card', () => {
    expect(pageChrome('staff', validated)).toEqual({ sideColumns: false, card: true });
  });

  it('skips the card for any view of a member whose phone is not validated', () => {
    expect(pageChrome('standard', unvalidated).card).toBe(false);
    expect(pageChrome('auth', unvalidated)).toEqual({ sideColumns: false, card: false });
  });
});

describe('the main menu by screen width', () => {
  const items = [{ label: 'My Ads', narrowOnly: true }, { label: 'Settings' }];
  it('lists the top bar’s items too on a narrow screen, and only the others on a wide one', () => {
    expect(itemsForWidth(items, false).map((item) => item.label)).toEqual(['My Ads', 'Settings']);
    expect(itemsForWidth(items, true).map((item) => item.label)).toEqual(['Settings']);
  });
});
