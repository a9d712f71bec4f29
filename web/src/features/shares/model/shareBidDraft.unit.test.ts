import { describe, expect, it } from 'vitest';
import { SELECT_TYPE } from '../../../components/bidDetails.ts';
import { memoryStorage } from '../../../lib/tabStorage.ts';
import {
  forgetShareBidDraft,
  readShareBidDraft,
  saveShareBidDraft,
  shareBidDraftKey,
} from './shareBidDraft.ts';
import type { ShareBidFormInput } from './shareBidForm.ts';

const TYPED: ShareBidFormInput = { company: 'Kite Tea', type: 'Hidden', amount: '37000' };
const UNTOUCHED: ShareBidFormInput = { company: 'Kite Tea', type: SELECT_TYPE, amount: '' };

describe('the share bid being typed', () => {
  it('is found again by the member on that share-bid page only', () => {
    const store = memoryStorage();
    saveShareBidDraft('m1', 'm1', TYPED, store);
    expect(readShareBidDraft('m1', 'm1', store)).toEqual(TYPED);
    expect(readShareBidDraft('m1', 'm2', store)).toBeNull();
    expect(readShareBidDraft('m2', 'm1', store)).toBeNull();
    expect(readShareBidDraft(undefined, 'm1', store)).toBeNull();
  });

  it('is kept once it has a type or an amount, not for the company it starts with', () => {
    const store = memoryStorage();
    saveShareBidDraft('m1', 'm1', UNTOUCHED, store);
    expect(store.items.size).toBe(0);
    saveShareBidDraft('m1', 'm1', { ...UNTOUCHED, amount: '5' }, store);
    expect(readShareBidDraft('m1', 'm1', store)?.amount).toBe('5');
    saveShareBidDraft('m1', 'm1', { ...UNTOUCHED, type: 'Open' }, store);
    expect(readShareBidDraft('m1', 'm1', store)?.type).toBe('Open');
  });

  it('is forgotten once posted: by the form (cleared), or by a fee paid above it', () => {
    const store = memoryStorage();
    saveShareBidDraft('m1', 'm1', TYPED, store);
    saveShareBidDraft('m1', 'm1', UNTOUCHED, store);
    expect(store.items.size).toBe(0);
    saveShareBidDraft('m1', 'm1', TYPED, store);
    forgetShareBidDraft('m1', 'm1', store);
    expect(store.items.size).toBe(0);
  });

  it('reads nothing from what is not a share bid', () => {
    const store = memoryStorage();
    const key = shareBidDraftKey('m1', 'm1');
    store.setItem(key, JSON.stringify({ ...TYPED, type: 'Sealed' }));
    expect(readShareBidDraft('m1', 'm1', store)).toBeNull();
    store.setItem(key, JSON.stringify({ ...TYPED, amount: 37000 }));
    expect(readShareBidDraft('m1', 'm1', store)).toBeNull();
    store.setItem(key, JSON.stringify({ ...TYPED, type: SELECT_TYPE }));
    expect(readShareBidDraft('m1', 'm1', store)).toEqual({ ...TYPED, type: SELECT_TYPE });
  });
});
