import type { CloseReason, GalleryType } from '@boli/engine/ads/ad.events';
import { paiseToRupees } from '@boli/engine/shared/money';
import type { AdRow } from './ads.evolve.ts';
import type { BidsOnAd } from './ads.queries.ts';

/*
 * The answer shapes of the ads api (contracts.md, docs/api/ads.md): section 3's Ad with rupee
 * prices, media URLs and the bidding state as of the moment asked.
 */

/** A stored media name → the URL the web loads it from (the media port's public path). */
export type MediaUrl = (name: string) => string;
export const defaultMediaUrl: MediaUrl = (name) => `/media/${encodeURIComponent(name)}`;

export type GalleryItemView = {
  readonly galleryType: GalleryType;
  readonly name: string;
  readonly url: string;
  readonly thumbnail: string;
};

export type AdView = {
  readonly _id: string;
  readonly uid: string;
  readonly itemName: string;
  readonly categoryname: string;
  readonly subcategory: string;
  readonly type: string | null;
  /** Rupees. */
  readonly price: number;
  readonly currencycode: string;
  readonly description: string;
  /** Only when displayPhone is set, or to the owner; else ''. */
  readonly phone: string;
  readonly displayPhone: boolean;
  /** House number and street: only to the owner; others see the locality, city and beyond. */
  readonly houseno: string;
  readonly street: string;
  readonly city: string;
  readonly neighbourHood: string;
  readonly district: string;
  readonly pincode: string;
  readonly state: string;
  readonly country: string;
  readonly postedBy: string;
  readonly postedByUsername: string;
  readonly make: string | null;
  readonly model: string | null;
  readonly mileage: number | null;
  readonly yearOfManufacture: number | null;
  readonly ownerOrDealer: string | null;
  readonly newOrused: string | null;
  /** URL, or '' when the ad has no media. */
  readonly thumbnail: string;
  readonly createdAt: string;
  readonly bidOpen: boolean;
  readonly finalCallMade: boolean;
  readonly finalCallDateTime: string | null;
  readonly closedAt: string | null;
  readonly closeReason: CloseReason | null;
};

export type AdDetailView = AdView & { readonly gallery: readonly GalleryItemView[] };

export type ViewOptions = {
  /** The signed-in viewer, if any: the owner always sees the ad's phone. */
  readonly viewerId?: string | undefined;
  /** The moment the answer is for: a final call whose deadline has passed is closed. */
  readonly now: Date;
  readonly mediaUrl?: MediaUrl;
};

/**
 * Bidding as of `now` (section 4): closed when the owner closed it or the expiry was recorded,
 * and also once a final call's deadline has come, before the expiry timer has run.
 */
export function biddingAt(
  row: Pick<AdRow, 'closed_at' | 'close_reason' | 'final_call_date_time'>,
  now: Date,
): { bidOpen: boolean; closedAt: string | null; closeReason: CloseReason | null } {
  if (row.closed_at !== null) {
    return { bidOpen: false, closedAt: row.closed_at, closeReason: row.close_reason };
  }
  const deadline = row.final_call_date_time;
  if (deadline !== null && now.getTime() >= Date.parse(deadline)) {
    return { bidOpen: false, closedAt: deadline, closeReason: 'finalCallExpired' };
  }
  return { bidOpen: true, closedAt: null, closeReason: null };
}

export function toAdView(row: AdRow, options: ViewOptions): AdView {
  const mediaUrl = options.mediaUrl ?? defaultMediaUrl;
  const owner = options.viewerId === row.posted_by;
  const showPhone = row.display_phone || owner;
  return {
    _id: row.ad_id,
    uid: row.uid,
    itemName: row.item_name,
    categoryname: row.categoryname,
    subcategory: row.subcategory,
    type: row.type,
    price: paiseToRupees(row.price),
    currencycode: row.currencycode,
    description: row.description,
    phone: showPhone ? row.phone : '',
    displayPhone: row.display_phone,
    // Where the seller lives is theirs to give (the spec shows a profile's address only with
    // showAddress); a buyer needs the locality to judge the distance.
    houseno: owner ? row.houseno : '',
    street: owner ? row.street : '',
    city: row.city,
    neighbourHood: row.neighbourhood,
    district: row.district,
    pincode: row.pincode,
    state: row.state,
    country: row.country,
    postedBy: row.posted_by,
    postedByUsername: row.posted_by_username,
    make: row.make,
    model: row.model,
    mileage: row.mileage,
    yearOfManufacture: row.year_of_manufacture,
    ownerOrDealer: row.owner_or_dealer,
    newOrused: row.new_or_used,
    thumbnail: row.thumbnail === null ? '' : mediaUrl(row.thumbnail),
    createdAt: row.created_at,
    finalCallMade: row.final_call_made,
    finalCallDateTime: row.final_call_date_time,
    ...biddingAt(row, options.now),
  };
}

export const toGalleryItemViews = (
  row: Pick<AdRow, 'gallery'>,
  mediaUrl: MediaUrl = defaultMediaUrl,
): GalleryItemView[] =>
  row.gallery.map((item) => ({
    galleryType: item.galleryType,
    name: item.name,
    url: mediaUrl(item.name),
    thumbnail: mediaUrl(item.thumbnail),
  }));

export const toAdDetailView = (row: AdRow, options: ViewOptions): AdDetailView => ({
  ...toAdView(row, options),
  gallery: toGalleryItemViews(row, options.mediaUrl),
});

/** My Bids' line for one ad: the member's own bids on it (docs/api/ads.md). */
export type MyBidsView = {
  readonly bids: number;
  /** The member's highest bid, in rupees, and its type. */
  readonly highest: { readonly amount: number; readonly type: string };
  readonly lastBidAt: string;
  /**
   * Once bidding has closed, whether the member's bid won ('highest') or another did
   * ('notHighest'); null while it is open, when saying so would give a Hidden bid away.
   */
  readonly result: 'highest' | 'notHighest' | null;
  /**
   * While bidding is open, the Open bid (rupees) above the member's highest, as their outbid
   * notification names it; null when none is (a Hidden bid above theirs is never told).
   */
  readonly outbidBy: number | null;
};

export const toMyBidsView = (mine: BidsOnAd, bidOpen: boolean): MyBidsView => ({
  bids: mine.bids,
  highest: { amount: paiseToRupees(mine.highest), type: mine.highestType },
  lastBidAt: mine.lastBidAt.toISOString(),
  result: bidOpen ? null : mine.leading ? 'highest' : 'notHighest',
  outbidBy:
    bidOpen && mine.openHigh !== null && mine.openHigh > mine.highest
      ? paiseToRupees(mine.openHigh)
      : null,
});
