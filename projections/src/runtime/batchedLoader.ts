/*
 * Reads asked for in one event-loop turn go to PostgreSQL as one statement: under load, the
 * requests a process handles at once share one round trip instead of each paying its own (on the
 * bidding bench a round trip cost more of the machine in waking PostgreSQL and the process than
 * in running the statement). Idle, a read waits no longer than the end of the current turn.
 */

export type BatchedLoader<K, V> = (key: K) => Promise<V | undefined>;

/**
 * A loader whose keys requested in one turn are loaded together by `loadMany` (each distinct key
 * once). A failed batch fails each of its callers.
 */
export function batchedLoader<K, V>(
  loadMany: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>,
): BatchedLoader<K, V> {
  let pending = new Map<
    K,
    { resolve(value: V | undefined): void; reject(error: unknown): void }[]
  >();

  function flush(): void {
    const batch = pending;
    pending = new Map();
    loadMany([...batch.keys()]).then(
      (found) => {
        for (const [key, waiting] of batch) for (const w of waiting) w.resolve(found.get(key));
      },
      (error: unknown) => {
        for (const waiting of batch.values()) for (const w of waiting) w.reject(error);
      },
    );
  }

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      if (pending.size === 0) setImmediate(flush);
      const waiting = pending.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else pending.set(key, [{ resolve, reject }]);
    });
}
