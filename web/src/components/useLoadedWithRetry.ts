import { useCallback, useRef } from 'react';
import { useLoaded } from '../lib/useLoaded.ts';

/**
 * `useLoaded`, plus `retry()`: `reload()` as a promise settled once the load it started has
 * answered, for LoadFailure's Retry to show progress meanwhile (`reload` answers nothing).
 */
export function useLoadedWithRetry<T>(fetch: (signal?: AbortSignal) => Promise<T>) {
  const waiting = useRef<(() => void)[]>([]);
  const tracked = useCallback(
    async (signal?: AbortSignal) => {
      try {
        return await fetch(signal);
      } finally {
        for (const settle of waiting.current.splice(0)) settle();
      }
    },
    [fetch],
  );
  const loaded = useLoaded(tracked);
  const { reload } = loaded;
  const retry = useCallback(
    () =>
      new Promise<void>((settle) => {
        waiting.current.push(settle);
        reload();
      }),
    [reload],
  );
  return { ...loaded, retry };
}
