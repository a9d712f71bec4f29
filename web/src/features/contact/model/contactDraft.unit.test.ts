import { describe, expect, it } from 'vitest';
import { memoryStorage, refusingStorage } from '../../../lib/tabStorage.ts';
import { readContactDraft, saveContactDraft } from './contactDraft.ts';

const form = {
  country: 'India',
  firstname: 'Asha',
  lastname: 'K',
  email: 'asha@example.in',
  mobile: '9876543210',
  description: 'My refund has not come.',
  subject: 'Complaint',
};

describe('the Contact Us draft', () => {
  it('keeps a message being written, for its member or the guest only', () => {
    const store = memoryStorage();
    saveContactDraft('u-1', form, store);
    expect(readContactDraft('u-1', store)).toEqual(form);
    expect(readContactDraft('u-2', store)).toBeNull();
    expect(readContactDraft(undefined, store)).toBeNull();
  });

  it('keeps nothing without a description, and forgets it once emptied (sent)', () => {
    const store = memoryStorage();
    saveContactDraft(undefined, { ...form, description: '  ' }, store);
    expect(store.items.size).toBe(0);
    saveContactDraft(undefined, form, store);
    saveContactDraft(undefined, { ...form, description: '' }, store);
    expect(readContactDraft(undefined, store)).toBeNull();
  });

  it('reads nothing from what is not a form, or a storage that refuses', () => {
    const store = memoryStorage();
    store.items.set('contactDraft:guest', '{"description":3}');
    expect(readContactDraft(undefined, store)).toBeNull();
    expect(readContactDraft(undefined, refusingStorage())).toBeNull();
    expect(() => saveContactDraft(undefined, form, refusingStorage())).not.toThrow();
  });
});
