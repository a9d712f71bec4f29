import {
  comparePositions,
  laterPosition,
  type GlobalPosition,
} from '@boli/engine/eventStore/eventStore';

/** Reads in a row that may look again soon for announced events, none of them finding any. */
export const LOOKS_SOON = 8;
/**
 * First wait before reading again for announced events not read yet (then doubled): ~0.4 s in all.
 * Longer than `sharedReads`' freshness, so the look again reaches the database.
 */
export const FIRST_LOOK_MS = 1.5;

export type HeardHints = {
  /** A hint came: appends up to `appended` committed (undefined: it did not say where). */
  hear(appended?: GlobalPosition): void;
  /**
   * Whether a worker that has read everything readable up to `checkpoint` should look again soon:
   * a hint announced events past it, or one that named no position came less than `LOOKS_SOON`
   * looks ago.
   */
  expecting(checkpoint: GlobalPosition): boolean;
  /**
   * The wait before the next look, counted as taken: soon while `expecting(checkpoint)`, twice as
   * long each time, for at most `LOOKS_SOON` looks in a row; undefined when the worker should
   * sleep until a hint or its idle poll.
   */
  nextLook(checkpoint: GlobalPosition): number | undefined;
  /** A hint woke the worker, or a read found events: the next look is again the first. */
  startOver(): void;
};

/**
 * What a build's worker has heard from the hints. A committed event it cannot read yet sits
 * behind a transaction that is still open (the store reads only below the oldest one): usually
 * another append or batch, done within a millisecond or two, whose end announces nothing if it
 * was not an append. So the worker looks again soon while an announced event is unread, and
 * otherwise sleeps until the next hint instead of reading the log again for nothing.
 */
export function heardHints(): HeardHints {
  let announced: GlobalPosition | undefined;
  let blindLooks = 0;
  let looks = 0;
  const expecting = (checkpoint: GlobalPosition) =>
    blindLooks > 0 || (announced !== undefined && comparePositions(checkpoint, announced) < 0);
  return {
    hear(appended) {
      if (appended === undefined) blindLooks = LOOKS_SOON;
      else announced = laterPosition(appended, announced);
    },
    expecting,
    nextLook(checkpoint) {
      if (looks >= LOOKS_SOON || !expecting(checkpoint)) return undefined;
      blindLooks = Math.max(0, blindLooks - 1);
      return lookAgainMs(looks++);
    },
    startOver() {
      looks = 0;
    },
  };
}

/** The wait before the `looks`-th look again (from 0) for announced events. */
export const lookAgainMs = (looks: number): number => FIRST_LOOK_MS * 2 ** looks;
