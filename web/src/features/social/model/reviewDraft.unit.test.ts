import { describe, expect, it } from 'vitest';
import { memoryStorage, refusingStorage } from '../../../lib/tabStorage.ts';
import { readReviewDraft, reviewDraftKey, saveReviewDraft } from './reviewDraft.ts';

describe('a review being typed', () => {
  it('is kept for its reviewer and member only, and forgotten once empty', () => {
    const store = memoryStorage();
    saveReviewDraft('u-1', 'u-2', 'Prompt and honest', store);
    expect(readReviewDraft('u-1', 'u-2', store)).toBe('Prompt and honest');
    expect(readReviewDraft('u-3', 'u-2', store)).toBe('');
    expect(readReviewDraft('u-1', 'u-4', store)).toBe('');
    saveReviewDraft('u-1', 'u-2', '  ', store);
    expect(store.items.has(reviewDraftKey('u-1', 'u-2'))).toBe(false);
  });

  it('is not kept for nobody (a guest)', () => {
    const store = memoryStorage();
    saveReviewDraft(undefined, 'u-2', 'text', store);
    expect(store.items.size).toBe(0);
    expect(readReviewDraft(undefined, 'u-2', store)).toBe('');
  });

  it('survives a store that refuses', () => {
    const refusing = refusingStorage();
    expect(() => saveReviewDraft('u-1', 'u-2', 'text', refusing)).not.toThrow();
    expect(readReviewDraft('u-1', 'u-2', refusing)).toBe('');
  });
});
