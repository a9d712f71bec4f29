import { AD_DETAIL_FIELDS } from '@boli/engine/ads/ad.events';
import { feePurchaseOfBid } from '@boli/engine/billing/feeBid.rules';
import { instantOfDateTime } from '@boli/engine/shared/indiaTime';
import {
  countOf,
  formatDateTime,
  formatPaise,
  formatRupees,
  groupIndian,
} from '../../lib/format.ts';
import { detailLabel, type AdDetailField } from '../ads/model/adDetailLabels.ts';
import { firstCharacters } from '@boli/engine/shared/characters';

/**
 * The instant a history link's `asOf` names: ISO-8601 with its zone, or without one India's wall
 * clock, as the replay picker is typed in (not the browser's own zone); undefined for no time.
 */
export const replayInstantOf = (asOf: string | null): string | undefined =>
  asOf ? instantOfDateTime(asOf) : undefined;

/*
 * The support api's answer for an ad's history (api/src/routes/support/router.ts), and how the
 * screen reads it. Amounts are rupees.
 */

export type HistoryEvent = {
  version: number;
  position: string;
  type: string;
  commandTime: string;
  recordedAt: string;
  actor: { userId: string; role: string } | null;
  correlationId: string | null;
  hash: string;
  data: Record<string, unknown>;
};

export type ReplayedBid = {
  version: number;
  bidId: string;
  bidderId: string;
  username: string;
  bidAlias: string;
  amount: number;
  type: 'Open' | 'Hidden';
  phase: 'beforeFinalCall' | 'afterFinalCall';
  placedAt: string;
  recordedAt: string;
};

/** A bid the ad refused, as it was sent (amount in rupees; null when left empty). */
export type RefusedBid = {
  version: number;
  bidId: string;
  bidderId: string;
  username: string;
  bidAlias: string;
  amount: number | null;
  /** What was sent when it is no amount ('abc', '10.555', one too large). */
  amountSent?: string;
  type: string | null;
  code: string;
  /** What the member was told. */
  message: string;
  /** The command's time, which the refusal was judged at. */
  attemptedAt: string;
  recordedAt: string;
  correlationId: string | null;
};

type Chain = { ok: true } | { ok: false; brokenAt: number; reason: string };

/** A detail an edit changed, with the value it replaced (the price in rupees). */
export type DetailChange = { field: AdDetailField; from: unknown; to: unknown };

/** An edit of the ad: its event's version and what it changed. */
export type AdEdit = { version: number; changes: DetailChange[] };

/** A span the ad's owner was blocked, the ad withdrawn from members meanwhile (to null: it holds). */
export type BlockedSpan = { from: string; to: string | null; reason: string | null };

export type AdHistory = {
  adId: string;
  /** The ad's name after its last event, whatever instant is replayed. */
  itemName: string | null;
  /** Now, whatever instant is replayed: its owner is blocked (members cannot see it or bid). */
  withdrawn: boolean;
  /** Each span its owner was blocked, oldest first; absent from an api before it said so. */
  ownerBlocks?: BlockedSpan[];
  chain: Chain;
  events: HistoryEvent[];
  /** What each AdEdited changed, from what to what; absent from an api before it said so. */
  edits?: AdEdit[];
  /** The bidders (bids and refused ones) who hold a staff role; absent from an older api. */
  staffBidders?: string[];
  /** Every bid the ad refused, from a stream of their own (with its own chain). */
  refusals: { chain: Chain; bids: RefusedBid[] };
  replay: {
    asOf: string | null;
    eventsApplied: number;
    status: 'none' | 'open' | 'finalCallMade' | 'closed';
    deadline: string | null;
    /** When the final call was made; absent from an api before it said so. */
    finalCallMadeAt?: string | null;
    closedReason: 'closedEarlyByOwner' | 'finalCallExpired' | null;
    ownerId: string;
    itemName: string | null;
    /** The ad's details as they read then (price in rupees); absent from an api before it said so. */
    details?: Partial<Record<AdDetailField, unknown>> | null;
    bids: ReplayedBid[];
    highest: ReplayedBid[];
    /** The top-ranked bid (engine/src/ads/ad.ranking.ts); absent from an api before it said so. */
    leading?: ReplayedBid | null;
    /** The block that withdrew the ad at the replayed instant; absent from an older api. */
    withdrawnBy?: BlockedSpan | null;
  };
};

const STATUS_TEXT: Record<AdHistory['replay']['status'], string> = {
  none: 'Not posted yet',
  open: 'Open for bids',
  finalCallMade: 'Final call made',
  closed: 'Bidding Closed',
};

const CLOSE_TEXT: Record<NonNullable<AdHistory['replay']['closedReason']>, string> = {
  closedEarlyByOwner: 'closed early by the owner',
  finalCallExpired: 'final call expired',
};

const PHASE_TEXT: Record<ReplayedBid['phase'], string> = {
  beforeFinalCall: 'before the final call',
  afterFinalCall: 'after the final call',
};

/** A code of an event's data in the words the screen uses for it; one it does not know, as stored. */
const wordsFor = (texts: Record<string, string>, code: unknown): string =>
  typeof code === 'string' && Object.hasOwn(texts, code) ? texts[code]! : String(code);

/** One line saying how bidding stood at the replayed instant. */
export function statusLine(replay: AdHistory['replay']): string {
  const parts = [STATUS_TEXT[replay.status]];
  // A bid's phase turns on when the final call was made: the moment a dispute is often about.
  if (replay.finalCallMadeAt) parts.push(`final call made ${historyTime(replay.finalCallMadeAt)}`);
  if (replay.deadline) parts.push(`deadline ${historyTime(replay.deadline)}`);
  if (replay.status === 'closed' && replay.closedReason)
    parts.push(CLOSE_TEXT[replay.closedReason]);
  return parts.join(' · ');
}

/**
 * The line over the replay: the instant replayed, or, showing the latest, that it is now, after the
 * ad's last event (whose time the api gives as `asOf`), and the events applied.
 */
export function replayLine(replay: AdHistory['replay'], replaying: boolean): string {
  const events = countOf(replay.eventsApplied, 'event');
  const status = statusLine(replay);
  if (replaying)
    return `As of ${replay.asOf ? historyTime(replay.asOf) : '—'} (${events}): ${status}`;
  const last = replay.asOf ? `, its last event at ${historyTime(replay.asOf)}` : '';
  return `Now${last} (${events}): ${status}`;
}

/**
 * The edits of the price made since the bid before (the ad's first bid: since it was posted), by
 * the bid placed after them: a bid on an ad whose price was just changed is often what a dispute
 * is about ("I bid on the old price"). The first bid after an edit only, with the price before and
 * after that bid's edits.
 */
export function pricesEditedBefore(
  bids: readonly Pick<ReplayedBid, 'bidId' | 'version'>[],
  edits: readonly AdEdit[],
): Map<string, { from: unknown; to: unknown }> {
  const marked = new Map<string, { from: unknown; to: unknown }>();
  const priceEdits = edits
    .map((edit) => ({
      version: edit.version,
      change: edit.changes.find((c) => c.field === 'price'),
    }))
    .filter((edit) => edit.change !== undefined);
  let since = 0;
  for (const bid of [...bids].sort((a, b) => a.version - b.version)) {
    const between = priceEdits.filter((edit) => edit.version > since && edit.version < bid.version);
    if (between.length > 0) {
      marked.set(bid.bidId, { from: between[0]!.change!.from, to: between.at(-1)!.change!.to });
    }
    since = bid.version;
  }
  return marked;
}

/** "Price edited before it: ₹27,000 → ₹4,200". */
export const priceEditedLine = (edit: { from: unknown; to: unknown }): string =>
  `Price edited before it: ${detailValue('price', edit.from)} → ${detailValue('price', edit.to)}`;

/**
 * Said under a bid a paid bid fee placed (`feePurchaseOfBid`): its time is the payment's capture,
 * which a dispute over who bid first needs to know; null for a bid placed directly. The member's
 * tries before paying are under Refused bids (NOT_ENTITLED).
 */
export const feeBidNote = (bid: Pick<ReplayedBid, 'bidId'>): string | null =>
  feePurchaseOfBid(bid.bidId) === null
    ? null
    : 'Through a paid bid fee: placed when the payment was captured.';

/**
 * Said under a bid placed before the final call's deadline but recorded after it: a bid is judged
 * at its command's time (when the api received it), so it was in time, though the log's clock
 * says otherwise; null for any other bid.
 */
export function acrossDeadlineNote(
  bid: Pick<ReplayedBid, 'placedAt' | 'recordedAt'>,
  deadline: string | null,
): string | null {
  if (deadline === null) return null;
  const due = Date.parse(deadline);
  if (!(Date.parse(bid.placedAt) <= due && Date.parse(bid.recordedAt) > due)) return null;
  return `Placed before the deadline (${historyTime(deadline)}), recorded after it: a bid is judged when placed.`;
}

/**
 * Which bid won (once closed) or leads at the replayed instant, with its place in the bids' order;
 * a bid of the same amount placed later is named too, with its bidder (a dispute is often
 * theirs), since the earlier of equal bids wins.
 */
export function leadingLine(replay: AdHistory['replay']): string | null {
  const { leading, bids } = replay;
  if (!leading) return null;
  const numberOf = (bid: ReplayedBid) => `#${bids.findIndex((b) => b.bidId === bid.bidId) + 1}`;
  const who = `${leading.bidAlias} (${leading.username})`;
  const what = `${leading.type} bid of ${formatRupees(leading.amount)}, ${numberOf(leading)}`;
  const line =
    replay.status === 'closed'
      ? `Won by ${who}: the ${what}.`
      : `Leading: ${who}, with the ${what}.`;
  const tied = bids.filter(
    (bid) =>
      bid.bidId !== leading.bidId &&
      bid.amount === leading.amount &&
      bid.bidderId !== leading.bidderId,
  );
  return tied.length === 0
    ? line
    : `${line} ${tied.map((bid) => `${numberOf(bid)}, ${bid.bidAlias} (${bid.username}),`).join(' ')} bid the same amount later: the earlier bid ranks first.`;
}

/**
 * Above the events when a replay stops short of the last: how many it covers and how many,
 * greyed, came after the instant; nothing when it covers all.
 */
export function eventsAfterReplayLine(eventsApplied: number, eventCount: number): string | null {
  const later = eventCount - eventsApplied;
  if (later <= 0) return null;
  if (eventsApplied === 0) {
    return later === 1
      ? 'The event below had not happened yet at that instant: it is greyed.'
      : `None of these events had happened yet at that instant: all ${later} are greyed.`;
  }
  const covered = eventsApplied === 1 ? 'the first event' : `the first ${eventsApplied} events`;
  const greyed = later === 1 ? 'the one greyed below' : `the ${later} greyed below`;
  return `The replay covers ${covered}; ${greyed} came after it.`;
}

/** What a refusal's code means where what the member was told does not say it. */
const REFUSAL_CODE_NOTES: Record<string, string> = {
  // The member is told 'Ad not found', as for an ad that is gone: the block is not theirs to know.
  AD_WITHDRAWN: 'ad withdrawn, as its owner was blocked',
};

/**
 * A refused bid's code, shown under what its bidder was told (a phone cannot hover for it), with
 * what it means where that message hides the reason.
 */
export function refusalCodeLine(code: string): string {
  const note = Object.hasOwn(REFUSAL_CODE_NOTES, code) ? REFUSAL_CODE_NOTES[code] : undefined;
  return note === undefined ? code : `${code}: ${note}`;
}

/** What the chain check says, in words support can quote. */
export function chainLine(history: Pick<AdHistory, 'chain' | 'events'>): string {
  return history.chain.ok
    ? `Hash chain intact over ${countOf(history.events.length, 'event')}.`
    : `Hash chain broken at version ${history.chain.brokenAt}: ${history.chain.reason}`;
}

/** The refused bids' chain check, in the same words; nothing to say while there are none. */
export function refusalsChainLine(refusals: AdHistory['refusals']): string | null {
  if (refusals.chain.ok) {
    return refusals.bids.length === 0
      ? null
      : `Hash chain intact over ${countOf(refusals.bids.length, 'refused bid')}.`;
  }
  return `Refused bids' hash chain broken at version ${refusals.chain.brokenAt}: ${refusals.chain.reason}`;
}

/** An instant of an event's data in the history's time; anything else as it is. */
const timeIn = (value: unknown): string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value))
    ? historyTime(value)
    : String(value);

/**
 * A detail's value as the screens write it: the price in rupees, the mileage grouped as the ad's
 * page groups it (12,000), yes/no, '—' for none.
 */
export function detailValue(field: AdDetailField, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'price' && typeof value === 'number') return formatRupees(value);
  if (field === 'mileage' && typeof value === 'number') return groupIndian(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/** Characters of a long value (a description) the timeline's gist shows; the rest on opening. */
const GIST_VALUE_CHARS = 40;

const gistValue = (field: AdDetailField, value: unknown): string => {
  const text = detailValue(field, value);
  return firstCharacters(text, GIST_VALUE_CHARS, { ellipsis: true });
};

/** An edit in a line: "Price ₹4,50,000 → ₹4,25,000; Year of manufacture 2019 → 2018". */
export const editGist = (changes: readonly DetailChange[]): string =>
  changes
    .map(
      ({ field, from, to }) =>
        `${detailLabel(field)} ${gistValue(field, from)} → ${gistValue(field, to)}`,
    )
    .join('; ');

/** The ad's details as they read at the replayed instant, in the form's order; none unset. */
export function detailRows(
  details: Partial<Record<AdDetailField, unknown>>,
): { field: AdDetailField; label: string; value: string }[] {
  return AD_DETAIL_FIELDS.filter(
    (field) => details[field] !== null && details[field] !== undefined,
  ).map((field) => ({
    field,
    label: detailLabel(field),
    value: detailValue(field, details[field]),
  }));
}

/**
 * The few fields of an event worth a glance in the timeline; the full data is one click away. An
 * edit says what it changed from what (`edit`, from the history's `edits`), its event holding only
 * the new values.
 */
export function eventGist(event: Pick<HistoryEvent, 'type' | 'data'>, edit?: AdEdit): string {
  const d = event.data;
  switch (event.type) {
    case 'AdEdited':
      return edit ? editGist(edit.changes) : '';
    case 'BidPlaced':
      return `${String(d.bidAlias)} (${String(d.username)}) bid ${String(d.type)} ${formatPaise(Number(d.amount))} (${String(d.amount)} paise), ${wordsFor(PHASE_TEXT, d.phase)}`;
    case 'FinalCallMade':
      return `deadline ${timeIn(d.deadline)}`;
    case 'BiddingClosed':
      return `${wordsFor(CLOSE_TEXT, d.reason)} at ${timeIn(d.closedAt)}`;
    case 'AdPosted': {
      // Its price as the bids' amounts are given: the event's data holds paise.
      const price = typeof d.price === 'number' ? d.price : null;
      const asking = price === null ? '' : `, asking ${formatPaise(price)} (${price} paise)`;
      return `${String(d.itemName)} by ${String(d.postedByUsername)}${asking}`;
    }
    default:
      return '';
  }
}

/** Which highest a bid is, for the chip beside its amount: "highest Open", "highest Hidden after final call". */
export function highestLabel(bid: Pick<ReplayedBid, 'type' | 'phase'>): string {
  return `highest ${bid.type}${bid.phase === 'afterFinalCall' ? ' after final call' : ''}`;
}

/**
 * The usernames the stream itself names (the poster of AdPosted, each bidder of BidPlaced), by
 * user id: the actor column shows a member, not an id. Other actors (staff, the expiry timer)
 * keep their id.
 */
export function actorNames(
  events: readonly Pick<HistoryEvent, 'type' | 'data'>[],
): Map<string, string> {
  const names = new Map<string, string>();
  for (const { type, data } of events) {
    if (type === 'AdPosted') names.set(String(data.postedBy), String(data.postedByUsername));
    if (type === 'BidPlaced') names.set(String(data.bidderId), String(data.username));
  }
  return names;
}

const spanText = ({ from, to, reason }: BlockedSpan): string =>
  `from ${historyTime(from)} ${to === null ? 'on (it holds)' : `to ${historyTime(to)}`}` +
  (reason ? `, “${reason}”` : '');

/**
 * When the ad was withdrawn from members because its owner was blocked, every span of it: the
 * ad's own log does not say, and a member told 'Ad not found' then may be what a dispute is about.
 */
export function ownerBlocksLine(spans: readonly BlockedSpan[] | undefined): string | null {
  if (!spans || spans.length === 0) return null;
  return `Withdrawn while its owner was blocked: ${spans.map(spanText).join('; ')}.`;
}

/** What the replayed instant was for members when a block had withdrawn the ad. */
export const withdrawnThenLine = (span: BlockedSpan): string =>
  `Withdrawn then: its owner was blocked ${spanText(span)}. Members could not see the ad, and ` +
  'their bids were refused (AD_WITHDRAWN).';

/** Who posted the ad, from its AdPosted event; null when the log has none. */
export function ownerOf(
  events: readonly Pick<HistoryEvent, 'type' | 'data'>[],
): { userId: string; username: string } | null {
  const posted = events.find((event) => event.type === 'AdPosted');
  if (!posted) return null;
  return { userId: String(posted.data.postedBy), username: String(posted.data.postedByUsername) };
}

/**
 * Whose profile an event's actor links to: a member's or a staff member's, not the system's (the
 * expiry timer, the payment provider's webhook), which has none.
 */
export function actorProfileId(actor: NonNullable<HistoryEvent['actor']>): string | undefined {
  return actor.role === 'system' ? undefined : actor.userId;
}

/**
 * How the history writes an instant: India's time to the millisecond (two bids a few ms apart, or
 * a bid and a deadline, are what a dispute turns on), as the ad page and the invoices count days.
 */
export const historyTime = (instant: string): string =>
  formatDateTime(instant, { milliseconds: true });

/** Said under the replay's time when Replay is pressed without one. */
export const REPLAY_NEEDS_A_TIME = 'Pick a date and time to replay, or press Latest.';
