import { describe, expect, it } from 'vitest';
import type { GlobalPosition } from '@boli/engine/eventStore/eventStore';
import { FIRST_LOOK_MS, heardHints, lookAgainMs, LOOKS_SOON } from './heardHints.ts';

const at = (commit: number, prepare = 1): GlobalPosition => ({
  commit: BigInt(commit),
  prepare: BigInt(prepare),
});

describe('what a worker has heard from the hints', () => {
  it('expects nothing before any hint', () => {
    expect(heardHints().expecting(at(0, 0))).toBe(false);
  });

  it('expects events up to the position a hint announced, and nothing once read past it', () => {
    const heard = heardHints();
    heard.hear(at(10, 4));
    expect(heard.expecting(at(9, 9))).toBe(true);
    expect(heard.expecting(at(10, 3))).toBe(true);
    expect(heard.expecting(at(10, 4))).toBe(false);
    expect(heard.expecting(at(12))).toBe(false);
  });

  it('keeps the latest position announced: an earlier hint arriving late does not lower it', () => {
    const heard = heardHints();
    heard.hear(at(20));
    heard.hear(at(15));
    expect(heard.expecting(at(15))).toBe(true);
    expect(heard.expecting(at(20))).toBe(false);
  });

  it('expects something after a hint without a position, for LOOKS_SOON looks', () => {
    const heard = heardHints();
    heard.hear(at(5));
    heard.hear();
    for (let look = 0; look < LOOKS_SOON; look++) {
      expect(heard.expecting(at(5))).toBe(true);
      expect(heard.nextLook(at(5))).toBeDefined();
      heard.startOver();
    }
    expect(heard.expecting(at(5))).toBe(false);
    expect(heard.nextLook(at(5))).toBeUndefined();
    heard.hear();
    expect(heard.expecting(at(5))).toBe(true);
  });

  it('looks again soon for an announced event, twice as long each time, LOOKS_SOON times in a row', () => {
    const heard = heardHints();
    heard.hear(at(7));
    const waits = Array.from({ length: LOOKS_SOON + 1 }, () => heard.nextLook(at(6)));
    expect(waits).toEqual([
      ...Array.from({ length: LOOKS_SOON }, (_, look) => FIRST_LOOK_MS * 2 ** look),
      undefined,
    ]);
    expect(heard.expecting(at(6))).toBe(true);
  });

  it('starts the looks over after a wake-up or a read that found events', () => {
    const heard = heardHints();
    heard.hear(at(7));
    for (let look = 0; look < LOOKS_SOON; look++) heard.nextLook(at(6));
    heard.startOver();
    expect(heard.nextLook(at(6))).toBe(FIRST_LOOK_MS);
  });

  it('sleeps, rather than looking soon, when nothing announced is unread', () => {
    const heard = heardHints();
    expect(heard.nextLook(at(3))).toBeUndefined();
    heard.hear(at(3));
    expect(heard.nextLook(at(3))).toBeUndefined();
  });

  it('waits twice as long before each look again', () => {
    expect([0, 1, 2, LOOKS_SOON - 1].map(lookAgainMs)).toEqual([
      FIRST_LOOK_MS,
      2 * FIRST_LOOK_MS,
      4 * FIRST_LOOK_MS,
      FIRST_LOOK_MS * 2 ** (LOOKS_SOON - 1),
    ]);
  });
});
