import type { RecordedEvent } from '../eventStore/eventStore.ts';
import { formatPosition } from '../eventStore/eventStore.ts';
import type { AdDetails, AdEvent, BidPlaced, CloseReason } from './ad.events.ts';
import { deadlineOf, evolve, initialState, statusAt, type AdState } from './ad.state.ts';
import type { AdStatus } from './ad.machine.ts';
import { ranksAbove, topBidOf } from './ad.ranking.ts';

/*
 * Support staff settle bidding disputes by replaying an ad's own stream: every event as it was
 * recorded (who, when by the command's clock and by the store's, which request), and the ad as
 * it stood at any instant — every bid with its amount, Hidden ones included, because support
 * sees what the owner sees and more. Pure: the caller reads the stream and verifies its chain.
 */

/** One recorded event, as a dispute needs it. */
export type AdHistoryEntry = {
  readonly version: number;
  readonly position: string;
  readonly type: string;
  /** When the command was made (its clock): what the bidding rules judge. */
  readonly commandTime: string;
  /** When the store recorded it. */
  readonly recordedAt: string;
  readonly actor: { readonly userId: string; readonly role: string } | null;
  readonly correlationId: string | null;
  readonly hash: string;
  readonly data: unknown;
};

/** A bid as support sees it: everything, in the order it was taken. */
export type ReplayedBid = {
  readonly version: number;
  readonly bidId: string;
  readonly bidderId: string;
  readonly username: string;
  readonly bidAlias: string;
  /** Integer paise. */
  readonly amount: number;
  readonly type: BidPlaced['data']['type'];
  readonly phase: BidPlaced['data']['phase'];
  readonly placedAt: string;
  readonly recordedAt: string;
};

export type AdReplay = {
  /** The instant replayed to: the last event's command time when no instant was asked for. */
  readonly asOf: string | null;
  readonly eventsApplied: number;
  readonly status: AdStatus;
  readonly deadline: string | null;
  /** When the final call was made (its command's time), the instant a bid's phase turns on. */
  readonly finalCallMadeAt: string | null;
  readonly closedReason: CloseReason | null;
  readonly ownerId: string;
  readonly itemName: string | null;
  /** The ad's details as they read then (price in paise): what the bids were placed on. */
  readonly details: AdDetails | null;
  readonly bids: readonly ReplayedBid[];
  /** The highest bid of each type and phase, by amount, then earliest. */
  readonly highest: readonly ReplayedBid[];
  /** The top-ranked bid of all (ad.ranking.ts): the winning bid once bidding has closed. */
  readonly leading: ReplayedBid | null;
};

export const toHistoryEntry = (event: RecordedEvent): AdHistoryEntry => ({
  version: event.streamVersion,
  position: formatPosition(event.position),
  type: event.type,
  commandTime: event.metadata.now,
  recordedAt: event.recordedAt.toISOString(),
  actor: event.metadata.actor ?? null,
  correlationId: event.metadata.correlationId ?? null,
  hash: event.hash,
  data: event.data,
});

const replayedBid = (event: RecordedEvent, data: BidPlaced['data']): ReplayedBid => ({
  version: event.streamVersion,
  bidId: data.bidId,
  bidderId: data.bidderId,
  username: data.username,
  bidAlias: data.bidAlias,
  amount: data.amount,
  type: data.type,
  phase: data.phase,
  placedAt: data.placedAt,
  recordedAt: event.recordedAt.toISOString(),
});

const highestOfEachKind = (bids: readonly ReplayedBid[]): ReplayedBid[] => {
  const best = new Map<string, ReplayedBid>();
  for (const bid of bids) {
    const key = `${bid.phase}:${bid.type}`;
    const current = best.get(key);
    if (!current || ranksAbove(bid, current)) best.set(key, bid);
  }
  return [...best.values()].sort((a, b) => a.version - b.version);
};

/**
 * The ad as it stood at `asOf` (ISO-8601; judged by each event's command time, the clock the
 * rules use), or after its last event. Events must be one ad's stream, in version order.
 */
export function replayAd(events: readonly RecordedEvent[], asOf?: string): AdReplay {
  const limit = asOf === undefined ? undefined : Date.parse(asOf);
  const applied = events.filter(
    (event) => limit === undefined || Date.parse(event.metadata.now) <= limit,
  );
  let state: AdState = initialState();
  const bids: ReplayedBid[] = [];
  let finalCallMadeAt: string | null = null;
  for (const event of applied) {
    const adEvent = event as unknown as AdEvent;
    state = evolve(state, adEvent);
    if (adEvent.type === 'BidPlaced') bids.push(replayedBid(event, adEvent.data));
    if (adEvent.type === 'FinalCallMade') finalCallMadeAt ??= event.metadata.now;
  }
  const at = asOf ?? applied.at(-1)?.metadata.now ?? null;
  return {
    asOf: at,
    eventsApplied: applied.length,
    status: at === null ? 'none' : statusAt(state, at),
    deadline: deadlineOf(state),
    finalCallMadeAt,
    closedReason: state.closedReason,
    ownerId: state.postedBy,
    itemName: state.details?.itemName ?? null,
    details: state.details,
    bids,
    highest: highestOfEachKind(bids),
    leading: topBidOf(bids),
  };
}

/** A detail an edit changed, with the value it replaced (as stored: the price in paise). */
export type DetailChange = {
  readonly field: keyof AdDetails;
  readonly from: AdDetails[keyof AdDetails] | null;
  readonly to: AdDetails[keyof AdDetails];
};

/** One edit of the ad: its event's version and what it changed. */
export type AdEdit = { readonly version: number; readonly changes: readonly DetailChange[] };

/**
 * What each edit of the ad changed, from what to what: the event records only the new values, and
 * a dispute ("I bid on a 2019 car; it now says 2018") needs the old ones beside them. Events must
 * be one ad's stream, in version order.
 */
export function adEditsOf(events: readonly RecordedEvent[]): AdEdit[] {
  let state: AdState = initialState();
  const edits: AdEdit[] = [];
  for (const event of events) {
    const adEvent = event as unknown as AdEvent;
    if (adEvent.type === 'AdEdited') {
      const before = state.details;
      const changes = (Object.keys(adEvent.data.changes) as (keyof AdDetails)[]).flatMap(
        (field) => {
          const to = adEvent.data.changes[field];
          return to === undefined ? [] : [{ field, from: before?.[field] ?? null, to }];
        },
      );
      edits.push({ version: event.streamVersion, changes });
    }
    state = evolve(state, adEvent);
  }
  return edits;
}
