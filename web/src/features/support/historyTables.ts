import { csvHead, csvLine, CsvNumber, type CsvCell } from '@boli/engine/shared/csv';
import { indiaWallClockOf } from '@boli/engine/shared/indiaTime';
import { LIMITS } from '@boli/engine/shared/limits';
import type { RefusedBid, ReplayedBid } from './adHistory.ts';

/*
 * Support's Ad history tables as a dispute narrows them: one member's bids (their username, alias
 * or id), a page at a time (an ad of a thousand bids draws at once), and the bids shown saved as a
 * spreadsheet. What is asked lives in the address (`?asOf=&bidder=&bidsPage=&refusedPage=&eventsPage=`),
 * so a reload, Back and a link sent to a colleague show the same rows.
 */

/** A bid with its place in the order the log recorded the ad's bids (the table's '#'). */
export type PlacedBid = { readonly place: number; readonly bid: ReplayedBid };

type Bidder = Pick<ReplayedBid, 'username' | 'bidAlias' | 'bidderId'>;

/** The bidder typed is this bid's: in its username, alias or member id, any case. */
export function isBidderFound(bid: Bidder, bidder: string): boolean {
  const asked = bidder.trim().toLocaleLowerCase();
  if (asked === '') return true;
  return [bid.username, bid.bidAlias, bid.bidderId].some((said) =>
    said.toLocaleLowerCase().includes(asked),
  );
}

/** The replay's bids, each with its place among all of them, those of the bidder asked for. */
export const bidsFound = (bids: readonly ReplayedBid[], bidder: string): PlacedBid[] =>
  bids
    .map((bid, index) => ({ place: index + 1, bid }))
    .filter(({ bid }) => isBidderFound(bid, bidder));

/** The page of `rows` asked for (from 1), or the last there is; how many pages there are. */
export function pageOf<T>(
  rows: readonly T[],
  page: number,
  size: number = LIMITS.historyRowsPerPage,
): { rows: T[]; page: number; totalPages: number } {
  const totalPages = Math.max(1, Math.ceil(rows.length / size));
  const shown = Math.min(Math.max(1, page), totalPages);
  return { rows: rows.slice((shown - 1) * size, shown * size), page: shown, totalPages };
}

/** The tables whose page the address keeps. */
export type HistoryTable = 'bids' | 'refused' | 'events';
const PAGE_PARAM: Record<HistoryTable, string> = {
  bids: 'bidsPage',
  refused: 'refusedPage',
  events: 'eventsPage',
};
const BIDDER_PARAM = 'bidder';
const AS_OF_PARAM = 'asOf';

/** What the address asks of the tables: the bidder, and each table's page (from 1). */
export type HistoryView = { readonly bidder: string; readonly pages: Record<HistoryTable, number> };

export function historyViewOf(params: URLSearchParams): HistoryView {
  const pageAt = (table: HistoryTable) => {
    const page = Number(params.get(PAGE_PARAM[table]) ?? 1);
    return Number.isSafeInteger(page) && page > 1 ? page : 1;
  };
  return {
    bidder: params.get(BIDDER_PARAM) ?? '',
    pages: { bids: pageAt('bids'), refused: pageAt('refused'), events: pageAt('events') },
  };
}

/** `params` showing `table` at `page` (the first page without a parameter); the rest kept. */
export function withTablePage(
  params: URLSearchParams,
  table: HistoryTable,
  page: number,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set(PAGE_PARAM[table], String(page));
  else next.delete(PAGE_PARAM[table]);
  return next;
}

/**
 * `params` asking for `bidder`'s bids (everyone's for none); the bids and refused bids from
 * their first pages, which another bidder's rows do not fill alike.
 */
export function withBidder(params: URLSearchParams, bidder: string): URLSearchParams {
  const next = new URLSearchParams(params);
  // As typed (the field shows it): a space between two words is kept while it is typed.
  if (bidder.trim() === '') next.delete(BIDDER_PARAM);
  else next.set(BIDDER_PARAM, bidder);
  next.delete(PAGE_PARAM.bids);
  next.delete(PAGE_PARAM.refused);
  return next;
}

/**
 * `params` replaying `instant` (the latest state for none): the bidder asked for kept, every table
 * from its first page, which the rows of another instant do not fill alike.
 */
export function withAsOf(params: URLSearchParams, instant: string | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  if (instant) next.set(AS_OF_PARAM, instant);
  else next.delete(AS_OF_PARAM);
  for (const page of Object.values(PAGE_PARAM)) next.delete(page);
  return next;
}

/** "Bids (12 of 607)" when a bidder is asked for, "Bids (607)" when not. */
export const countLine = (title: string, shown: number, all: number): string =>
  shown === all ? `${title} (${all})` : `${title} (${shown} of ${all})`;

// ---------------------------------------------------------------------------------------------
// The bids shown, as a spreadsheet (the file's rules: engine/src/shared/csv.ts).

const at = (instant: string) => indiaWallClockOf(instant, { milliseconds: true });
const rupees = (amount: number | null) =>
  amount === null ? null : new CsvNumber(amount.toFixed(2));

/** One row of the file: a bid taken, or one refused. */
type Attempt =
  | { readonly taken: PlacedBid; readonly refused?: undefined }
  | { readonly taken?: undefined; readonly refused: RefusedBid };

const COLUMNS: readonly (readonly [header: string, value: (row: Attempt) => CsvCell])[] = [
  ['Outcome', (row) => (row.taken ? 'taken' : 'refused')],
  ['#', (row) => row.taken?.place ?? null],
  ['Amount (₹)', (row) => rupees(row.taken?.bid.amount ?? row.refused!.amount)],
  ['Amount sent', (row) => row.refused?.amountSent ?? null],
  ['Type', (row) => row.taken?.bid.type ?? row.refused!.type],
  [
    'Phase',
    (row) => (row.taken ? (row.taken.bid.phase === 'afterFinalCall' ? 'After' : 'Before') : null),
  ],
  ['Bid alias', (row) => (row.taken?.bid ?? row.refused!).bidAlias],
  ['Bidder', (row) => (row.taken?.bid ?? row.refused!).username],
  ['Bidder ID', (row) => (row.taken?.bid ?? row.refused!).bidderId],
  ['Placed or tried (IST)', (row) => at(row.taken?.bid.placedAt ?? row.refused!.attemptedAt)],
  ['Recorded (IST)', (row) => at((row.taken?.bid ?? row.refused!).recordedAt)],
  ['Refusal code', (row) => row.refused?.code ?? null],
  ['Member was told', (row) => row.refused?.message ?? null],
  ['Event', (row) => (row.taken ? row.taken.bid.version : null)],
  ['Refusal record', (row) => row.refused?.version ?? null],
  ['Bid ID', (row) => (row.taken?.bid ?? row.refused!).bidId],
];

const recordedAt = (row: Attempt) => Date.parse((row.taken?.bid ?? row.refused!).recordedAt);

/**
 * The bids shown and the refused ones (those tried by the replayed instant, when one is), as one
 * spreadsheet in the order they were recorded: every attempt of the dispute, with its outcome.
 */
export function bidsCsv(
  taken: readonly PlacedBid[],
  refused: readonly RefusedBid[],
  asOf: string | null,
): string {
  const tried = refused.filter(
    (bid) => asOf === null || Date.parse(bid.attemptedAt) <= Date.parse(asOf),
  );
  const rows: Attempt[] = [
    ...taken.map((bid) => ({ taken: bid })),
    ...tried.map((bid) => ({ refused: bid })),
  ].sort((a, b) => recordedAt(a) - recordedAt(b));
  return (
    csvHead(COLUMNS.map(([header]) => header)) +
    rows.map((row) => csvLine(COLUMNS.map(([, value]) => value(row)))).join('')
  );
}

/** 'boli-bids-<ad id>.csv'; '-as-of-2026-12-07T10-01-48' for a replay, '-matching' for a bidder. */
export function bidsCsvName(adId: string, asOf: string | null, bidder: string): string {
  const instant = asOf === null ? '' : `-as-of-${at(asOf).replace(' ', 'T').replaceAll(':', '-')}`;
  const some = bidder.trim() === '' ? '' : '-matching';
  return `boli-bids-${adId}${instant}${some}.csv`;
}
