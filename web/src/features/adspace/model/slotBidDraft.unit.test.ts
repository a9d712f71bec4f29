import { describe, expect, it } from 'vitest';
import { memoryStorage } from '../../../lib/tabStorage.ts';
import { readSlotBidDraft, saveSlotBidDraft, slotBidDraftKey } from './slotBidDraft.ts';

describe('a slot bid being typed', () => {
  it('is found again by the member, for that date and type only', () => {
    const store = memoryStorage();
    const draft = { amount: '250000', company: 'Kite Tea' };
    saveSlotBidDraft('m1', '2027-01-02', 'sidePanels', draft, store);
    expect(readSlotBidDraft('m1', '2027-01-02', 'sidePanels', store)).toEqual(draft);
    const empty = { amount: '', company: '' };
    expect(readSlotBidDraft('m1', '2027-01-02', 'authPages', store)).toEqual(empty);
    expect(readSlotBidDraft('m1', '2027-01-03', 'sidePanels', store)).toEqual(empty);
    // Not another member's, nor a guest's.
    expect(readSlotBidDraft('m2', '2027-01-02', 'sidePanels', store)).toEqual(empty);
    expect(readSlotBidDraft(undefined, '2027-01-02', 'sidePanels', store)).toEqual(empty);
  });

  it('is read from where the tab kept it before, and not from what is not a slot bid', () => {
    const store = memoryStorage();
    // The key drafts were kept under before lib/memberDrafts.ts: a tab open over a deploy keeps them.
    const key = slotBidDraftKey('m1', '2027-01-02', 'sidePanels');
    expect(key).toBe('slotBidDraft:m1:2027-01-02:sidePanels');
    store.setItem(key, JSON.stringify({ amount: '250000', company: 'Kite Tea', more: 1 }));
    expect(readSlotBidDraft('m1', '2027-01-02', 'sidePanels', store)).toEqual({
      amount: '250000',
      company: 'Kite Tea',
    });
    store.setItem(key, JSON.stringify({ amount: 250000, company: 'Kite Tea' }));
    expect(readSlotBidDraft('m1', '2027-01-02', 'sidePanels', store)).toEqual({
      amount: '',
      company: '',
    });
  });

  it('keeps nothing once emptied (posted)', () => {
    const store = memoryStorage();
    saveSlotBidDraft('m1', '2027-01-02', 'sidePanels', { amount: '1', company: 'A' }, store);
    saveSlotBidDraft('m1', '2027-01-02', 'sidePanels', { amount: '', company: ' ' }, store);
    expect(store.items.size).toBe(0);
  });
});
