import { describe, expect, it } from 'vitest';
import { memoryStorage, refusingStorage } from '../../../lib/tabStorage.ts';
import { SELECT_TYPE } from '../../../components/bidDetails.ts';
import {
  bidDraftFor,
  bidDraftKey,
  forgetBidDraft,
  nextBidDraft,
  parseBidDraft,
  readBidDraft,
  saveBidDraft,
} from './bidDraft.ts';
import type { BidFormInput } from './bidForm.ts';

const TYPED: BidFormInput = { bidAlias: 'KTRX', type: 'Open', amount: '26020' };
const UNTOUCHED: BidFormInput = { bidAlias: 'KTRX', type: SELECT_TYPE, amount: '' };

describe('the bid being typed on an ad', () => {
  it('is kept once it has a type or an amount, with the member who typed it', () => {
    expect(nextBidDraft(null, TYPED, 'u1')).toEqual({ input: TYPED, by: 'u1' });
    expect(nextBidDraft(null, { ...UNTOUCHED, amount: '5' }, 'u1')).not.toBeNull();
    expect(nextBidDraft(null, { ...UNTOUCHED, type: 'Hidden' }, 'u1')).not.toBeNull();
  });

  it('is forgotten when nothing is being typed: posted, or cleared by the member', () => {
    expect(nextBidDraft({ input: TYPED, by: 'u1' }, UNTOUCHED, 'u1')).toBeNull();
  });

  it('keeps an alias a guest typed (for the bid after logging in), not a member’s usual one', () => {
    const aliasOnly = { ...UNTOUCHED, bidAlias: 'guesty' };
    expect(nextBidDraft(null, aliasOnly, undefined)).toEqual({ input: aliasOnly, by: null });
    expect(nextBidDraft(null, aliasOnly, 'u1')).toBeNull();
    expect(nextBidDraft(null, { ...UNTOUCHED, bidAlias: '  ' }, undefined)).toBeNull();
  });

  it('stays the member’s when the guest a session end left behind edits it', () => {
    const typed = { input: TYPED, by: 'u1' };
    expect(nextBidDraft(typed, { ...TYPED, amount: '26030' }, undefined)?.by).toBe('u1');
    expect(nextBidDraft(null, TYPED, undefined)?.by).toBeNull();
  });

  it('comes back to the member who typed it and to a guest, not to another member', () => {
    const typed = { input: TYPED, by: 'u1' };
    expect(bidDraftFor(typed, 'u1')).toEqual(TYPED);
    expect(bidDraftFor(typed, undefined)).toEqual(TYPED);
    expect(bidDraftFor(typed, 'u2')).toBeNull();
    // A guest's draft is for whoever logs in to post it.
    expect(bidDraftFor({ input: TYPED, by: null }, 'u2')).toEqual(TYPED);
    expect(bidDraftFor(null, 'u1')).toBeNull();
  });

  it('reads nothing from what is not a draft', () => {
    expect(parseBidDraft(null)).toBeNull();
    expect(parseBidDraft('{')).toBeNull();
    expect(parseBidDraft('"x"')).toBeNull();
    expect(parseBidDraft(JSON.stringify({ input: { ...TYPED, type: 'Sealed' } }))).toBeNull();
    expect(parseBidDraft(JSON.stringify({ input: { ...TYPED, amount: 26020 } }))).toBeNull();
    expect(parseBidDraft(JSON.stringify({ input: TYPED, by: 'u1' }))).toEqual({
      input: TYPED,
      by: 'u1',
    });
  });
});

describe('the tab’s memory of drafts', () => {
  it('keeps one per ad until its bid is posted', () => {
    const store = memoryStorage();
    saveBidDraft('ad1', TYPED, 'u1', store);
    saveBidDraft('ad2', { ...TYPED, type: 'Hidden' }, 'u1', store);
    expect(readBidDraft('ad1', store)).toEqual({ input: TYPED, by: 'u1' });
    expect(readBidDraft('ad2', store)?.input.type).toBe('Hidden');

    // The session ends: the guest left in front of the form changes the amount.
    saveBidDraft('ad1', { ...TYPED, amount: '26050' }, undefined, store);
    expect(readBidDraft('ad1', store)).toEqual({ input: { ...TYPED, amount: '26050' }, by: 'u1' });

    forgetBidDraft('ad1', store);
    expect(store.items.has(bidDraftKey('ad1'))).toBe(false);
    expect(readBidDraft('ad2', store)).not.toBeNull();

    saveBidDraft('ad2', UNTOUCHED, 'u1', store);
    expect(store.items.size).toBe(0);
  });

  it('does without storage the browser refuses', () => {
    const refusing = refusingStorage();
    expect(() => saveBidDraft('ad1', TYPED, 'u1', refusing)).not.toThrow();
    expect(readBidDraft('ad1', refusing)).toBeNull();
    expect(() => forgetBidDraft('ad1', refusing)).not.toThrow();
    expect(readBidDraft('ad1', null)).toBeNull();
  });
});
