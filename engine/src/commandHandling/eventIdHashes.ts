import { smallHash } from '../shared/smallHash.ts';

/*
 * The ids of a stream's events as a process remembers them (streamStates.ts): a 30-bit hash of
 * each, not the id. A process remembers every event of the streams its commands touched, and on a
 * busy ad that is every bid: as strings, the ids were a string and a set entry the api's heap held
 * per bid, which each full collection marks while bids wait. Hashes that fit a small integer are
 * no object at all.
 *
 * An id absent from the hashes is surely not among the events. One present may be (a stream of n
 * events answers yes for a new id about n times in a billion): the caller confirms it by reading
 * the stream (`alreadyAppliedIn`), as it would for an id that is there.
 */
export class EventIdHashes {
  private readonly hashes = new Set<number>();

  add(eventId: string): void {
    this.hashes.add(smallHash(eventId));
  }

  /** False: no event of the stream has this id. True: one may have. */
  mayHold(eventId: string): boolean {
    return this.hashes.has(smallHash(eventId));
  }
}
