import { describe, expect, it } from 'vitest';
import { memoryStorage, refusingStorage } from '../../../lib/tabStorage.ts';
import { EMPTY_AD_FORM } from './adForm.ts';
import { parsePostAdDraft, readPostAdDraft, savePostAdDraft } from './postAdDraft.ts';

const typed = { ...EMPTY_AD_FORM, itemName: 'Teak cot', price: '12000', displayPhone: true };

describe('the ad being written on Post New Ad', () => {
  it('is kept per member until it is posted', () => {
    const store = memoryStorage();
    savePostAdDraft('m-1', typed, store);
    expect(readPostAdDraft('m-1', store)).toEqual(typed);
    expect(readPostAdDraft('m-2', store)).toBeNull();
    savePostAdDraft('m-1', null, store);
    expect(readPostAdDraft('m-1', store)).toBeNull();
  });

  it('is not read from what another version stored, nor kept for a guest', () => {
    expect(parsePostAdDraft('{"itemName":3}')).toBeNull();
    expect(parsePostAdDraft('not json')).toBeNull();
    const store = memoryStorage();
    savePostAdDraft(undefined, typed, store);
    expect(store.items.size).toBe(0);
  });

  it('lives in the form alone where storage is refused', () => {
    expect(() => savePostAdDraft('m-1', typed, refusingStorage())).not.toThrow();
    expect(readPostAdDraft('m-1', refusingStorage())).toBeNull();
  });
});
