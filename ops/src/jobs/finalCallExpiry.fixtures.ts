import { randomUUID } from 'node:crypto';
import { adDecider } from '@boli/engine/ads/ad.decider';
import type { AdCommand } from '@boli/engine/ads/ad.commands';
import { adStream } from '@boli/engine/ads/ad.events';
import { handleCommand, type CommandResult } from '@boli/engine/commandHandling/handleCommand';
import type { EventStore } from '@boli/engine/eventStore/eventStore';

/*
 * Ads for the timer's tests and the bidding bench, written through the ads decider with the real
 * clock: posted by Ravi, bid on by Meena, then a final call.
 */

export const SELLER = { userId: 'u-ravi', username: 'ravi_k' } as const;
export const BIDDER = { userId: 'u-meena', username: 'meena_s', bidAlias: 'bluekite' } as const;

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
  return runAdCommand(store, adId, 'PostAd', {
    adId,
    uid: `bike-${adId}`,
    postedBy: seller.userId,
    postedByUsername: seller.username,
    itemName: 'Royal Enfield Classic 350',
    categoryname: 'Automobiles',
    subcategory: 'Bikes',
    type: null,
    price: 12_500_000,
    currencycode: null,
    description: 'One owner, serviced.',
    phone: '9876543210',
    displayPhone: true,
    houseno: '12',
    street: 'MG Road',
    city: 'Pune',
    neighbourHood: 'Camp',
    district: 'Pune',
    pincode: '411001',
    state: 'Maharashtra',
    country: 'India',
    make: 'Royal Enfield',
    model: 'Classic 350',
    mileage: 18_000,
    yearOfManufacture: 2019,
    ownerOrDealer: 'Owner',
    newOrused: 'Used',
    media: [{ galleryType: 'photos', name: `${adId}.jpg`, thumbnail: `${adId}-thumb.jpg` }],
  });
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
