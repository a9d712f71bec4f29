import { randomUUID } from 'node:crypto';
import { adDecider } from '@boli/engine/ads/ad.decider';
import type { AdCommand } from '@boli/engine/ads/ad.commands';
import { adStream } from '@boli/engine/ads/ad.events';
import { MEENA, OWNER, postAd as postAdCommand } from '@boli/engine/ads/ad.fixtures';
import { handleCommand, type CommandResult } from '@boli/engine/commandHandling/handleCommand';
import type { EventStore } from '@boli/engine/eventStore/eventStore';

/*
 * Ads for the timer's tests and the bidding bench, written through the ads decider with the real
 * clock: the ads tests' own ad (engine/src/ads/ad.fixtures.ts), posted by Ravi, bid on by Meena,
 * then a final call.
 */

export const SELLER = OWNER;
export const BIDDER = MEENA;

const nowIso = () => new Date().toISOString();

type CommandOf<T extends AdCommand['type']> = Extract<AdCommand, { type: T }>;

export function runAdCommand<T extends AdCommand['type']>(
  store: EventStore,
  adId: string,
  type: T,
  data: CommandOf<T>['data'],
  now: string = nowIso(),
): Promise<CommandResult> {
  const command = { type, data, metadata: { eventId: randomUUID(), now } } as AdCommand;
  return handleCommand({ store, streamId: adStream(adId), decider: adDecider, command });
}

export async function postAd(
  store: EventStore,
  adId: string,
  seller: { userId: string; username: string } = SELLER,
): Promise<CommandResult> {
  const { data } = postAdCommand({
    adId,
    uid: `bike-${adId}`,
    postedBy: seller.userId,
    postedByUsername: seller.username,
    media: [{ galleryType: 'photos', name: `${adId}.jpg`, thumbnail: `${adId}-thumb.jpg` }],
  });
  return runAdCommand(store, adId, 'PostAd', data);
}

export const placeBid = (
  store: EventStore,
  adId: string,
  amount: number,
  now?: string,
  bidder: { userId: string; username: string; bidAlias: string } = BIDDER,
): Promise<CommandResult> =>
  runAdCommand(
    store,
    adId,
    'PlaceBid',
    {
      bidId: randomUUID(),
      userId: bidder.userId,
      username: bidder.username,
      bidAlias: bidder.bidAlias,
      amount,
      type: 'Open',
      bidderEntitled: true,
    },
    now,
  );

/** A posted ad with one bid and a final call at `deadline`. */
export async function adInFinalCall(
  store: EventStore,
  adId: string,
  deadline: Date,
): Promise<void> {
  await postAd(store, adId);
  await placeBid(store, adId, 13_000_000);
  await runAdCommand(store, adId, 'MakeFinalCall', {
    userId: SELLER.userId,
    deadline: deadline.toISOString(),
  });
}
