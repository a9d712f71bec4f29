import { useCallback, useEffect, useState } from 'react';
import { MESSAGES } from '@boli/engine/shared/messages';
import { ApiError } from '../app/api/client.ts';

/**
 * What `fetch` answers, asked on mount and again whenever `fetch` changes (give it a useCallback),
 * with the message of the last failure. `reload()` asks again, keeping what is shown meanwhile;
 * `retry()` does the same and settles once the answer is in (LoadFailure's Retry shows progress
 * meanwhile). An answer that comes after the screen moved on (an aborted call) is dropped.
 */
export function useLoaded<T>(fetch: (signal?: AbortSignal) => Promise<T>) {
  const [data, setData] = useState<T | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const loaded = await fetch(signal);
        if (signal?.aborted) return;
        setFailure(null);
        setData(loaded);
      } catch (error) {
        if (signal?.aborted) return;
        setFailure(error instanceof ApiError ? error.message : MESSAGES.generic);
      }
    },
    [fetch],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const reload = useCallback(() => void load(), [load]);
  const retry = useCallback(() => load(), [load]);
  return { data, failure, reload, retry };
}
