import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../app/api/client.ts';
import { submissionKey, unconfirmed, type SubmissionKey } from './submissionKey.ts';
import { memoryStorage, refusingStorage, type DraftStorage } from './tabStorage.ts';

const counting = (store: DraftStorage = memoryStorage()) => {
  let n = 0;
  return { store, keys: () => submissionKey('bid:ad-1', { store, newKey: () => `k${++n}` }) };
};

/** Sends `body` and answers with `outcome` (an error: that failure); the key it went with. */
async function sent(keys: SubmissionKey, body: unknown, outcome?: ApiError): Promise<string> {
  let used = '';
  await keys
    .send(body, (key) => {
      used = key;
      return outcome ? Promise.reject(outcome) : Promise.resolve('Bid Posted!');
    })
    .catch((error: unknown) => {
      if (error !== outcome) throw error;
    });
  return used;
}

/** Sends `body` and leaves it on its way (the page is reloaded or closed meanwhile). */
function onItsWay(keys: SubmissionKey, body: unknown): void {
  void keys.send(body, () => new Promise<never>(() => {}));
}

const lost = () => new ApiError(0, '');

describe('a form’s submission key', () => {
  it('is the same for the same body sent again after a lost answer', async () => {
    const keys = counting().keys();
    expect(await sent(keys, { bidamt: 1201 }, lost())).toBe('k1');
    expect(await sent(keys, { bidamt: 1201 }, new ApiError(503, 'Something went wrong.'))).toBe(
      'k1',
    );
    expect(await sent(keys, { bidamt: 1201 }, new ApiError(409, 'In progress'))).toBe('k1');
    expect(await sent(keys, { bidamt: 1201 })).toBe('k1');
  });

  it('is the same after a reload, the pending key kept in the tab', async () => {
    const tab = counting();
    onItsWay(tab.keys(), { bidamt: 1201 });
    // The page is loaded again: a new form, the same tab storage.
    expect(await sent(tab.keys(), { bidamt: 1201 })).toBe('k1');
  });

  it('is waiting from the send till an answer settles it, across a reload', async () => {
    const tab = counting();
    const keys = tab.keys();
    expect(keys.waiting()).toBe(false);
    onItsWay(keys, { bidamt: 1201 });
    // The page is loaded again while the bid is on its way.
    expect(tab.keys().waiting()).toBe(true);
    expect(tab.keys().waiting({ bidamt: 1201 })).toBe(true);
    expect(tab.keys().waiting({ bidamt: 1300 })).toBe(false);
    await sent(keys, { bidamt: 1201 }, lost());
    expect(keys.waiting()).toBe(true);
    await sent(keys, { bidamt: 1201 }, new ApiError(400, 'Enter all bid details'));
    expect(keys.waiting()).toBe(false);
    expect(tab.keys().waiting()).toBe(false);
  });

  it('is not waiting after a send pressed offline, which never left the browser', async () => {
    const tab = counting();
    const keys = tab.keys();
    vi.stubGlobal('navigator', { onLine: false });
    try {
      await sent(keys, { bidamt: 1201 }, lost());
    } finally {
      vi.unstubAllGlobals();
    }
    expect(keys.waiting()).toBe(false);
    expect(tab.keys().waiting()).toBe(false);
    // Online, a lost answer still leaves it waiting: it may have been applied.
    await sent(keys, { bidamt: 1201 }, lost());
    expect(tab.keys().waiting()).toBe(true);
  });

  it('is unconfirmed when sent online and its answer lost as the browser went offline', async () => {
    const keys = counting().keys();
    const failure = lost();
    try {
      await keys
        .send({ bidamt: 1201 }, () => {
          // The bid left; the phone went offline before its answer came.
          vi.stubGlobal('navigator', { onLine: false });
          return Promise.reject(failure);
        })
        .catch(() => undefined);
      expect(unconfirmed(failure)).toBe(true);
      // One that failed offline without being sent through a key is said offline, as before.
      expect(unconfirmed(lost())).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(keys.waiting()).toBe(true);
  });

  it('is kept for another body while one waits, when the form says it is the same one', async () => {
    const store = memoryStorage();
    let n = 0;
    const sameName = (a: unknown, b: unknown) =>
      (a as { name: string }).name === (b as { name: string }).name;
    const keys = () =>
      submissionKey('postAd:m-1', { store, newKey: () => `k${++n}`, sameSubmission: sameName });
    expect(await sent(keys(), { name: 'Lamp', stagedIds: ['s-1'] }, lost())).toBe('k1');
    // Reloaded, the photos added again: other staged ids, the same post.
    const reloaded = keys();
    expect(reloaded.waitingSubmission()).toEqual({
      body: { name: 'Lamp', stagedIds: ['s-1'] },
      key: 'k1',
    });
    // Another ad while it waits is an ad of its own.
    expect(await sent(reloaded, { name: 'Chair', stagedIds: ['s-9'] }, lost())).toBe('k2');
    expect(await sent(reloaded, { name: 'Chair', stagedIds: ['s-2'] })).toBe('k2');
    expect(reloaded.waitingSubmission()).toBeNull();
    expect(await sent(reloaded, { name: 'Chair', stagedIds: ['s-3'] })).toBe('k3');
    // The lost Lamp, finished as it was: with its own key, whatever waited since.
    let used = '';
    await reloaded.send(
      { name: 'Lamp', stagedIds: ['s-1'] },
      (key) => {
        used = key;
        return Promise.resolve('Ad posted successfully.');
      },
      'k1',
    );
    expect(used).toBe('k1');
  });

  it('keeps a lost answer waiting through a press that never left the browser', async () => {
    const keys = counting().keys();
    expect(await sent(keys, { bidamt: 13_000 }, lost())).toBe('k1');
    vi.stubGlobal('navigator', { onLine: false });
    try {
      // Pressed again offline: refused in the browser, nothing sent.
      await sent(keys, { bidamt: 13_000 }, lost());
    } finally {
      vi.unstubAllGlobals();
    }
    expect(keys.waiting({ bidamt: 13_000 })).toBe(true);
    // Back online, the same bid goes with the same key: placed once.
    expect(await sent(keys, { bidamt: 13_000 })).toBe('k1');
  });

  it('is new once an answer came back, or when the body changed', async () => {
    const tab = counting();
    const keys = tab.keys();
    expect(await sent(keys, { bidamt: 1201 })).toBe('k1');
    expect(await sent(keys, { bidamt: 1201 }, new ApiError(400, 'Enter all bid details'))).toBe(
      'k2',
    );
    expect(await sent(tab.keys(), { bidamt: 1201 }, lost())).toBe('k3');
    expect(await sent(keys, { bidamt: 1300 })).toBe('k4');
  });

  it('rethrows what the request threw, and answers what it answered', async () => {
    const keys = counting().keys();
    const failure = lost();
    await expect(keys.send({ bidamt: 1201 }, () => Promise.reject(failure))).rejects.toBe(failure);
    await expect(keys.send({ bidamt: 1201 }, () => Promise.resolve('Bid Posted!'))).resolves.toBe(
      'Bid Posted!',
    );
  });

  it('still works in the page where the tab’s storage is refused', async () => {
    const keys = counting(refusingStorage()).keys();
    expect(await sent(keys, { bidamt: 1 }, lost())).toBe('k1');
    expect(await sent(keys, { bidamt: 1 })).toBe('k1');
  });
});

describe('a submission whose outcome is unknown', () => {
  it('is one whose answer was lost online, or one the server failed: it may have been applied', () => {
    expect(unconfirmed(new ApiError(0, ''))).toBe(true);
    expect(unconfirmed(new ApiError(503, 'Something went wrong. Please try again.'))).toBe(true);
    expect(unconfirmed(new ApiError(500, ''))).toBe(true);
  });

  it('is not one the api answered with a refusal', () => {
    expect(unconfirmed(new ApiError(400, 'Enter all bid details'))).toBe(false);
    expect(unconfirmed(new ApiError(409, 'Your earlier try is still being handled.'))).toBe(false);
    expect(unconfirmed(new Error('not an answer'))).toBe(false);
  });
});
