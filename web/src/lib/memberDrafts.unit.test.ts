import { describe, expect, it } from 'vitest';
import { memberDrafts, storedTextFields } from './memberDrafts.ts';
import { memoryStorage, refusingStorage } from './tabStorage.ts';

/** A note being typed: kept once it has text. */
const notes = memberDrafts<{ text: string }>('noteDraft', {
  fromStored: (value) => storedTextFields(value, ['text']),
  typed: (draft) => draft.text !== '',
});

describe('a member’s draft kept in the tab', () => {
  it('is found again by the member on its page only, not by another member nor a guest', () => {
    const store = memoryStorage();
    notes.save('m1', 'p1', { text: 'hello' }, store);
    expect(notes.read('m1', 'p1', store)).toEqual({ text: 'hello' });
    expect(notes.read('m1', 'p2', store)).toBeNull();
    expect(notes.read('m2', 'p1', store)).toBeNull();
    expect(notes.read(undefined, 'p1', store)).toBeNull();
    expect([...store.items.keys()]).toEqual(['noteDraft:m1:p1']);
  });

  it('keeps nothing of a guest’s, nor once nothing is typed or it is forgotten', () => {
    const store = memoryStorage();
    notes.save(undefined, 'p1', { text: 'hello' }, store);
    expect(store.items.size).toBe(0);
    notes.save('m1', 'p1', { text: 'hello' }, store);
    notes.save('m1', 'p1', { text: '' }, store);
    expect(store.items.size).toBe(0);
    notes.save('m1', 'p1', { text: 'hello' }, store);
    notes.forget('m1', 'p1', store);
    expect(store.items.size).toBe(0);
  });

  it('reads nothing from what is not a draft (stored by another version)', () => {
    const store = memoryStorage();
    for (const stored of ['{', '"x"', '[]', JSON.stringify({ text: 5 }), JSON.stringify({})]) {
      store.setItem(notes.key('m1', 'p1'), stored);
      expect(notes.read('m1', 'p1', store)).toBeNull();
    }
  });

  it('does without storage the browser refuses', () => {
    const refusing = refusingStorage();
    expect(() => notes.save('m1', 'p1', { text: 'hello' }, refusing)).not.toThrow();
    expect(notes.read('m1', 'p1', refusing)).toBeNull();
    expect(() => notes.forget('m1', 'p1', refusing)).not.toThrow();
    expect(notes.read('m1', 'p1', null)).toBeNull();
  });
});

describe('a stored record’s text fields', () => {
  it('are picked, each text, leaving out what else was stored', () => {
    expect(storedTextFields({ a: '1', b: '', c: 3 }, ['a', 'b'])).toEqual({ a: '1', b: '' });
    expect(storedTextFields({ a: '1' }, ['a', 'b'])).toBeNull();
    expect(storedTextFields(null, ['a'])).toBeNull();
  });
});
