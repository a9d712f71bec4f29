import type { GlobalPosition } from '../eventStore/eventStore.ts';
import type { BidPhase, BidPlaced, BidType } from './ad.events.ts';

/** One bid as an ad's fold keeps it: BidPlaced's data, and the event's global position if known. */
export type BookedBid = BidPlaced['data'] & { readonly position: GlobalPosition | undefined };

/*
 * The bids of one ad in log order, packed: each bid is a row of numbers in one Float64Array, its
 * strings are indices into a table of the distinct strings the ad's bids hold, and only its id is
 * a string of its own. A process keeps every bid of the ads it remembers (streamStates.ts); as
 * objects — a bid, its position and its strings — they were most of the api's heap, and a full
 * collection marks every one of them while bids wait. Rows are not marked at all.
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
} as const;
type Column = (typeof Column)[keyof typeof Column];
const STRIDE = 12;
const HALF = 2n ** 32n;

/** Aliases that differ only in case or the spaces around them read as the same to bidders. */
const aliasKey = (alias: string): string => alias.trim().toLowerCase();

export class BidLog {
  private rows = new Float64Array(STRIDE * 8);
  private readonly bidIds: string[] = [];
  /** Bid id → index. */
  private readonly byId = new Map<string, number>();
  /** Bidder → indices of their bids, ascending. */
  private readonly byBidder = new Map<string, number[]>();
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
    return this.bidIds.length;
  }

  /** Adds `bid` after the last bid; returns its index. */
  push(bid: BookedBid): number {
    const index = this.bidIds.length;
    this.bidIds.push(bid.bidId);
    this.write(index, bid);
    this.byId.set(bid.bidId, index);
    const mine = this.byBidder.get(bid.bidderId);
    if (mine) mine.push(index);
    else this.byBidder.set(bid.bidderId, [index]);
    this.byPhase[bid.phase].push(index);
    const alias = aliasKey(bid.bidAlias);
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
    if (isoText(placedAtMs) === bid.placedAt) this.unusualPlacedAt.delete(index);
    else this.unusualPlacedAt.set(index, bid.placedAt);
  }

  /** The bid at `index`, as it was added. */
  bid(index: number): BookedBid {
    const row = index * STRIDE;
    const commitHigh = this.rows[row + Column.CommitHigh]!;
    return {
      adId: this.text(index, Column.AdId),
      bidId: this.bidIds[index]!,
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
    return this.bidIds[index]!;
  }
  amount(index: number): number {
    return this.rows[index * STRIDE + Column.Amount]!;
  }
  /** `Date.parse` of the bid's `placedAt`. */
  placedAtMs(index: number): number {
    return this.rows[index * STRIDE + Column.PlacedAtMs]!;
  }
  bidderId(index: number): string {
    return this.text(index, Column.BidderId);
  }
  type(index: number): BidType {
    return this.text(index, Column.Type) as BidType;
  }
  phase(index: number): BidPhase {
    return this.text(index, Column.Phase) as BidPhase;
  }

  indexOf(bidId: string): number | undefined {
    return this.byId.get(bidId);
  }
  /** The indices of the bidder's bids, ascending (do not change them). */
  indicesOfBidder(bidderId: string): readonly number[] {
    return this.byBidder.get(bidderId) ?? [];
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
      number = this.strings.push(value) - 1;
      this.stringIndex.set(value, number);
    }
    return number;
  }
}

const isoText = (ms: number): string | undefined =>
  Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;

const joined = (high: number, low: number): bigint => BigInt(high) * HALF + BigInt(low);
