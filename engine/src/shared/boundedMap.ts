/**
 * Sets `key` in `map`, a cache of at most `max` entries that forgets its oldest first: a Map
 * iterates in the order keys were first added, so the first key is the oldest. A caller that
 * wants an entry used again to count as new deletes it before setting it.
 */
export function setKeepingAtMost<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value as K);
}
