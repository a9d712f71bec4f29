import { describe, expect, it } from 'vitest';
import type { AdEvent } from '@boli/engine/ads/ad.events';
import {
  AD_ID,
  adPosted,
  at,
  mediaAdded,
  PHOTO,
  photo,
  POSTED,
  T0,
  thumbnailChosen,
  VIDEO,
} from '@boli/engine/ads/ad.fixtures';
import { evolveAdRow, type AdRow } from './ads.evolve.ts';

const fold = (events: AdEvent[], from?: AdRow): AdRow | undefined =>
  events.reduce<AdRow | undefined>((row, event) => evolveAdRow(row, event), from);

const posted = (): AdRow => fold(POSTED)!;

describe('an ad’s row, folded from its events', () => {
  it('holds every field of the posted ad, its gallery and thumbnail, bidding open', () => {
    expect(posted()).toMatchObject({
      ad_id: AD_ID,
      uid: 'royal-enfield-1',
      item_name: 'Royal Enfield Classic 350',
      categoryname: 'Automobiles',
      subcategory: 'Bikes',
      price: 12_500_000,
      currencycode: 'INR',
      neighbourhood: 'Camp',
      make: 'Royal Enfield',
      model: 'Classic 350',
      mileage: 18_000,
      year_of_manufacture: 2019,
      owner_or_dealer: 'Owner',
      new_or_used: 'Used',
      posted_by: 'u-ravi',
      gallery: [PHOTO],
      thumbnail_name: PHOTO.name,
      thumbnail: PHOTO.thumbnail,
      bid_open: true,
      final_call_made: false,
      final_call_date_time: null,
      closed_at: null,
      close_reason: null,
      created_at: T0,
    });
  });

  it('knows nothing of an ad before it is posted, and a second AdPosted changes nothing', () => {
    expect(evolveAdRow(undefined, mediaAdded())).toBeUndefined();
    const row = posted();
    expect(evolveAdRow(row, adPosted(at(5)))).toBe(row);
  });

  it('applies only the changed fields of an edit', () => {
    const row = evolveAdRow(posted(), {
      type: 'AdEdited',
      data: {
        adId: AD_ID,
        changes: { price: 11_000_000, neighbourHood: 'Kothrud' },
        editedAt: at(3),
      },
    })!;
    expect(row).toMatchObject({
      price: 11_000_000,
      neighbourhood: 'Kothrud',
      item_name: 'Royal Enfield Classic 350',
      updated_at: at(3),
    });
  });

  it('falls back to the first photo when the chosen thumbnail’s item is removed', () => {
    const row = fold(
      [
        mediaAdded(VIDEO, at(1)),
        mediaAdded(photo(2), at(2)),
        thumbnailChosen(VIDEO, at(3)),
        { type: 'MediaRemoved', data: { adId: AD_ID, name: VIDEO.name, removedAt: at(4) } },
      ],
      posted(),
    )!;
    expect(row.gallery.map((item) => item.name)).toEqual([PHOTO.name, photo(2).name]);
    expect(row.thumbnail).toBe(PHOTO.thumbnail);
    expect(row.thumbnail_name).toBeNull();
  });

  it('lists the gallery in the order its owner arranged it', () => {
    const order = [photo(2).name, VIDEO.name, PHOTO.name];
    const row = fold(
      [
        mediaAdded(VIDEO, at(1)),
        mediaAdded(photo(2), at(2)),
        { type: 'MediaReordered', data: { adId: AD_ID, order, reorderedAt: at(3) } },
      ],
      posted(),
    )!;
    expect(row.gallery.map((item) => item.name)).toEqual(order);
    expect(row.updated_at).toBe(at(3));
  });

  it('shows the new first photo when no thumbnail is chosen and the gallery is arranged', () => {
    const row = fold(
      [
        mediaAdded(photo(2), at(1)),
        mediaAdded(photo(3), at(2)),
        // The chosen thumbnail's photo removed: the first photo shows.
        { type: 'MediaRemoved', data: { adId: AD_ID, name: PHOTO.name, removedAt: at(3) } },
        {
          type: 'MediaReordered',
          data: { adId: AD_ID, order: [photo(3).name, photo(2).name], reorderedAt: at(4) },
        },
      ],
      posted(),
    )!;
    expect(row.thumbnail_name).toBeNull();
    expect(row.thumbnail).toBe(photo(3).thumbnail);
  });

  it('adds a retried file once', () => {
    expect(fold([mediaAdded(PHOTO, at(1))], posted())!.gallery).toHaveLength(1);
  });

  it('records the final call and the close, keeping the first close', () => {
    const row = fold(
      [
        { type: 'FinalCallMade', data: { adId: AD_ID, deadline: at(60), madeAt: at(10) } },
        {
          type: 'BiddingClosed',
          data: { adId: AD_ID, reason: 'closedEarlyByOwner', closedAt: at(20) },
        },
        {
          type: 'BiddingClosed',
          data: { adId: AD_ID, reason: 'finalCallExpired', closedAt: at(60) },
        },
      ],
      posted(),
    )!;
    expect(row).toMatchObject({
      final_call_made: true,
      final_call_date_time: at(60),
      bid_open: false,
      closed_at: at(20),
      close_reason: 'closedEarlyByOwner',
    });
  });
});
