import { describe, expect, it } from 'vitest';
import { readReviewDraft, reviewDraftKey, saveReviewDraft } from './reviewDraft.ts';

const memoryStore = () => {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
};

describe('a review being typed', () => {
  it('is kept for its reviewer and member only, and forgotten once empty', () => {
    const store = memoryStore();
    saveReviewDraft('u-1', 'u-2', 'Prompt and honest', store);
    expect(readReviewDraft('u-1', 'u-2', store)).toBe('Prompt and honest');
    expect(readReviewDraft('u-3', 'u-2', store)).toBe('');
    expect(readReviewDraft('u-1', 'u-4', store)).toBe('');
    saveReviewDraft('u-1', 'u-2', '  ', store);
    expect(store.items.has(reviewDraftKey('u-1', 'u-2'))).toBe(false);
  });

  it('is not kept for nobody (a guest)', () => {
    const store = memoryStore();
    saveReviewDraft(undefined, 'u-2', 'text', store);
    expect(store.items.size).toBe(0);
    expect(readReviewDraft(undefined, 'u-2', store)).toBe('');
  });

  it('survives a store that refuses', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => saveReviewDraft('u-1', 'u-2', 'text', refusing)).not.toThrow();
    expect(readReviewDraft('u-1', 'u-2', refusing)).toBe('');
  });
});
