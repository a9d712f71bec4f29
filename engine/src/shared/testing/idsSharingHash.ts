import { smallHash } from '../smallHash.ts';

/**
 * Two ids of the shape `idOf` makes that share one `smallHash`, found by trying `idOf(0)`,
 * `idOf(1)` … until a hash repeats: for tests that the keepers of hashes (`EventIdHashes`,
 * `BidLog`) tell such ids apart.
 */
export function idsSharingHash(idOf: (n: number) => string): [string, string] {
  const byHash = new Map<number, string>();
  for (let n = 0; ; n++) {
    const id = idOf(n);
    const other = byHash.get(smallHash(id));
    if (other !== undefined) return [other, id];
    byHash.set(smallHash(id), id);
  }
}
