import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../lib/tabStorage.ts';
import {
  editProfileDraftKey,
  readEditProfileDraft,
  saveEditProfileDraft,
} from './editProfileDraft.ts';
import { formOf } from './profileForm.ts';

const profile = formOf({
  _id: 'm-1',
  firstname: 'Asha',
  lastname: 'Kumar',
  bnr: 'Asha Traders',
  city: 'Kochi',
  links: [{ title: 'Shop', url: 'https://asha.example.in' }],
});
const typed = { ...profile, bnr: 'Acme Typed' };
const cameBack = (store: ReturnType<typeof memoryStorage>) => ({ cameBack: true, store });

describe('the changes being made on Edit profile', () => {
  it('are found again by a reloaded page, per member, until saved or left', () => {
    const store = memoryStorage();
    saveEditProfileDraft('m-1', { base: profile, form: typed }, store);
    expect(readEditProfileDraft('m-1', profile, cameBack(store))).toEqual(typed);
    expect(readEditProfileDraft('m-2', profile, cameBack(store))).toBeNull();
    saveEditProfileDraft('m-1', null, store);
    expect(readEditProfileDraft('m-1', profile, cameBack(store))).toBeNull();
    expect(store.items.size).toBe(0);
  });

  it('are not laid over a page opened afresh', () => {
    const store = memoryStorage();
    saveEditProfileDraft('m-1', { base: profile, form: typed }, store);
    expect(readEditProfileDraft('m-1', profile, { cameBack: false, store })).toBeNull();
  });

  it('keep only what the member changed over a profile changed elsewhere since', () => {
    const store = memoryStorage();
    const links = [...typed.links];
    links[1] = { title: 'Blog', url: 'https://blog.example.in' };
    saveEditProfileDraft('m-1', { base: profile, form: { ...typed, links } }, store);
    const now = { ...profile, city: 'Thrissur' };
    expect(readEditProfileDraft('m-1', now, cameBack(store))).toEqual({
      ...now,
      bnr: 'Acme Typed',
      links,
    });
  });

  it('are not read from what another version stored, nor kept without a member', () => {
    const store = memoryStorage();
    store.setItem(editProfileDraftKey('m-1'), JSON.stringify({ base: profile, form: { bnr: 3 } }));
    expect(readEditProfileDraft('m-1', profile, cameBack(store))).toBeNull();
    store.setItem(editProfileDraftKey('m-1'), 'not json');
    expect(readEditProfileDraft('m-1', profile, cameBack(store))).toBeNull();
    const shortLinks = { ...typed, links: typed.links.slice(0, 2) };
    store.setItem(editProfileDraftKey('m-1'), JSON.stringify({ base: profile, form: shortLinks }));
    expect(readEditProfileDraft('m-1', profile, cameBack(store))).toBeNull();
    const empty = memoryStorage();
    saveEditProfileDraft(undefined, { base: profile, form: typed }, empty);
    expect(empty.items.size).toBe(0);
  });
});
