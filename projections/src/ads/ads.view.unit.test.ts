import { describe, expect, it } from 'vitest';
import { at, PHOTO, POSTED, T0, VIDEO, mediaAdded } from '@boli/engine/ads/ad.fixtures';
import type { AdEvent } from '@boli/engine/ads/ad.events';
import { evolveAdRow, type AdRow } from './ads.evolve.ts';
import { biddingAt, toAdDetailView, toAdView } from './ads.view.ts';

const rowOf = (events: AdEvent[]): AdRow =>
  events.reduce<AdRow | undefined>((row, event) => evolveAdRow(row, event), undefined)!;

const now = new Date(at(30));
const mediaUrl = (name: string) => `/media/${name}`;

describe('an ad as the api answers it', () => {
  it('carries section 3’s field names, the price in rupees and media URLs', () => {
    const view = toAdView(rowOf(POSTED), { now, mediaUrl });
    expect(view).toMatchObject({
      _id: 'ad-1',
      uid: 'royal-enfield-1',
      itemName: 'Royal Enfield Classic 350',
      price: 125_000,
      neighbourHood: 'Camp',
      postedBy: 'u-ravi',
      postedByUsername: 'ravi_k',
      yearOfManufacture: 2019,
      ownerOrDealer: 'Owner',
      newOrused: 'Used',
      thumbnail: `/media/${PHOTO.thumbnail}`,
      createdAt: T0,
      bidOpen: true,
      finalCallMade: false,
      finalCallDateTime: null,
      closedAt: null,
      closeReason: null,
    });
  });

  it('shows the phone when displayPhone is set, and always to the owner', () => {
    const shown = rowOf(POSTED);
    const hidden = { ...shown, display_phone: false };
    expect(toAdView(shown, { now }).phone).toBe('9876543210');
    expect(toAdView(hidden, { now }).phone).toBe('');
    expect(toAdView(hidden, { now, viewerId: 'u-meena' }).phone).toBe('');
    expect(toAdView(hidden, { now, viewerId: 'u-ravi' }).phone).toBe('9876543210');
  });

  it('shows the house number and street to the owner only; the locality to everyone', () => {
    const row = rowOf(POSTED);
    for (const viewerId of [undefined, 'u-meena']) {
      expect(toAdView(row, { now, viewerId })).toMatchObject({
        houseno: '',
        street: '',
        neighbourHood: 'Camp',
        city: row.city,
        state: row.state,
      });
    }
    expect(toAdView(row, { now, viewerId: 'u-ravi' })).toMatchObject({
      houseno: row.houseno,
      street: row.street,
    });
    expect(row.street).not.toBe('');
  });

  it('lists the gallery with each file’s URL and thumbnail URL', () => {
    const detail = toAdDetailView(rowOf([...POSTED, mediaAdded(VIDEO, at(1))]), { now, mediaUrl });
    expect(detail.gallery).toEqual([
      {
        galleryType: 'photos',
        name: PHOTO.name,
        url: `/media/${PHOTO.name}`,
        thumbnail: `/media/${PHOTO.thumbnail}`,
      },
      {
        galleryType: 'videos',
        name: VIDEO.name,
        url: `/media/${VIDEO.name}`,
        thumbnail: `/media/${VIDEO.thumbnail}`,
      },
    ]);
  });

  it('has no thumbnail URL without media', () => {
    expect(toAdView({ ...rowOf(POSTED), thumbnail: null }, { now }).thumbnail).toBe('');
  });
});

describe('bidding as of the moment asked', () => {
  const open = { closed_at: null, close_reason: null, final_call_date_time: null };
  it('is open until closed', () => {
    expect(biddingAt(open, now)).toEqual({ bidOpen: true, closedAt: null, closeReason: null });
    expect(
      biddingAt({ ...open, closed_at: at(10), close_reason: 'closedEarlyByOwner' }, now),
    ).toEqual({
      bidOpen: false,
      closedAt: at(10),
      closeReason: 'closedEarlyByOwner',
    });
  });

  it('is closed at a final call’s deadline, before the expiry is recorded', () => {
    const finalCall = { ...open, final_call_date_time: at(30) };
    expect(biddingAt(finalCall, new Date(at(29))).bidOpen).toBe(true);
    expect(biddingAt(finalCall, now)).toEqual({
      bidOpen: false,
      closedAt: at(30),
      closeReason: 'finalCallExpired',
    });
  });
});
