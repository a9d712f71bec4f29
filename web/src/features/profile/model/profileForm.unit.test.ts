import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@boli/engine/accounts/account.messages';
import { changedInput, formOf, removedAliasErrors } from './profileForm.ts';

const opened = formOf({
  _id: 'm-1',
  firstname: 'Asha',
  lastname: 'Kumar',
  bnr: 'Asha Traders',
  education: 'BCom',
  country: 'India',
  state: 'Kerala',
  district: 'Ernakulam',
  otherroles: ['Model', 'Host'],
  links: [{ title: 'Shop', url: 'https://asha.example.in' }],
});

describe('what Save on Edit profile sends', () => {
  it('is only what the member changed, so a change made elsewhere meanwhile is not undone', () => {
    expect(changedInput(opened, { ...opened, bnr: 'QA Traders' })).toEqual({ bnr: 'QA Traders' });
    expect(changedInput(opened, opened)).toEqual({});
  });

  it('sends a list whole when any of it changed, and not when only its spelling did', () => {
    expect(changedInput(opened, { ...opened, otherroles: 'Model,  Host ' })).toEqual({});
    expect(changedInput(opened, { ...opened, otherroles: 'Model' })).toEqual({
      otherroles: ['Model'],
    });
    const links = opened.links.map((link, i) =>
      i === 1 ? { title: 'Blog', url: 'asha.example.in/blog' } : link,
    );
    expect(changedInput(opened, { ...opened, links })).toEqual({
      links: [
        { title: 'Shop', url: 'https://asha.example.in' },
        { title: 'Blog', url: 'https://asha.example.in/blog' },
      ],
    });
  });

  it('sends the address whole when any of it changed: its parts are one place', () => {
    const moved = { ...opened, state: 'Goa', district: '' };
    expect(changedInput(opened, moved)).toEqual({
      houseno: '',
      street: '',
      city: '',
      country: 'India',
      state: 'Goa',
      district: '',
      neighbourHood: '',
      pincode: '',
    });
    expect(changedInput(opened, { ...opened, neighbourHood: 'Kakkanad' })).toMatchObject({
      district: 'Ernakulam',
      neighbourHood: 'Kakkanad',
    });
  });
});

describe('a bid alias on Edit profile', () => {
  const withAlias = { ...opened, bidAlias: 'zebracrossing' };

  it('cannot be emptied once set: the form says so, rather than that the profile was saved', () => {
    expect(removedAliasErrors(withAlias, { ...withAlias, bidAlias: '  ' })).toEqual({
      bidAlias: [ACCOUNT_MESSAGES.bidAliasCannotBeRemoved],
    });
  });

  it('may be changed, left as it is, or left empty when there was none', () => {
    expect(removedAliasErrors(withAlias, { ...withAlias, bidAlias: 'bluekite' })).toEqual({});
    expect(removedAliasErrors(withAlias, withAlias)).toEqual({});
    expect(removedAliasErrors(opened, opened)).toEqual({});
  });
});
