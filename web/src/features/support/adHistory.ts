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

export type AdHistory = {
  adId: string;
  chain: { ok: true } | { ok: false; brokenAt: number; reason: string };
  events: HistoryEvent[];
  replay: {
    asOf: string | null;
    eventsApplied: number;
    status: 'none' | 'open' | 'finalCallMade' | 'closed';
    deadline: string | null;
    closedReason: 'closedEarlyByOwner' | 'finalCallExpired' | null;
    ownerId: string;
    itemName: string | null;
    bids: ReplayedBid[];
    highest: ReplayedBid[];
  };
};

const STATUS_TEXT: Record<AdHistory['replay']['status'], string> = {
  none: 'Not posted yet',
  open: 'Open for bids',
  finalCallMade: 'Final call made',
  closed: 'Bidding Closed',
};

const CLOSE_TEXT = {
  closedEarlyByOwner: 'closed early by the owner',
  finalCallExpired: 'final call expired',
};

/** One line saying how bidding stood at the replayed instant. */
export function statusLine(replay: AdHistory['replay']): string {
  const parts = [STATUS_TEXT[replay.status]];
  if (replay.deadline) parts.push(`deadline ${replay.deadline}`);
  if (replay.status === 'closed' && replay.closedReason)
    parts.push(CLOSE_TEXT[replay.closedReason]);
  return parts.join(' · ');
}

/** What the chain check says, in words support can quote. */
export function chainLine(history: Pick<AdHistory, 'chain' | 'events'>): string {
  return history.chain.ok
    ? `Hash chain intact over ${history.events.length} events.`
    : `Hash chain broken at version ${history.chain.brokenAt}: ${history.chain.reason}`;
}

/** The few fields of an event worth a glance in the timeline; the full data is one click away. */
export function eventGist(event: Pick<HistoryEvent, 'type' | 'data'>): string {
  const d = event.data;
  switch (event.type) {
    case 'BidPlaced':
      return `${String(d.bidAlias)} (${String(d.username)}) bid ${String(d.type)} ${String(d.amount)} paise, ${String(d.phase)}`;
    case 'FinalCallMade':
      return `deadline ${String(d.deadline)}`;
    case 'BiddingClosed':
      return `${String(d.reason)} at ${String(d.closedAt)}`;
    case 'AdPosted':
      return `${String(d.itemName)} by ${String(d.postedByUsername)}`;
    default:
      return '';
  }
}

/** A `datetime-local` value (the browser's local time) as an ISO instant, or undefined. */
export function instantFromLocalInput(value: string): string | undefined {
  if (!value) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
}
