import type { NewEventMetadata } from '../eventStore/eventStore.ts';
import type { CloseBidding, MakeFinalCall, PlaceBid, PostAd } from './ad.commands.ts';
import type {
  AdEvent,
  AdPosted,
  BidPlaced,
  BiddingClosed,
  FinalCallMade,
  GalleryItem,
  MediaAdded,
  ThumbnailChosen,
} from './ad.events.ts';

/*
 * Test data for the ads tests: Ravi sells his Royal Enfield; Meena and Arjun bid on it.
 */

export const AD_ID = 'ad-1';
export const OWNER = { userId: 'u-ravi', username: 'ravi_k' } as const;
export const MEENA = { userId: 'u-meena', username: 'meena_s', bidAlias: 'bluekite' } as const;
export const ARJUN = { userId: 'u-arjun', username: 'arjun_p', bidAlias: 'tigerlily' } as const;

export const T0 = '2026-03-01T10:00:00.000Z';
export const at = (minutes: number, base: string = T0): string =>
  new Date(Date.parse(base) + minutes * 60_000).toISOString();

export const metadata = (now: string = T0): NewEventMetadata => ({ eventId: `evt-${now}`, now });

export const PHOTO: GalleryItem = {
  galleryType: 'photos',
  name: 'p1.jpg',
  thumbnail: 'p1-thumb.jpg',
};
export const VIDEO: GalleryItem = { galleryType: 'videos', name: 'v1.mp4', thumbnail: 'v1.jpg' };
export const photo = (n: number): GalleryItem => ({
  galleryType: 'photos',
  name: `p${n}.jpg`,
  thumbnail: `p${n}-thumb.jpg`,
});

export const postAd = (data: Partial<PostAd['data']> = {}, now: string = T0): PostAd => ({
  type: 'PostAd',
  data: {
    adId: AD_ID,
    uid: 'royal-enfield-1',
    postedBy: OWNER.userId,
    postedByUsername: OWNER.username,
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
    media: [PHOTO],
    ...data,
  },
  metadata: metadata(now),
});

export const adPosted = (now: string = T0): AdPosted => {
  const { media: _media, ...data } = postAd().data;
  return {
    type: 'AdPosted',
    data: {
      ...data,
      type: null,
      currencycode: 'INR',
      make: 'Royal Enfield',
      model: 'Classic 350',
      ownerOrDealer: 'Owner',
      newOrused: 'Used',
      postedAt: now,
    },
  };
};

export const mediaAdded = (item: GalleryItem = PHOTO, now: string = T0): MediaAdded => ({
  type: 'MediaAdded',
  data: { adId: AD_ID, ...item, addedAt: now },
});

export const thumbnailChosen = (item: GalleryItem = PHOTO, now: string = T0): ThumbnailChosen => ({
  type: 'ThumbnailChosen',
  data: { adId: AD_ID, name: item.name, thumbnail: item.thumbnail, chosenAt: now },
});

/** The three events of a posted ad with one photo. */
export const POSTED: AdEvent[] = [adPosted(), mediaAdded(), thumbnailChosen()];

type Bidder = { readonly userId: string; readonly username: string; readonly bidAlias: string };

export const placeBid = (
  data: Partial<PlaceBid['data']> = {},
  now: string = at(10),
  bidder: Bidder = MEENA,
): PlaceBid => ({
  type: 'PlaceBid',
  data: {
    bidId: 'bid-1',
    userId: bidder.userId,
    username: bidder.username,
    bidAlias: bidder.bidAlias,
    amount: 13_000_000,
    type: 'Open',
    bidderEntitled: true,
    ...data,
  },
  metadata: metadata(now),
});

export const bidPlaced = (
  data: Partial<BidPlaced['data']> = {},
  bidder: Bidder = MEENA,
): BidPlaced => ({
  type: 'BidPlaced',
  data: {
    adId: AD_ID,
    bidId: 'bid-1',
    bidderId: bidder.userId,
    username: bidder.username,
    bidAlias: bidder.bidAlias,
    amount: 13_000_000,
    type: 'Open',
    phase: 'beforeFinalCall',
    placedAt: at(10),
    ...data,
  },
});

export const DEADLINE = at(24 * 60);

export const makeFinalCall = (
  deadline: string = DEADLINE,
  now: string = at(60),
  userId: string = OWNER.userId,
): MakeFinalCall => ({
  type: 'MakeFinalCall',
  data: { userId, deadline },
  metadata: metadata(now),
});

export const finalCallMade = (
  deadline: string = DEADLINE,
  now: string = at(60),
): FinalCallMade => ({
  type: 'FinalCallMade',
  data: { adId: AD_ID, deadline, madeAt: now },
});

export const closeByOwner = (
  now: string = at(90),
  userId: string = OWNER.userId,
): CloseBidding => ({
  type: 'CloseBidding',
  data: { reason: 'closedEarlyByOwner', userId },
  metadata: metadata(now),
});

export const closeByTimer = (
  expectedDeadline: string = DEADLINE,
  now: string = DEADLINE,
): CloseBidding => ({
  type: 'CloseBidding',
  data: { reason: 'finalCallExpired', expectedDeadline },
  metadata: metadata(now),
});

export const biddingClosed = (
  reason: BiddingClosed['data']['reason'] = 'closedEarlyByOwner',
  closedAt: string = at(90),
): BiddingClosed => ({ type: 'BiddingClosed', data: { adId: AD_ID, reason, closedAt } });
