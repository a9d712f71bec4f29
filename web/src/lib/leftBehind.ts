import { useLocation } from 'react-router-dom';
import { setKeepingAtMost } from '@boli/engine/shared/boundedMap';

/**
 * What screens left behind, by history entry: Back or Forward to an entry shows it as it was
 * (and ScrollRestoration has it to scroll onto) before it is read again. Only the latest `max`
 * entries are kept, the last kept counting as the latest; a reload starts afresh, unless they are
 * kept over it (`keptOverReload`, which starts from the `stored` entries).
 */
export function leftBehind<T>(max: number, stored: Iterable<readonly [string, T]> = []) {
  const kept = new Map<string, T>(stored);
  return {
    get: (entry: string): T | undefined => kept.get(entry),
    has: (entry: string): boolean => kept.has(entry),
    keep(entry: string, value: T): void {
      kept.delete(entry);
      setKeepingAtMost(kept, entry, value, max);
    },
    forget: (entry: string): void => void kept.delete(entry),
    /** The entries kept, the oldest first. */
    entries: (): [string, T][] => [...kept],
  };
}

/** The history entry a screen shows `what` in (a list, a member): the key for `leftBehind`. */
export function useHistoryEntry(what: string): string {
  return `${useLocation().key}|${what}`;
}
