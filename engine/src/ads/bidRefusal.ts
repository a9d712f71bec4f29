import { uuidV5 } from '../commandHandling/eventIds.ts';
import type { EventStore, NewEvent, RecordedEvent } from '../eventStore/eventStore.ts';
import type { DomainEvent } from '../shared/decider.ts';
import type { PlaceBid } from './ad.commands.ts';

/*
 * A bid the ad refused, kept for support: a member who says "I bid before the deadline" is
 * answered from the log, refused attempts and the command time they were judged at included.
 * Kept in a stream of their own beside the ad's, so the ad's stream holds only what the ad
 * decided and its version (which every bid is appended at) does not move for a refusal.
 */

export const bidRefusalsStream = (adId: string): string => `adBidRefusals-${adId}`;

export type BidRefused = DomainEvent<
  'BidRefused',
  {
    readonly adId: string;
    readonly bidId: string;
    readonly bidderId: string;
    readonly username: string;
    readonly bidAlias: string;
    /** Integer paise, as the form sent it; null when left empty or no amount. */
    readonly amount: number | null;
    /** What was sent when it is no amount in whole paise (PlaceBid's `amountSent`). */
    readonly amountSent?: string;
    readonly type: string | null;
    /** The refusal's stable code (`DomainError.code`). */
    readonly code: string;
    /** What the member was told. */
    readonly message: string;
    /** The command's time: what the ad judged the bid at. */
    readonly attemptedAt: string;
  }
>;

/**
 * The record of `command`'s refusal, or nothing for an ad that does not exist (its id would only
 * open a stream for nothing). Its id derives from the bid's (which a retried request keeps), so a
 * retried refusal is one record.
 */
export function bidRefusedEvent(
  adId: string,
  command: PlaceBid,
  refusal: { readonly code: string; readonly message: string },
): NewEvent<'BidRefused', BidRefused['data']> | undefined {
  if (refusal.code === 'AD_NOT_FOUND') return undefined;
  const { data, metadata } = command;
  return {
    type: 'BidRefused',
    data: {
      adId,
      bidId: data.bidId,
      bidderId: data.userId,
      username: data.username,
      bidAlias: data.bidAlias,
      amount: data.amount,
      ...(data.amountSent === undefined ? {} : { amountSent: data.amountSent }),
      type: data.type,
      code: refusal.code,
      message: refusal.message,
      attemptedAt: metadata.now,
    },
    metadata: { ...metadata, eventId: uuidV5(`bidRefused/${adId}/${data.bidId}`) },
  };
}

/**
 * Keeps `command`'s refusal beside the ad: every path a bid takes (the bid form, the start of a
 * bid fee's checkout, the fee's bid once paid) keeps what it refused. A retried one is stored once.
 */
export async function keepBidRefusal(
  store: EventStore,
  adId: string,
  command: PlaceBid,
  refusal: { readonly code: string; readonly message: string },
): Promise<void> {
  const refused = bidRefusedEvent(adId, command, refusal);
  if (refused !== undefined) await store.append(bidRefusalsStream(adId), [refused], 'any');
}

/** A refused bid as support's Ad history lists it. */
export type RefusedBid = BidRefused['data'] & {
  readonly version: number;
  readonly recordedAt: string;
  readonly correlationId: string | null;
};

/** The refused bids of an ad's refusals stream, oldest first. */
export const refusedBidsOf = (events: readonly RecordedEvent[]): RefusedBid[] =>
  events
    .filter(
      (event): event is RecordedEvent<'BidRefused', BidRefused['data']> =>
        event.type === 'BidRefused',
    )
    .map((event) => ({
      ...event.data,
      version: event.streamVersion,
      recordedAt: event.recordedAt.toISOString(),
      correlationId: event.metadata.correlationId ?? null,
    }));
