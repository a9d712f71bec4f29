import type { AdDetails, AdEvent, CloseReason, GalleryItem } from '@boli/engine/ads/ad.events';
import { coverOf, inOrder } from '@boli/engine/ads/ad.rules';

/*
 * One row of the ads read model (section 3's Ad with its gallery and bidding state), and the pure
 * fold of an ad's events into it. Column names are the table's; money is integer paise.
 */

export type AdRow = {
  readonly ad_id: string;
  readonly uid: string;
  readonly item_name: string;
  readonly categoryname: string;
  readonly subcategory: string;
  readonly type: string | null;
  /** Integer paise. */
  readonly price: number;
  readonly currencycode: string;
  readonly description: string;
  readonly phone: string;
  readonly display_phone: boolean;
  readonly houseno: string;
  readonly street: string;
  readonly city: string;
  readonly neighbourhood: string;
  readonly district: string;
  readonly pincode: string;
  readonly state: string;
  readonly country: string;
  readonly posted_by: string;
  readonly posted_by_username: string;
  readonly make: string | null;
  readonly model: string | null;
  readonly mileage: number | null;
  readonly year_of_manufacture: number | null;
  readonly owner_or_dealer: string | null;
  readonly new_or_used: string | null;
  readonly gallery: readonly GalleryItem[];
  /** The gallery item whose thumbnail is the ad's, as the owner chose it (or null). */
  readonly thumbnail_name: string | null;
  /** The stored thumbnail image's name: the chosen item's, else the first photo's, else null. */
  readonly thumbnail: string | null;
  readonly bid_open: boolean;
  readonly final_call_made: boolean;
  readonly final_call_date_time: string | null;
  readonly closed_at: string | null;
  readonly close_reason: CloseReason | null;
  readonly created_at: string;
  readonly updated_at: string;
};

/** The events this read model folds (bids are the bid read models' business). */
export const AD_ROW_EVENT_TYPES = [
  'AdPosted',
  'AdEdited',
  'MediaAdded',
  'MediaRemoved',
  'MediaReordered',
  'ThumbnailChosen',
  'FinalCallMade',
  'BiddingClosed',
] as const satisfies readonly AdEvent['type'][];

/** Each editable ad field and the column that holds it. */
export const DETAIL_COLUMNS = {
  itemName: 'item_name',
  categoryname: 'categoryname',
  subcategory: 'subcategory',
  type: 'type',
  price: 'price',
  currencycode: 'currencycode',
  description: 'description',
  phone: 'phone',
  displayPhone: 'display_phone',
  houseno: 'houseno',
  street: 'street',
  city: 'city',
  neighbourHood: 'neighbourhood',
  district: 'district',
  pincode: 'pincode',
  state: 'state',
  country: 'country',
  make: 'make',
  model: 'model',
  mileage: 'mileage',
  yearOfManufacture: 'year_of_manufacture',
  ownerOrDealer: 'owner_or_dealer',
  newOrused: 'new_or_used',
} as const satisfies Record<keyof AdDetails, keyof AdRow>;

/** Those of `fields` that are editable ad fields, as the ad's row holds them (an edit's basis). */
export const detailsOfRow = (row: AdRow, fields: readonly string[]): Partial<AdDetails> =>
  Object.fromEntries(
    fields
      .filter((field): field is keyof AdDetails => Object.hasOwn(DETAIL_COLUMNS, field))
      .map((field) => [field, row[DETAIL_COLUMNS[field]]]),
  );

const detailColumns = (details: Partial<AdDetails>): Partial<AdRow> => {
  const columns: Partial<Record<keyof AdRow, unknown>> = {};
  for (const [field, column] of Object.entries(DETAIL_COLUMNS)) {
    const value = details[field as keyof AdDetails];
    if (value !== undefined) columns[column] = value;
  }
  return columns as Partial<AdRow>;
};

/** The thumbnail shown: the chosen item's while it is in the gallery, else the first photo's. */
const withThumbnail = (row: AdRow): AdRow => {
  const chosen = row.gallery.find((item) => item.name === row.thumbnail_name);
  const shown = chosen ?? coverOf(row.gallery);
  return {
    ...row,
    thumbnail_name: chosen?.name ?? null,
    thumbnail: shown?.thumbnail ?? null,
  };
};

/**
 * Folds one event into the ad's row. The row's first event is AdPosted; anything before it (which
 * a valid stream never holds) leaves the row undefined. Never throws.
 */
export function evolveAdRow(row: AdRow | undefined, event: AdEvent): AdRow | undefined {
  if (event.type === 'AdPosted') {
    if (row !== undefined) return row;
    const { adId, uid, postedBy, postedByUsername, postedAt, ...details } = event.data;
    return {
      ...(detailColumns(details) as Omit<AdRow, 'ad_id'>),
      ad_id: adId,
      uid,
      posted_by: postedBy,
      posted_by_username: postedByUsername,
      gallery: [],
      thumbnail_name: null,
      thumbnail: null,
      bid_open: true,
      final_call_made: false,
      final_call_date_time: null,
      closed_at: null,
      close_reason: null,
      created_at: postedAt,
      updated_at: postedAt,
    };
  }
  if (row === undefined) return undefined;
  switch (event.type) {
    case 'AdEdited':
      return { ...row, ...detailColumns(event.data.changes), updated_at: event.data.editedAt };
    case 'MediaAdded': {
      if (row.gallery.some((item) => item.name === event.data.name)) return row;
      const { galleryType, name, thumbnail } = event.data;
      return withThumbnail({
        ...row,
        gallery: [...row.gallery, { galleryType, name, thumbnail }],
        updated_at: event.data.addedAt,
      });
    }
    case 'MediaRemoved':
      return withThumbnail({
        ...row,
        gallery: row.gallery.filter((item) => item.name !== event.data.name),
        updated_at: event.data.removedAt,
      });
    case 'MediaReordered':
      return withThumbnail({
        ...row,
        gallery: inOrder(row.gallery, event.data.order),
        updated_at: event.data.reorderedAt,
      });
    case 'ThumbnailChosen':
      return withThumbnail({
        ...row,
        thumbnail_name: event.data.name,
        updated_at: event.data.chosenAt,
      });
    case 'FinalCallMade':
      return {
        ...row,
        final_call_made: true,
        final_call_date_time: event.data.deadline,
        updated_at: event.data.madeAt,
      };
    case 'BiddingClosed':
      if (row.closed_at !== null) return row;
      return {
        ...row,
        bid_open: false,
        closed_at: event.data.closedAt,
        close_reason: event.data.reason,
        updated_at: event.data.closedAt,
      };
    case 'BidPlaced':
      return row;
    default: {
      const _unknown: never = event;
      return row;
    }
  }
}
