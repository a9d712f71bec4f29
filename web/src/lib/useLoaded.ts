import { useCallback, useEffect, useState } from 'react';
import { messageOf } from '../app/api/client.ts';
import { loadFailureOf, type LoadFailureReason } from '../components/LoadFailure.tsx';

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
        setFailure(messageOf(error));
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

/**
 * What `load` answers, asked afresh whenever `load` changes (give it a useCallback). Unlike
 * useLoaded nothing is kept meanwhile: `data` and `failure` are both null while asking, so a
 * screen never shows one ad's (or one moment's) answer under another's address. `again` asks
 * again the same way (the latest state, when the address has not changed); `retry` is it, only
 * after a failure that may pass.
 */
export function useLoadedAfresh<T>(load: () => Promise<T>): {
  data: T | null;
  failure: LoadFailureReason | null;
  retry: (() => void) | undefined;
  again: () => void;
} {
  // Each outcome with the `load` it came from: in the render where `load` changes, before the
  // effect below empties them, the last address's answer is not this one's.
  const [data, setData] = useState<{ from: () => Promise<T>; answer: T } | null>(null);
  const [failure, setFailure] = useState<{
    from: () => Promise<T>;
    reason: LoadFailureReason;
  } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setData(null);
    setFailure(null);
    load().then(
      (answer) => live && setData({ from: load, answer }),
      (error: unknown) => live && setFailure({ from: load, reason: loadFailureOf(error) }),
    );
    return () => {
      live = false;
    };
  }, [load, attempt]);

  const again = useCallback(() => setAttempt((n) => n + 1), []);
  const failed = failure?.from === load ? failure.reason : null;
  return {
    data: data?.from === load ? data.answer : null,
    failure: failed,
    retry: failed && !failed.final ? again : undefined,
    again,
  };
}
