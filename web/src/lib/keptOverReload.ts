import { leftBehind } from './leftBehind.ts';
import {
  parseStoredJson,
  readTabItem,
  tabStorage,
  writeTabItem,
  type DraftStorage,
} from './tabStorage.ts';

/*
 * What a screen remembers of each history entry (where it was scrolled, how many pages of a list
 * were loaded) outlives a reload of the tab: kept in memory while the app runs, written to the
 * tab's sessionStorage as the page is left (`pagehide`), and read back only by a document that
 * was reloaded, or come back to by Back or Forward from another site. A page opened afresh
 * starts afresh, even on an entry with the same key (the first entry's is always 'default').
 */

/** Whether this document was loaded by a reload, or by Back/Forward into it. */
export function documentCameBack(): boolean {
  try {
    const [navigation] = performance.getEntriesByType(
      'navigation',
    ) as PerformanceNavigationTiming[];
    return navigation?.type === 'reload' || navigation?.type === 'back_forward';
  } catch {
    return false;
  }
}

/** The kept pairs stored under `storageKey`: only those whose value `isValue` takes. */
function storedPairs<T>(
  storageKey: string,
  isValue: (value: unknown) => value is T,
  store: DraftStorage | null,
): [string, T][] {
  const stored = parseStoredJson(readTabItem(storageKey, store));
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (pair): pair is [string, T] =>
      Array.isArray(pair) && pair.length === 2 && typeof pair[0] === 'string' && isValue(pair[1]),
  );
}

export type KeptOverReload<T> = {
  get(entry: string): T | undefined;
  /** Keeps `value` for `entry` (the latest `max` entries are kept), or forgets it for undefined. */
  keep(entry: string, value: T | undefined): void;
  /** Writes what is kept to the tab's storage (done as the page is left). */
  save(): void;
};

/**
 * `leftBehind`'s map of at most `max` history entries' values, kept over a reload under
 * `storageKey` in the tab's storage. `cameBack` and `store` are for tests; in the app the page's
 * own navigation and storage decide.
 */
export function keptOverReload<T>(
  storageKey: string,
  max: number,
  isValue: (value: unknown) => value is T,
  { cameBack = documentCameBack(), store = tabStorage() } = {},
): KeptOverReload<T> {
  const kept = leftBehind<T>(max, cameBack ? storedPairs(storageKey, isValue, store) : []);
  const save = () => writeTabItem(storageKey, JSON.stringify(kept.entries()), store);
  if (typeof window !== 'undefined') window.addEventListener('pagehide', save);
  return {
    get: kept.get,
    keep: (entry, value) => (value === undefined ? kept.forget(entry) : kept.keep(entry, value)),
    save,
  };
}

/** A stored number of pixels or pages. */
export const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;
