import type { GlobalPosition } from '../eventStore/eventStore.ts';
import { smallHash } from '../shared/smallHash.ts';
import { setKeepingAtMost } from '../shared/boundedMap.ts';
import { nameSkeleton, spacedAsShown } from '../shared/characters.ts';
import type { BidPhase, BidPlaced, BidType } from './ad.events.ts';

/** One bid as an ad's fold keeps it: BidPlaced's data, and the event's global position if known. */
export type BookedBid = BidPlaced['data'] & { readonly position: GlobalPosition | undefined };

/*
 * The bids of one ad in log order, packed: each bid is a row of numbers in one Float64Array, its
 * strings are indices into a table of the distinct strings the ad's bids hold, and its id is a
 * slice of a string that holds the ids of 64 bids. A process keeps every bid of the ads it
 * remembers (streamStates.ts); as objects — a bid, its position and its strings, its id, the
 * list of its bidder's bids — they were most of the api's heap, and a full collection marks every
 * one of them, its marking threads taking a core from PostgreSQL while bids wait. Rows are not
 * marked at all.
 *
 * A log is mutable and only grows; `BidBook` (ad.bidBook.ts) makes values of it.
 */

/** A row's columns. Positions are pairs of 64-bit integers: each is kept as two 32-bit halves. */
const Column = {
  Amount: 0,
  PlacedAtMs: 1,
  CommitHigh: 2,
  CommitLow: 3,
  PrepareHigh: 4,
  PrepareLow: 5,
  AdId: 6,
  BidderId: 7,
  Username: 8,
  BidAlias: 9,
  Type: 10,
  Phase: 11,
  /** Where the bid's id starts in its chunk of ids, and its length. */
  IdStart: 12,
  IdLength: 13,
  /** The index of the same bidder's bid before this one, or -1. */
  PreviousOfBidder: 14,
  /** How many times the row was written (`write`): a view made of the bid is of this revision. */
  Revision: 15,
} as const;
type Column = (typeof Column)[keyof typeof Column];
const STRIDE = 16;
/** Bids whose ids are joined into one string. */
const IDS_PER_CHUNK = 64;
const HALF = 2n ** 32n;

/**
 * How many distinct strings of bids (bidders' ids, usernames, aliases) the logs of every ad share:
 * each log's table of strings holds them, and a bidder who bid on 1,000 ads was 1,000 copies of
 * each of their strings, one per log, for every full collection to mark. Beyond these, a string is
 * only not shared (the first kept is the first forgotten).
 */
const SHARED_STRINGS_KEPT = 100_000;
const sharedStrings = new Map<string, string>();

/** The one copy of `text` the logs share. */
function sharedCopy(text: string): string {
  const kept = sharedStrings.get(text);
  if (kept !== undefined) return kept;
  setKeepingAtMost(sharedStrings, text, text, SHARED_STRINGS_KEPT);
  return text;
}

/**
 * Aliases that differ only in case, the spaces around and within them ('bl  ue', 'bl ue': a page
 * draws a run of spaces as one), characters nobody sees (a zero-width space, a full-width letter)
 * or letters drawn alike ('owIet', 'owlet') read as the same to bidders (`nameSkeleton`).
 */
const aliasKey = (alias: string): string => spacedAsShown(nameSkeleton(alias));

let logsMade = 0;

export class BidLog {
  /** Unique to this log in the process: with an index and its `revision`, names a bid as written. */
  readonly id = ++logsMade;
  private rows = new Float64Array(STRIDE * 8);
  private count = 0;
  /** The ids of every 64 bids joined, in log order; then the ids of the bids since. */
  private readonly idChunks: string[] = [];
  private idsSinceChunk: string[] = [];
  /** `smallHash` of a bid id → the index of the first bid with that hash. */
  private readonly byIdHash = new Map<number, number>();
  /** Bid id → index, for the ids whose hash an earlier bid's id has too. */
  private readonly byIdSharingHash = new Map<string, number>();
  /** Bidder → index of their last bid (rows link each to the one before: PreviousOfBidder). */
  private readonly lastOfBidder = new Map<string, number>();
  /** Phase → indices of its bids, ascending. */
  private readonly byPhase: Record<BidPhase, number[]> = {
    beforeFinalCall: [],
    afterFinalCall: [],
  };
  /** Alias (`aliasKey`) → index of the first bid under it: whose alias it is on this ad. */
  private readonly byAlias = new Map<string, number>();
  /** The distinct strings of the bids' rows (ad, bidder, username, alias, type, phase). */
  private readonly strings: string[] = [];
  private readonly stringIndex = new Map<string, number>();
  /** `placedAt` of the bids whose text is not `toISOString` of its instant, by index. */
  private readonly unusualPlacedAt = new Map<number, string>();

  get length(): number {
    return this.count;
  }

  /** Adds `bid` after the last bid; returns its index. */
  push(bid: BookedBid): number {
    const index = this.count++;
    this.write(index, bid);
    const row = index * STRIDE;
    const previous = row - STRIDE;
    this.rows[row + Column.IdStart] =
      index % IDS_PER_CHUNK === 0
        ? 0
        : this.rows[previous + Column.IdStart]! + this.rows[previous + Column.IdLength]!;
    this.rows[row + Column.IdLength] = bid.bidId.length;
    this.idsSinceChunk.push(bid.bidId);
    if (this.idsSinceChunk.length === IDS_PER_CHUNK) {
      this.idChunks.push(this.idsSinceChunk.join(''));
      this.idsSinceChunk = [];
    }
    const hash = smallHash(bid.bidId);
    if (this.byIdHash.has(hash)) this.byIdSharingHash.set(bid.bidId, index);
    else this.byIdHash.set(hash, index);
    // Keyed by the shared copy of the id (`sharedCopy`), not the bid's own.
    const bidderId = this.bidderId(index);
    this.rows[row + Column.PreviousOfBidder] = this.lastOfBidder.get(bidderId) ?? -1;
    this.lastOfBidder.set(bidderId, index);
    this.byPhase[bid.phase].push(index);
    const alias = sharedCopy(aliasKey(bid.bidAlias));
    if (!this.byAlias.has(alias)) this.byAlias.set(alias, index);
    return index;
  }

  /**
   * Writes the row of the bid at `index` (the same bid, its id, bidder and phase unchanged: a
   * decision planned without its position, then folded with it).
   */
  write(index: number, bid: BookedBid): void {
    if (this.rows.length < (index + 1) * STRIDE) {
      const grown = new Float64Array(this.rows.length * 2);
      grown.set(this.rows);
      this.rows = grown;
    }
    const row = index * STRIDE;
    const placedAtMs = Date.parse(bid.placedAt);
    const { position } = bid;
    this.rows.set(
      [
        bid.amount,
        placedAtMs,
        position ? Number(position.commit / HALF) : NaN,
        position ? Number(position.commit % HALF) : NaN,
        position ? Number(position.prepare / HALF) : NaN,
        position ? Number(position.prepare % HALF) : NaN,
        this.stringNumber(bid.adId),
        this.stringNumber(bid.bidderId),
        this.stringNumber(bid.username),
        this.stringNumber(bid.bidAlias),
        this.stringNumber(bid.type),
        this.stringNumber(bid.phase),
      ],
      row,
    );
    this.rows[row + Column.Revision]! += 1;
    if (isoText(placedAtMs) === bid.placedAt) this.unusualPlacedAt.delete(index);
    else this.unusualPlacedAt.set(index, bid.placedAt);
  }

  /** The bid at `index`, as it was added. */
  bid(index: number): BookedBid {
    const row = index * STRIDE;
    const commitHigh = this.rows[row + Column.CommitHigh]!;
    return {
      adId: this.text(index, Column.AdId),
      bidId: this.bidId(index),
      bidderId: this.bidderId(index),
      username: this.text(index, Column.Username),
      bidAlias: this.text(index, Column.BidAlias),
      amount: this.amount(index),
      type: this.type(index),
      phase: this.phase(index),
      // Not unusual: its instant's `toISOString`, which a finite instant has.
      placedAt: this.unusualPlacedAt.get(index) ?? new Date(this.placedAtMs(index)).toISOString(),
      position: Number.isNaN(commitHigh)
        ? undefined
        : {
            commit: joined(commitHigh, this.rows[row + Column.CommitLow]!),
            prepare: joined(
              this.rows[row + Column.PrepareHigh]!,
              this.rows[row + Column.PrepareLow]!,
            ),
          },
    };
  }

  bidId(index: number): string {
    const chunk = Math.floor(index / IDS_PER_CHUNK);
    if (chunk === this.idChunks.length) return this.idsSinceChunk[index % IDS_PER_CHUNK]!;
    const row = index * STRIDE;
    const start = this.rows[row + Column.IdStart]!;
    return this.idChunks[chunk]!.slice(start, start + this.rows[row + Column.IdLength]!);
  }
  amount(index: number): number {
    return this.rows[index * STRIDE + Column.Amount]!;
  }
  /** How many times the bid at `index` was written: 1, then 2 once folded with its position. */
  revision(index: number): number {
    return this.rows[index * STRIDE + Column.Revision]!;
  }
  /** `Date.parse` of the bid's `placedAt`. */
  placedAtMs(index: number): number {
    return this.rows[index * STRIDE + Column.PlacedAtMs]!;
  }
  bidderId(index: number): string {
    return this.text(index, Column.BidderId);
  }
  bidAlias(index: number): string {
    return this.text(index, Column.BidAlias);
  }
  type(index: number): BidType {
    return this.text(index, Column.Type) as BidType;
  }
  phase(index: number): BidPhase {
    return this.text(index, Column.Phase) as BidPhase;
  }

  indexOf(bidId: string): number | undefined {
    const index = this.byIdHash.get(smallHash(bidId));
    if (index !== undefined && this.bidId(index) === bidId) return index;
    return this.byIdSharingHash.get(bidId);
  }
  /** The index of the bidder's newest bid among the log's first `length`, if any. */
  lastOfBidderWithin(bidderId: string, length: number): number | undefined {
    let index = this.lastOfBidder.get(bidderId) ?? -1;
    while (index >= length) index = this.rows[index * STRIDE + Column.PreviousOfBidder]!;
    return index === -1 ? undefined : index;
  }
  /** The indices of the bidder's bids, ascending. */
  indicesOfBidder(bidderId: string): readonly number[] {
    const indices: number[] = [];
    for (
      let index = this.lastOfBidder.get(bidderId) ?? -1;
      index !== -1;
      index = this.rows[index * STRIDE + Column.PreviousOfBidder]!
    ) {
      indices.push(index);
    }
    return indices.reverse();
  }
  /** The indices of the phase's bids, ascending (do not change them). */
  indicesOfPhase(phase: BidPhase): readonly number[] {
    return this.byPhase[phase];
  }
  /** The index of the first bid under `alias` (as bidders read it), if any. */
  firstUnderAlias(alias: string): number | undefined {
    return this.byAlias.get(aliasKey(alias));
  }

  private text(index: number, column: Column): string {
    return this.strings[this.rows[index * STRIDE + column]!]!;
  }

  private stringNumber(value: string): number {
    let number = this.stringIndex.get(value);
    if (number === undefined) {
      const copy = sharedCopy(value);
      number = this.strings.push(copy) - 1;
      this.stringIndex.set(copy, number);
    }
    return number;
  }
}

const isoText = (ms: number): string | undefined =>
  Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;

const joined = (high: number, low: number): bigint => BigInt(high) * HALF + BigInt(low);
