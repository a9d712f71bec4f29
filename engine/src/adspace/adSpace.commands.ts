import type { AdSpaceCycle, AdSpaceType } from '../billing/products.ts';
import type { Command } from '../shared/decider.ts';
import type { AdSpaceSource, GalleryType } from './adSpace.events.ts';

/** Starts a space: a paid purchase from now, a won slot on its date. */
export type ActivateAdSpace = Command<
  'ActivateAdSpace',
  {
    readonly spaceId: string;
    readonly userId: string;
    readonly spaceType: AdSpaceType;
    readonly cycle: AdSpaceCycle;
    readonly source: AdSpaceSource;
    /** When it starts; the command time when absent. */
    readonly startsAt?: string;
    /** When it ends; the end of its cycle from `startsAt` when absent (a sold slot: its day's end). */
    readonly endsAt?: string;
    readonly company?: string;
  }
>;

export type UploadCreative = Command<
  'UploadCreative',
  {
    readonly spaceId: string;
    readonly userId: string;
    readonly galleryType: GalleryType;
    readonly name: string;
    readonly thumbnail: string;
    /** Empty: the space's company stays. */
    readonly company: string;
    /** The advertiser's page (http or https), '' for none. */
    readonly link: string;
  }
>;

export type AdSpaceCommand = ActivateAdSpace | UploadCreative;
