import type { DomainEvent } from '../shared/decider.ts';
import type { BID_TYPES, SPORTS_AD_TYPES } from '../shared/limits.ts';

/*
 * The facts of an ad's life (section 3's Ad and Gallery item, section 4's bidding lifecycle).
 * Field names are the spec's; money is integer paise; instants are ISO-8601 strings taken from
 * the command's `metadata.now`.
 */

export const adStream = (adId: string): string => `ad-${adId}`;

export type BidType = (typeof BID_TYPES)[number];
export type SportsAdType = (typeof SPORTS_AD_TYPES)[number];
export const OWNER_OR_DEALER = ['Owner', 'Dealer'] as const;
export type OwnerOrDealer = (typeof OWNER_OR_DEALER)[number];
export const NEW_OR_USED = ['New', 'Used'] as const;
export type NewOrUsed = (typeof NEW_OR_USED)[number];
export const GALLERY_TYPES = ['photos', 'videos'] as const;
export type GalleryType = (typeof GALLERY_TYPES)[number];

export const BID_PHASES = ['beforeFinalCall', 'afterFinalCall'] as const;
export type BidPhase = (typeof BID_PHASES)[number];
export const CLOSE_REASONS = ['closedEarlyByOwner', 'finalCallExpired'] as const;
export type CloseReason = (typeof CLOSE_REASONS)[number];

export const DEFAULT_CURRENCY = 'INR';

/** Section 3's Gallery item. `name` is the stored file's server-generated name: its identity. */
export type GalleryItem = {
  readonly galleryType: GalleryType;
  readonly name: string;
  readonly thumbnail: string;
};

/** The fields an owner writes (and may later edit). */
export type AdDetails = {
  readonly itemName: string;
  readonly categoryname: string;
  readonly subcategory: string;
  /** Sports only; null elsewhere. */
  readonly type: SportsAdType | null;
  /** Integer paise. */
  readonly price: number;
  readonly currencycode: string;
  readonly description: string;
  readonly phone: string;
  readonly displayPhone: boolean;
  readonly houseno: string;
  readonly street: string;
  readonly city: string;
  readonly neighbourHood: string;
  readonly district: string;
  readonly pincode: string;
  readonly state: string;
  readonly country: string;
  // The vehicle fields: set for Automobiles, Ships Boats and Bank Auctions' Cars/Bikes, else null.
  readonly make: string | null;
  readonly model: string | null;
  /** Kilometres (non-negative). */
  readonly mileage: number | null;
  readonly yearOfManufacture: number | null;
  readonly ownerOrDealer: OwnerOrDealer | null;
  readonly newOrused: NewOrUsed | null;
};

export const AD_DETAIL_FIELDS = [
  'itemName',
  'categoryname',
  'subcategory',
  'type',
  'price',
  'currencycode',
  'description',
  'phone',
  'displayPhone',
  'houseno',
  'street',
  'city',
  'neighbourHood',
  'district',
  'pincode',
  'state',
  'country',
  'make',
  'model',
  'mileage',
  'yearOfManufacture',
  'ownerOrDealer',
  'newOrused',
] as const satisfies readonly (keyof AdDetails)[];

export type AdPosted = DomainEvent<
  'AdPosted',
  AdDetails & {
    readonly adId: string;
    /** The public id used in share links; contains a hyphen. */
    readonly uid: string;
    /** The owner's user id. */
    readonly postedBy: string;
    readonly postedByUsername: string;
    readonly postedAt: string;
  }
>;

/** Only the fields whose value changed. */
export type AdEdited = DomainEvent<
  'AdEdited',
  { readonly adId: string; readonly changes: Partial<AdDetails>; readonly editedAt: string }
>;

export type MediaAdded = DomainEvent<
  'MediaAdded',
  GalleryItem & { readonly adId: string; readonly addedAt: string }
>;

export type MediaRemoved = DomainEvent<
  'MediaRemoved',
  { readonly adId: string; readonly name: string; readonly removedAt: string }
>;

/** The owner arranged the gallery: every item's name, first to last. */
export type MediaReordered = DomainEvent<
  'MediaReordered',
  { readonly adId: string; readonly order: readonly string[]; readonly reorderedAt: string }
>;

/** The ad's thumbnail: the thumbnail of one of its gallery items. */
export type ThumbnailChosen = DomainEvent<
  'ThumbnailChosen',
  {
    readonly adId: string;
    readonly name: string;
    readonly thumbnail: string;
    readonly chosenAt: string;
  }
>;

export type BidPlaced = DomainEvent<
  'BidPlaced',
  {
    readonly adId: string;
    readonly bidId: string;
    /** The bidder's user id (section 3's Bid.postedBy). */
    readonly bidderId: string;
    /** The bidder's login username (Bid.postedByUsername); only the ad owner is shown it. */
    readonly username: string;
    /** The name everyone else sees. */
    readonly bidAlias: string;
    /** Integer paise (Bid.bidamt). */
    readonly amount: number;
    readonly type: BidType;
    readonly phase: BidPhase;
    readonly placedAt: string;
  }
>;

export type FinalCallMade = DomainEvent<
  'FinalCallMade',
  { readonly adId: string; readonly deadline: string; readonly madeAt: string }
>;

/**
 * `closedAt` is the command time for an early close, and the final-call deadline itself for an
 * expiry: bidding truly stopped at the deadline, however late the timer ran.
 */
export type BiddingClosed = DomainEvent<
  'BiddingClosed',
  { readonly adId: string; readonly reason: CloseReason; readonly closedAt: string }
>;

export type AdEvent =
  | AdPosted
  | AdEdited
  | MediaAdded
  | MediaRemoved
  | MediaReordered
  | ThumbnailChosen
  | BidPlaced
  | FinalCallMade
  | BiddingClosed;

export type AdEventType = AdEvent['type'];

export const AD_EVENT_TYPES = [
  'AdPosted',
  'AdEdited',
  'MediaAdded',
  'MediaRemoved',
  'MediaReordered',
  'ThumbnailChosen',
  'BidPlaced',
  'FinalCallMade',
  'BiddingClosed',
] as const satisfies readonly AdEventType[];
