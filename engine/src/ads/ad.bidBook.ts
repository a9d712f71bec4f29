import type { GlobalPosition } from '../eventStore/eventStore.ts';
import { BID_PHASES, type BidPhase, type BidPlaced, type BidType } from './ad.events.ts';
import { BID_TYPES } from '../shared/limits.ts';

/*
 * An ad's bids in log order, as its fold keeps them: enough to recognise a retried bid and to
 * answer a bidder with the bid summary straight from the fold that decided the bid — the
 * counts, the highest bid of each phase and type, a bidder's own bids, the newest bids of each
 * phase — each in constant time, whatever the number of bids.
 *
 * A book is a value: `addBid` returns a new book and leaves the old one as it was. It is built
 * as a persistent append-only log: books share one array of bids and each sees its first
 * `length` of them, so adding to the newest book is a push, not a copy, and so is adding to an
 * older book the bid a newer one holds next. Only a fold that branches from a past state with
 * another bid (which the command handler does only when a planned append failed) copies.
 */

/** One bid as the book keeps it: BidPlaced's data, and the event's global position if known. */
export type BookedBid = BidPlaced['data'] & { readonly position: GlobalPosition | undefined };

type Shared = {
  readonly bids: BookedBid[];
  /** Bid id → index in `bids`. */
  readonly byId: Map<string, number>;
  /** Bidder → indices of their bids in `bids`, ascending. */
  readonly byBidder: Map<string, number[]>;
  /** Phase → indices of its bids in `bids`, ascending. */
  readonly byPhase: Record<BidPhase, number[]>;
  /** Alias (`aliasKey`) → index of the first bid under it: whose alias it is on this ad. */
  readonly byAlias: Map<string, number>;
};

type TopKey = `${BidPhase}:${BidType}`;

export type BidBook = {
  readonly shared: Shared;
  /** The bids this book holds: `shared.bids[0 … length-1]`. */
  readonly length: number;
  readonly beforeCount: number;
  readonly afterCount: number;
  /** Distinct bidders. */
  readonly bidders: number;
  /** Index of the highest bid of each phase and type (see `outranks`). */
  readonly tops: Readonly<Partial<Record<TopKey, number>>>;
};

const emptyShared = (): Shared => ({
  bids: [],
  byId: new Map(),
  byBidder: new Map(),
  byPhase: { beforeFinalCall: [], afterFinalCall: [] },
  byAlias: new Map(),
});

export const emptyBidBook = (): BidBook => ({
  shared: emptyShared(),
  length: 0,
  beforeCount: 0,
  afterCount: 0,
  bidders: 0,
  tops: {},
});

const topKey = (phase: BidPhase, type: BidType): TopKey => `${phase}:${type}`;

/**
 * Whether `bid` ranks above `best` as a highest bid: the higher amount; on a tie, the bid placed
 * first, then the one logged first — the order of the read model's `HIGHEST_FIRST`.
 */
export const outranks = (bid: BookedBid, best: BookedBid): boolean =>
  bid.amount > best.amount ||
  (bid.amount === best.amount && Date.parse(bid.placedAt) < Date.parse(best.placedAt));

/** How many of `indices` (ascending) are bids this book holds. */
function heldCount(book: BidBook, indices: readonly number[]): number {
  let end = indices.length;
  while (end > 0 && indices[end - 1]! >= book.length) end--;
  return end;
}

/** The bidder's bid indices that this book holds. */
function indicesOf(book: BidBook, bidderId: string): readonly number[] {
  const all = book.shared.byBidder.get(bidderId) ?? [];
  return all.slice(0, heldCount(book, all));
}

/** A shared log holding only this book's bids: for adding to a book that is not the newest. */
function ownCopy(book: BidBook): Shared {
  const shared = emptyShared();
  for (const bid of book.shared.bids.slice(0, book.length)) record(shared, bid);
  return shared;
}

/** `value`, as the one string of `values` it equals: not a copy parsed from JSON or a row. */
const literal = <T extends string>(values: readonly T[], value: T): T =>
  values.find((known) => known === value) ?? value;

/**
 * `bid` holding the strings the log already holds for the same values: the ad's id, the
 * bidder's id, username and alias as their last bid here had them, the type and the phase. Each
 * bid decided or read comes with its own copies, and a fold keeps every bid of the ads it
 * remembers: shared, a bid takes a quarter less of the heap.
 */
function sharingStrings(shared: Shared, bid: BookedBid): BookedBid {
  const first = shared.bids[0];
  const theirs = shared.byBidder.get(bid.bidderId);
  const last = theirs === undefined ? undefined : shared.bids[theirs[theirs.length - 1]!];
  const same = (known: string | undefined, value: string) => (known === value ? known : value);
  return {
    ...bid,
    adId: same(first?.adId, bid.adId),
    bidderId: last?.bidderId ?? bid.bidderId,
    username: same(last?.username, bid.username),
    bidAlias: same(last?.bidAlias, bid.bidAlias),
    type: literal(BID_TYPES, bid.type),
    phase: literal(BID_PHASES, bid.phase),
  };
}

function record(shared: Shared, bid: BookedBid): number {
  const index = shared.bids.push(sharingStrings(shared, bid)) - 1;
  shared.byId.set(bid.bidId, index);
  const mine = shared.byBidder.get(bid.bidderId);
  if (mine) mine.push(index);
  else shared.byBidder.set(bid.bidderId, [index]);
  shared.byPhase[bid.phase].push(index);
  const alias = aliasKey(bid.bidAlias);
  if (!shared.byAlias.has(alias)) shared.byAlias.set(alias, index);
  return index;
}

/** Aliases that differ only in case or the spaces around them read as the same to bidders. */
const aliasKey = (alias: string): string => alias.trim().toLowerCase();

/**
 * Whether `alias` is another bidder's on this ad: the first to bid under an alias holds it there,
 * so no one else's bid can pass for theirs (or take the highest bid in their name).
 */
export function aliasHeldByAnother(book: BidBook, alias: string, bidderId: string): boolean {
  const first = book.shared.byAlias.get(aliasKey(alias));
  return (
    first !== undefined && first < book.length && book.shared.bids[first]!.bidderId !== bidderId
  );
}

/** The same BidPlaced: its indices in a shared log hold for either. */
const sameBid = (a: BookedBid | undefined, b: BookedBid): boolean =>
  a !== undefined && a.bidId === b.bidId && a.bidderId === b.bidderId && a.phase === b.phase;

export const hasBid = (book: BidBook, bidId: string): boolean =>
  (book.shared.byId.get(bidId) ?? Infinity) < book.length;

/** The book with `bid` added (a bid already in it leaves it as it is). */
export function addBid(book: BidBook, bid: BookedBid): BidBook {
  if (hasBid(book, bid.bidId)) return book;
  const known = book.shared.byBidder.get(bid.bidderId);
  const newBidder = known === undefined || heldCount(book, known) === 0;
  let shared = book.shared;
  let index: number;
  const next = shared.bids[book.length];
  if (book.length === shared.bids.length) index = record(shared, bid);
  else if (sameBid(next, bid)) {
    // A newer book took this very bid next (a command handler folds a decision it planned
    // again, now with the bid's position): follow it rather than copy, knowing what this knows.
    index = book.length;
    shared.bids[index] = sharingStrings(shared, bid);
  } else {
    shared = ownCopy(book);
    index = record(shared, bid);
  }
  const key = topKey(bid.phase, bid.type);
  const top = book.tops[key];
  return {
    shared,
    length: book.length + 1,
    beforeCount: book.beforeCount + (bid.phase === 'beforeFinalCall' ? 1 : 0),
    afterCount: book.afterCount + (bid.phase === 'afterFinalCall' ? 1 : 0),
    bidders: book.bidders + (newBidder ? 1 : 0),
    tops:
      top === undefined || outranks(bid, shared.bids[top]!)
        ? { ...book.tops, [key]: index }
        : book.tops,
  };
}

/** The highest bid of a phase and type, if any. */
export function highestBid(book: BidBook, phase: BidPhase, type: BidType): BookedBid | undefined {
  const index = book.tops[topKey(phase, type)];
  return index === undefined ? undefined : book.shared.bids[index];
}

/** A bidder's own bids, oldest first. */
export const bidsOf = (book: BidBook, bidderId: string): BookedBid[] =>
  indicesOf(book, bidderId).map((index) => book.shared.bids[index]!);

/** The newest bids of a phase (in log order), newest first, at most `limit`. */
export function newestBids(book: BidBook, phase: BidPhase, limit: number): BookedBid[] {
  const indices = book.shared.byPhase[phase];
  const end = heldCount(book, indices);
  return indices
    .slice(Math.max(0, end - limit), end)
    .reverse()
    .map((index) => book.shared.bids[index]!);
}

/** `bids` (of this book) in the order they were logged. */
export const logOrder = (book: BidBook, bids: readonly BookedBid[]): BookedBid[] =>
  [...bids].sort((a, b) => book.shared.byId.get(a.bidId)! - book.shared.byId.get(b.bidId)!);
