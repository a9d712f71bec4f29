import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { smallHash } from '../shared/smallHash.ts';
import { EventIdHashes } from './eventIdHashes.ts';

it('holds every id added', () => {
  fc.assert(
    fc.property(fc.array(fc.string(), { maxLength: 50 }), (ids) => {
      const hashes = new EventIdHashes();
      ids.forEach((id) => hashes.add(id));
      expect(ids.every((id) => hashes.mayHold(id))).toBe(true);
    }),
  );
});

it('hashes to a small integer, and says no for nearly every id not added', () => {
  const hashes = new EventIdHashes();
  for (let n = 0; n < 10_000; n++) hashes.add(randomUUID());
  let yes = 0;
  for (let n = 0; n < 10_000; n++) if (hashes.mayHold(randomUUID())) yes++;
  // About 10,000 × 10,000 / 2^30 ≈ 0.1 expected.
  expect(yes).toBeLessThanOrEqual(3);
  const hash = smallHash(randomUUID());
  expect(Number.isInteger(hash) && hash >= 0 && hash < 2 ** 30).toBe(true);
});
