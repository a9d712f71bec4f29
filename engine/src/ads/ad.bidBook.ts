import type { BidPhase, BidType } from './ad.events.ts';
import { BidLog, type BookedBid } from './ad.bidLog.ts';

export type { BookedBid } from './ad.bidLog.ts';

/*
 * An ad's bids in log order, as its fold keeps them: enough to recognise a retried bid and to
 * answer a bidder with the bid summary straight from the fold that decided the bid — the
 * counts, the highest bid of each phase and type, a bidder's own bids, the newest bids of each
 * phase — each in constant time, whatever the number of bids (a bidder's own: in the time of
 * their number).
 *
 * A book is a value: `addBid` returns a new book and leaves the old one as it was. It is built
 * as a persistent append-only log: books share one log of packed bids (ad.bidLog.ts) and each
 * sees its first `length` of them, so adding to the newest book is a push, not a copy, and so
 * is adding to an older book the bid a newer one holds next. Only a fold that branches from a past state with
 * another bid (which the command handler does only when a planned append failed) copies.
 */

type TopKey = `${BidPhase}:${BidType}`;

export type BidBook = {
  /** The log this book is a prefix of, shared with the books it was made from and into. */
  readonly shared: BidLog;
  /** The bids this book holds: the log's first `length`. */
  readonly length: number;
  readonly beforeCount: number;
  readonly afterCount: number;
  /** Distinct bidders. */
  readonly bidders: number;
  /** Index of the highest bid of each phase and type (see `outranks`). */
  readonly tops: Readonly<Partial<Record<TopKey, number>>>;
};

export const emptyBidBook = (): BidBook => ({
  shared: new BidLog(),
  length: 0,
  beforeCount: 0,
  afterCount: 0,
  bidders: 0,
  tops: {},
});

const topKey = (phase: BidPhase, type: BidType): TopKey => `${phase}:${type}`;

/**
 * Whether the log's bid at `index` ranks above the one at `best` as a highest bid: the higher
 * amount; on a tie, the bid placed first, then the one logged first — the order of the read
 * model's `HIGHEST_FIRST`.
 */
const outranks = (log: BidLog, index: number, best: number): boolean =>
  log.amount(index) > log.amount(best) ||
  (log.amount(index) === log.amount(best) && log.placedAtMs(index) < log.placedAtMs(best));

/** How many of `indices` (ascending) are bids this book holds. */
function heldCount(book: BidBook, indices: readonly number[]): number {
  let end = indices.length;
  while (end > 0 && indices[end - 1]! >= book.length) end--;
  return end;
}

/** The bidder's bid indices that this book holds. */
function indicesOf(book: BidBook, bidderId: string): readonly number[] {
  const all = book.shared.indicesOfBidder(bidderId);
  return all.slice(0, heldCount(book, all));
}

/** A log holding only this book's bids: for adding to a book that is not the newest. */
function ownCopy(book: BidBook): BidLog {
  const log = new BidLog();
  for (let index = 0; index < book.length; index++) log.push(book.shared.bid(index));
  return log;
}

/** The bidder who first bid under `alias` among this book's bids (as aliases are told apart). */
function aliasHolder(book: BidBook, alias: string): string | undefined {
  const first = book.shared.firstUnderAlias(alias);
  return first !== undefined && first < book.length ? book.shared.bidderId(first) : undefined;
}

/**
 * Whether `alias` is another bidder's on this ad: the first to bid under an alias holds it there,
 * so no one else's bid can pass for theirs (or take the highest bid in their name).
 */
export function aliasHeldByAnother(book: BidBook, alias: string, bidderId: string): boolean {
  const holder = aliasHolder(book, alias);
  return holder !== undefined && holder !== bidderId;
}

/**
 * The alias a bidder bid under on this ad (their first bid's), when `alias` is not one of theirs
 * there (as aliases are told apart: whatever the case or look-alike letters); undefined before
 * their first bid, or for an alias of theirs. A member is one bidder to the others: bidding under
 * several aliases would look like competition that is not there. A bid under their own alias is
 * answered without reading their bids.
 */
export function aliasChangedFrom(
  book: BidBook,
  alias: string,
  bidderId: string,
): string | undefined {
  if (aliasHolder(book, alias) === bidderId) return undefined;
  return aliasOnAd(book, bidderId);
}

/** The alias a bidder bid under on this ad: their first bid's; undefined before it. */
export function aliasOnAd(book: BidBook, bidderId: string): string | undefined {
  const [own] = indicesOf(book, bidderId);
  return own === undefined ? undefined : book.shared.bidAlias(own);
}

/** Whether the log's bid at `index` is the same BidPlaced as `bid`: its indices hold for either. */
const sameBidAt = (log: BidLog, index: number, bid: BookedBid): boolean =>
  index < log.length &&
  log.bidId(index) === bid.bidId &&
  log.bidderId(index) === bid.bidderId &&
  log.phase(index) === bid.phase;

export const hasBid = (book: BidBook, bidId: string): boolean =>
  (book.shared.indexOf(bidId) ?? Infinity) < book.length;

/**
 * Whether `bid` is its bidder's newest bid here again: the same amount and type, in the same
 * phase. That is the one bid sent twice — Bid pressed in two tabs at once, or a request resent
 * without its Idempotency-Key — not a new one: it does not raise their bid, and a second row
 * would show bidding that was not there.
 */
export function repeatsOwnLastBid(
  book: BidBook,
  bid: Pick<BookedBid, 'bidderId' | 'amount' | 'type' | 'phase'>,
): boolean {
  const log = book.shared;
  const last = log.lastOfBidderWithin(bid.bidderId, book.length);
  return (
    last !== undefined &&
    log.amount(last) === bid.amount &&
    log.type(last) === bid.type &&
    log.phase(last) === bid.phase
  );
}

/** The book with `bid` added (a bid already in it leaves it as it is). */
export function addBid(book: BidBook, bid: BookedBid): BidBook {
  if (hasBid(book, bid.bidId)) return book;
  const newBidder = indicesOf(book, bid.bidderId).length === 0;
  let shared = book.shared;
  let index: number;
  if (book.length === shared.length) index = shared.push(bid);
  else if (sameBidAt(shared, book.length, bid)) {
    // A newer book took this very bid next (a command handler folds a decision it planned
    // again, now with the bid's position): follow it rather than copy, knowing what this knows.
    index = book.length;
    shared.write(index, bid);
  } else {
    shared = ownCopy(book);
    index = shared.push(bid);
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
      top === undefined || outranks(shared, index, top)
        ? { ...book.tops, [key]: index }
        : book.tops,
  };
}

/** The highest bid of a phase and type, if any. */
export function highestBid(book: BidBook, phase: BidPhase, type: BidType): BookedBid | undefined {
  const index = book.tops[topKey(phase, type)];
  return index === undefined ? undefined : book.shared.bid(index);
}

/** What a bidder placed in each phase: how many bids, and their highest Hidden bid. */
export type OwnBids = Record<
  BidPhase,
  { readonly count: number; readonly highestHidden: BookedBid | undefined }
>;

/** The bidder's counts and highest Hidden bids, read off the log without unpacking each bid. */
export function ownBids(book: BidBook, bidderId: string): OwnBids {
  const log = book.shared;
  const count = { beforeFinalCall: 0, afterFinalCall: 0 };
  const top: Partial<Record<BidPhase, number>> = {};
  for (const index of indicesOf(book, bidderId)) {
    const phase = log.phase(index);
    count[phase]++;
    if (log.type(index) !== 'Hidden') continue;
    const best = top[phase];
    if (best === undefined || outranks(log, index, best)) top[phase] = index;
  }
  const of = (phase: BidPhase) => {
    const index = top[phase];
    return { count: count[phase], highestHidden: index === undefined ? undefined : log.bid(index) };
  };
  return { beforeFinalCall: of('beforeFinalCall'), afterFinalCall: of('afterFinalCall') };
}

/** A bidder's own bids, oldest first. */
export const bidsOf = (book: BidBook, bidderId: string): BookedBid[] =>
  indicesOf(book, bidderId).map((index) => book.shared.bid(index));

/** The newest bids of a phase (in log order), newest first, at most `limit`. */
export const newestBids = (book: BidBook, phase: BidPhase, limit: number): BookedBid[] =>
  newestIndices(book, phase, limit).map((index) => book.shared.bid(index));

/** Where `newestBids` are in the book's log (`book.shared`), newest first. */
export function newestIndices(book: BidBook, phase: BidPhase, limit: number): number[] {
  const indices = book.shared.indicesOfPhase(phase);
  const end = heldCount(book, indices);
  return indices.slice(Math.max(0, end - limit), end).reverse();
}

/** `bids` (of this book) in the order they were logged. */
export const logOrder = (book: BidBook, bids: readonly BookedBid[]): BookedBid[] =>
  [...bids].sort((a, b) => book.shared.indexOf(a.bidId)! - book.shared.indexOf(b.bidId)!);
