import type { CloseReason, GalleryType } from '@boli/engine/ads/ad.events';

/*
 * The ads api's answers as the web reads them (/work/contracts.md, "Ads"): section 3's Ad with
 * money in rupees and instants as ISO-8601 strings. Other features (bidding) import AdView here.
 */

/** One ad as every list and the detail carry it. */
export type AdView = {
  _id: string;
  uid: string;
  itemName: string;
  categoryname: string;
  subcategory: string;
  /** Sports only: 'Team' or 'Player'. */
  type: string | null;
  /** Rupees. */
  price: number;
  currencycode: string;
  description: string;
  /** '' unless displayPhone is set, or the viewer owns the ad. */
  phone: string;
  displayPhone: boolean;
  houseno: string;
  street: string;
  city: string;
  neighbourHood: string;
  district: string;
  pincode: string;
  state: string;
  country: string;
  postedBy: string;
  postedByUsername: string;
  make: string | null;
  model: string | null;
  mileage: number | null;
  yearOfManufacture: number | null;
  ownerOrDealer: string | null;
  newOrused: string | null;
  /** A URL, or '' when the ad has no picture yet. */
  thumbnail: string;
  createdAt: string;
  bidOpen: boolean;
  finalCallMade: boolean;
  finalCallDateTime: string | null;
  closedAt: string | null;
  closeReason: CloseReason | null;
  /**
   * On the owner's My Ads (GET /api/posts/myPosts) only: how many bids, and the top-ranked one
   * (rupees), Hidden ones included.
   */
  ownerBids?: { bids: number; highest: { amount: number; username: string } | null };
  /**
   * On My Bids (GET /api/posts/myBids) only: the member's own bids on the ad — how many, the
   * highest (rupees) and its type — and, once bidding has closed, whether theirs won; while it
   * is open, the Open bid above theirs (rupees), if one is.
   */
  myBids?: {
    bids: number;
    highest: { amount: number; type: string };
    lastBidAt: string;
    result: 'highest' | 'notHighest' | null;
    outbidBy?: number | null;
  };
};

export type GalleryItemView = {
  galleryType: GalleryType;
  /** The stored file's name: the item's identity in remove and thumbnail calls. */
  name: string;
  url: string;
  thumbnail: string;
  /** In a POST /api/gallery/upload answer: this item is one that request stored. */
  added?: true;
};

export type AdDetailView = AdView & {
  gallery: GalleryItemView[];
  /** Staff only: its owner is blocked, so members cannot see it or bid on it (docs/api/accounts.md). */
  withdrawn?: boolean;
};

/**
 * A page of ads: GET /api/globalAds, /api/posts/filter, /api/posts/searchAds, /api/posts/myPosts,
 * /api/posts/myBids.
 */
export type AdPage = { ads: AdView[]; page: number; pageSize: number };

/** POST /api/gallery/stage: one file kept aside until the ad that uses it is posted. */
export type StagedMedia = { stagedId: string; galleryType: GalleryType; thumbnail: string };

/** The answer of the user's address (GET /api/user/getUserAddress). */
export type ProfileAddress = {
  houseno: string;
  street: string;
  city: string;
  neighbourHood: string;
  district: string;
  state: string;
  country: string;
  pincode: string;
  /** Country, state, city and street are all filled in: the member may post ads. */
  complete: boolean;
};

/** Reference data (GET /api/posts/category, /api/posts/subcategory). */
export type CategoryView = { _id: string; name: string; slug: string; specialFilters: string[] };
export type NamedView = { _id: string; name: string };

export const AD_PATHS = {
  globalAds: '/api/globalAds',
  filter: '/api/posts/filter',
  search: '/api/posts/searchAds',
  myPosts: '/api/posts/myPosts',
  myBids: '/api/posts/myBids',
  userPosts: '/api/posts/userPosts',
  byId: '/api/posts/post',
  byUid: '/api/posts/postUID',
  post: '/api/posts/',
  edit: '/api/posts/edit',
  stage: '/api/gallery/stage',
  media: '/api/gallery/media',
  upload: '/api/gallery/upload',
  remove: '/api/gallery/remove',
  thumbnail: '/api/gallery/thumbnail',
  order: '/api/gallery/order',
  userAddress: '/api/user/getUserAddress',
  categories: '/api/posts/category',
  subcategories: '/api/posts/subcategory',
  makes: '/api/manufacturer/getMakes',
  models: '/api/manufacturer/getModels',
  years: '/api/posts/manufacturingYears',
  /** The Neighbourhood filter's choices: the district's list and those its ads name. */
  adNeighbourhoods: '/api/posts/neighbourhoods',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The id in /ads/{ad_id} (and /editAd/{uid}) is either an ad's id (a UUID, as notices' links name
 * it; or without a hyphen) or its uid (a slug of its name, with hyphens: the share link's). The
 * api finds an ad by either through both calls; the bids api takes only the id.
 */
export function adReference(adId: string): { uid: string } | { id: string } {
  return adId.includes('-') && !UUID.test(adId) ? { uid: adId } : { id: adId };
}

/** The call that reads one ad by what the path gives. */
export function adDetailRequest(adId: string): {
  path: string;
  query: Record<string, string>;
} {
  const reference = adReference(adId);
  return 'uid' in reference
    ? { path: AD_PATHS.byUid, query: { item_uid: reference.uid } }
    : { path: AD_PATHS.byId, query: { item_id: reference.id } };
}

/** The ads of a page answer; anything unreadable is no ads. */
export function adsOf(data: unknown): AdView[] {
  if (typeof data !== 'object' || data === null) return [];
  const ads = (data as { ads?: unknown }).ads;
  return Array.isArray(ads) ? (ads as AdView[]) : [];
}

/** The path of an ad's detail page, by uid when it has one (that is the share link). */
export const adPath = (ad: Pick<AdView, '_id' | 'uid'>): string =>
  `/ads/${encodeURIComponent(ad.uid || ad._id)}`;

/** The owner's Edit Ad page of an ad, by uid when it has one. */
export const editAdPath = (ad: Pick<AdView, '_id' | 'uid'>): string =>
  `/editAd/${encodeURIComponent(ad.uid || ad._id)}`;

/** The owner's page of an ad's photos and videos. */
export const adMediaPath = (ad: Pick<AdView, '_id'>): string =>
  `/postAd/media/${encodeURIComponent(ad._id)}`;
