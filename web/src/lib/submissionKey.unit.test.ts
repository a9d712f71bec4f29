import { describe, expect, it } from 'vitest';
import { ApiError } from '../app/api/client.ts';
import { submissionKey } from './submissionKey.ts';
import { memoryStorage, refusingStorage, type DraftStorage } from './tabStorage.ts';

const counting = (store: DraftStorage = memoryStorage()) => {
  let n = 0;
  return { store, keys: () => submissionKey('bid:ad-1', { store, newKey: () => `k${++n}` }) };
};

describe('a form’s submission key', () => {
  it('is the same for the same body sent again after a lost answer', () => {
    const keys = counting().keys();
    expect(keys.keyFor({ bidamt: 1201 })).toBe('k1');
    keys.settle(new ApiError(0, ''));
    expect(keys.keyFor({ bidamt: 1201 })).toBe('k1');
    keys.settle(new ApiError(503, 'Something went wrong.'));
    expect(keys.keyFor({ bidamt: 1201 })).toBe('k1');
  });

  it('is the same after a reload, the pending key kept in the tab', () => {
    const tab = counting();
    tab.keys().keyFor({ bidamt: 1201 });
    // The page is loaded again: a new form, the same tab storage.
    expect(tab.keys().keyFor({ bidamt: 1201 })).toBe('k1');
  });

  it('is waiting from the send till an answer settles it, across a reload', () => {
    const tab = counting();
    const keys = tab.keys();
    expect(keys.waiting()).toBe(false);
    keys.keyFor({ bidamt: 1201 });
    // The page is loaded again while the bid is on its way.
    expect(tab.keys().waiting()).toBe(true);
    expect(tab.keys().waiting({ bidamt: 1201 })).toBe(true);
    expect(tab.keys().waiting({ bidamt: 1300 })).toBe(false);
    keys.settle(new ApiError(0, ''));
    expect(keys.waiting()).toBe(true);
    keys.settle(new ApiError(400, 'Enter all bid details'));
    expect(keys.waiting()).toBe(false);
    expect(tab.keys().waiting()).toBe(false);
  });

  it('is new once an answer came back, or when the body changed', () => {
    const tab = counting();
    const keys = tab.keys();
    keys.keyFor({ bidamt: 1201 });
    keys.settle();
    expect(keys.keyFor({ bidamt: 1201 })).toBe('k2');
    keys.settle(new ApiError(400, 'Enter all bid details'));
    expect(tab.keys().keyFor({ bidamt: 1201 })).toBe('k3');
    keys.settle(new ApiError(0, ''));
    expect(keys.keyFor({ bidamt: 1300 })).toBe('k4');
  });

  it('is sent with its body, kept after a lost answer and ended by an answer', async () => {
    const keys = counting().keys();
    const sentWith: string[] = [];
    const lost = (key: string) => {
      sentWith.push(key);
      return Promise.reject(new ApiError(0, ''));
    };
    await expect(keys.send({ bidamt: 1201 }, lost)).rejects.toBeInstanceOf(ApiError);
    const answered = await keys.send({ bidamt: 1201 }, (key) => {
      sentWith.push(key);
      return Promise.resolve('Bid Posted!');
    });
    expect(answered).toBe('Bid Posted!');
    expect(sentWith).toEqual(['k1', 'k1']);
    expect(keys.keyFor({ bidamt: 1201 })).toBe('k2');
  });

  it('still works in the page where the tab’s storage is refused', () => {
    const keys = counting(refusingStorage()).keys();
    expect(keys.keyFor({ bidamt: 1 })).toBe('k1');
    expect(keys.keyFor({ bidamt: 1 })).toBe('k1');
  });
});
