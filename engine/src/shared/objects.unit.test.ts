import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { withAdded } from './objects.ts';

setFlagsFromString('--allow-natives-syntax');
// Parsed only when called, after the flag is set.
const sameHiddenClass = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
  a: object,
  b: object,
) => boolean;

describe('withAdded', () => {
  it('is the spread: the added keys after the object’s own, a key given again replaced', () => {
    const source = { bidId: 'b1', amount: 5, position: 'old' };
    const made = withAdded(source, { position: 'new', eventId: 'e1' });
    expect(made).toEqual({ bidId: 'b1', amount: 5, position: 'new', eventId: 'e1' });
    expect(Object.keys(made)).toEqual(['bidId', 'amount', 'position', 'eventId']);
    expect(source).toEqual({ bidId: 'b1', amount: 5, position: 'old' });
  });

  it('gives objects built alike one hidden class', () => {
    const made = Array.from({ length: 50 }, (_, i) =>
      withAdded({ bidId: `b${i}`, amount: 3_000_000_000 + i }, { position: { commit: BigInt(i) } }),
    );
    expect(made.every((object) => sameHiddenClass(object, made[0]!))).toBe(true);
  });
});
