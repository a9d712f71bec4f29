/**
 * FNV-1a over a string's UTF-16 code units, cut to 30 bits: a small integer (a Smi in V8), which
 * a Set or a Map holds without an object of its own. For keeping many ids in a process without
 * keeping the strings (eventIdHashes.ts, ad.bidLog.ts); two ids may share a hash, so a hit is
 * always confirmed.
 */
export function smallHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash & 0x3fffffff;
}
