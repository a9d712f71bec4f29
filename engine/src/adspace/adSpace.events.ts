import type { AdSpaceCycle, AdSpaceType } from '../billing/products.ts';
import type { DomainEvent } from '../shared/decider.ts';

/*
 * One advertising space a member holds: bought for a cycle (its id is the purchase's id) or won
 * in a slot auction (its id names the slot). Stream `adspace-<spaceId>`.
 */

export const adSpaceStream = (spaceId: string): string => `adspace-${spaceId}`;

/** The space a won slot gives its winner: `slot-sidePanels-2026-05-10`. */
export const slotSpaceId = (type: AdSpaceType, slotdate: string): string =>
  `slot-${type}-${slotdate}`;

export type AdSpaceSource =
  | { readonly kind: 'purchase'; readonly purchaseId: string }
  | { readonly kind: 'slot'; readonly slotdate: string; readonly bidId: string };

export type AdSpaceActivated = DomainEvent<
  'AdSpaceActivated',
  {
    readonly spaceId: string;
    readonly userId: string;
    readonly spaceType: AdSpaceType;
    readonly cycle: AdSpaceCycle;
    readonly source: AdSpaceSource;
    /** Shown from this instant (inclusive) … */
    readonly startsAt: string;
    /** … until this one (exclusive). */
    readonly endsAt: string;
    /** The company the creative advertises (a won slot's bid names it; else ''). */
    readonly company: string;
    readonly activatedAt: string;
  }
>;

export type GalleryType = 'photos' | 'videos';

/** The creative the space shows from now on (an upload replaces the one before). */
export type CreativeUploaded = DomainEvent<
  'CreativeUploaded',
  {
    readonly spaceId: string;
    readonly userId: string;
    readonly galleryType: GalleryType;
    /** Stored media names (the api turns them into urls). */
    readonly name: string;
    readonly thumbnail: string;
    readonly company: string;
    /** Where a click on the creative goes: the advertiser's page, '' (or absent, on uploads
     * recorded before links) for the creative itself in full. */
    readonly link?: string;
    readonly uploadedAt: string;
  }
>;

export type AdSpaceEvent = AdSpaceActivated | CreativeUploaded;

export const AD_SPACE_EVENT_TYPES = [
  'AdSpaceActivated',
  'CreativeUploaded',
] as const satisfies readonly AdSpaceEvent['type'][];
