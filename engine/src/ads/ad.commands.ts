import type { Command } from '../shared/decider.ts';
import type { AdDetails, BidType, GalleryItem } from './ad.events.ts';

/*
 * What members (and the final-call timer) ask of an ad. Time and ids arrive in
 * `metadata.now` / `metadata.eventId`; the acting user arrives in `data.userId` (the api takes it
 * from the token). Values the spec constrains to a list arrive as free strings and are judged by
 * `decide`, so the api can pass the form through and answer the domain's code.
 */

/** The ad form as submitted: the Ad's fields with list-valued ones as free strings. */
export type AdInput = Omit<
  AdDetails,
  'type' | 'currencycode' | 'ownerOrDealer' | 'newOrused' | 'make' | 'model'
> & {
  readonly type?: string | null;
  /** Defaults to INR. */
  readonly currencycode?: string | null;
  readonly make?: string | null;
  readonly model?: string | null;
  readonly ownerOrDealer?: string | null;
  readonly newOrused?: string | null;
};

export type PostAd = Command<
  'PostAd',
  AdInput & {
    readonly adId: string;
    /** Public id for share links; must contain a hyphen. */
    readonly uid: string;
    readonly postedBy: string;
    readonly postedByUsername: string;
    /** The files uploaded with the form: at least one, at most LIMITS.adMedia.maxFiles. */
    readonly media: readonly GalleryItem[];
  }
>;

export type EditAd = Command<
  'EditAd',
  {
    readonly userId: string;
    readonly changes: Partial<AdInput>;
    /**
     * Optional: fields as the owner's form showed them when opened. If any reads otherwise when the
     * edit is decided, another edit came first and this one would undo it unseen ('AD_CHANGED').
     */
    readonly basis?: Partial<AdDetails>;
  }
>;

export type AddMedia = Command<'AddMedia', GalleryItem & { readonly userId: string }>;

export type RemoveMedia = Command<
  'RemoveMedia',
  { readonly userId: string; readonly name: string }
>;

export type ChooseThumbnail = Command<
  'ChooseThumbnail',
  { readonly userId: string; readonly name: string }
>;

/** The owner arranges the gallery: `order` names every photo and video once, first to last. */
export type ReorderMedia = Command<
  'ReorderMedia',
  { readonly userId: string; readonly order: readonly string[] }
>;

export type PlaceBid = Command<
  'PlaceBid',
  {
    readonly bidId: string;
    /** The bidder's user id. */
    readonly userId: string;
    /** The bidder's login username, against which the alias is checked. */
    readonly username: string;
    readonly bidAlias: string;
    /** Integer paise; null when the form's amount was left empty or is no amount. */
    readonly amount: number | null;
    /**
     * What was sent as the amount when it is no amount in whole paise ('abc', '10.555', one too
     * large): kept with the refusal, so that support sees what the member typed.
     */
    readonly amountSent?: string;
    /** The amount sent is a number too large to be money: refused as such. */
    readonly amountTooLarge?: boolean;
    /** 'Open' or 'Hidden'; anything else (the form's 'Select Type', null) is missing. */
    readonly type: BidType | string | null;
    /** Whether the bidder has an active subscription or trial, looked up by the caller. */
    readonly bidderEntitled: boolean;
  }
>;

export type MakeFinalCall = Command<
  'MakeFinalCall',
  { readonly userId: string; readonly deadline: string }
>;

/** The owner closing early, or the final-call timer closing on expiry. */
export type CloseBidding = Command<
  'CloseBidding',
  | { readonly reason: 'closedEarlyByOwner'; readonly userId: string }
  | {
      readonly reason: 'finalCallExpired';
      /** The deadline the timer was scheduled for; a stale timer (deadline moved) does nothing. */
      readonly expectedDeadline: string;
    }
>;

export type AdCommand =
  | PostAd
  | EditAd
  | AddMedia
  | RemoveMedia
  | ChooseThumbnail
  | ReorderMedia
  | PlaceBid
  | MakeFinalCall
  | CloseBidding;

export type AdCommandType = AdCommand['type'];

export const AD_COMMAND_TYPES = [
  'PostAd',
  'EditAd',
  'AddMedia',
  'RemoveMedia',
  'ChooseThumbnail',
  'ReorderMedia',
  'PlaceBid',
  'MakeFinalCall',
  'CloseBidding',
] as const satisfies readonly AdCommandType[];
