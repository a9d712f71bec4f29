import { describe, expect, it } from 'vitest';
import { memoryStorage, refusingStorage } from '../../../lib/tabStorage.ts';
import { EMPTY_AD_FORM } from './adForm.ts';
import { parseEditAdDraft, readEditAdDraft, saveEditAdDraft } from './editAdDraft.ts';

const ad = { ...EMPTY_AD_FORM, itemName: 'Teak cot', price: '12000', description: 'Old' };
const typed = { ...ad, price: '11000' };
const cameBack = (store: ReturnType<typeof memoryStorage>) => ({ cameBack: true, store });

describe('the changes being made on Edit Ad', () => {
  it('are found again by a reloaded page, per member and per ad, until saved', () => {
    const store = memoryStorage();
    saveEditAdDraft('m-1', 'ad-1', { base: ad, form: typed }, store);
    expect(readEditAdDraft('m-1', 'ad-1', ad, cameBack(store))).toEqual({
      form: typed,
      changedElsewhere: [],
    });
    expect(readEditAdDraft('m-1', 'ad-2', ad, cameBack(store))).toBeNull();
    expect(readEditAdDraft('m-2', 'ad-1', ad, cameBack(store))).toBeNull();
    saveEditAdDraft('m-1', 'ad-1', null, store);
    expect(readEditAdDraft('m-1', 'ad-1', ad, cameBack(store))).toBeNull();
  });

  it('are not laid over an edit page opened afresh', () => {
    const store = memoryStorage();
    saveEditAdDraft('m-1', 'ad-1', { base: ad, form: typed }, store);
    expect(readEditAdDraft('m-1', 'ad-1', ad, { cameBack: false, store })).toBeNull();
  });

  it('keep only what the member changed over an ad changed elsewhere since', () => {
    const store = memoryStorage();
    saveEditAdDraft('m-1', 'ad-1', { base: ad, form: typed }, store);
    const now = { ...ad, description: 'Rewritten in another tab' };
    expect(readEditAdDraft('m-1', 'ad-1', now, cameBack(store))).toEqual({
      form: { ...now, price: '11000' },
      changedElsewhere: [],
    });
  });

  it('name a field the member changed that was changed elsewhere too, to another value', () => {
    const store = memoryStorage();
    saveEditAdDraft('m-1', 'ad-1', { base: ad, form: typed }, store);
    // The other tab set the price to 11,500: the member's 11,000 is shown, and said to undo it.
    expect(readEditAdDraft('m-1', 'ad-1', { ...ad, price: '11500' }, cameBack(store))).toEqual({
      form: typed,
      changedElsewhere: ['price'],
    });
    // …to the same value: nothing to undo.
    expect(
      readEditAdDraft('m-1', 'ad-1', { ...ad, price: '11000' }, cameBack(store))?.changedElsewhere,
    ).toEqual([]);
  });

  it('are not read from what another version stored, nor kept for a guest', () => {
    expect(parseEditAdDraft(JSON.stringify({ base: ad }))).toBeNull();
    expect(parseEditAdDraft(JSON.stringify({ base: ad, form: { itemName: 3 } }))).toBeNull();
    expect(parseEditAdDraft('not json')).toBeNull();
    const store = memoryStorage();
    saveEditAdDraft(undefined, 'ad-1', { base: ad, form: typed }, store);
    expect(store.items.size).toBe(0);
  });

  it('live in the form alone where storage is refused', () => {
    expect(() =>
      saveEditAdDraft('m-1', 'ad-1', { base: ad, form: typed }, refusingStorage()),
    ).not.toThrow();
    expect(
      readEditAdDraft('m-1', 'ad-1', ad, { cameBack: true, store: refusingStorage() }),
    ).toBeNull();
  });
});
