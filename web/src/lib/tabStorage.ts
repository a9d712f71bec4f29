/*
 * The tab's sessionStorage, where what a member is typing (a bid, a review) is kept until it is
 * sent: a reload or Back finds it there, another tab does not.
 */

/** The three calls the drafts use. */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The tab's storage, or null: private windows and locked-down browsers can refuse it. */
export function tabStorage(): DraftStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** `key`'s stored text, or null when there is none or the storage refuses to be read. */
export function readTabItem(key: string, store: DraftStorage | null = tabStorage()): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stored JSON text as a value; null when there is none or it is not JSON. For the drafts. */
export function parseStoredJson(text: string | null): unknown {
  try {
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

/**
 * Stores `value` under `key`, or removes the key for null. Quota or privacy mode refusing it
 * keeps nothing: what is typed still lives in its form.
 */
export function writeTabItem(
  key: string,
  value: string | null,
  store: DraftStorage | null = tabStorage(),
): void {
  try {
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Refused: nothing kept.
  }
}

/** A storage over a Map, for tests; `items` shows what is stored. */
export function memoryStorage(): DraftStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

/** A storage that refuses every call, as private windows and full quotas do, for tests. */
export function refusingStorage(): DraftStorage {
  const refuse = (): never => {
    throw new Error('SecurityError');
  };
  return { getItem: refuse, setItem: refuse, removeItem: refuse };
}
