import type { PostAd } from '@boli/engine/ads/ad.commands';
import { adStream, type AdEvent } from '@boli/engine/ads/ad.events';
import { normalizeAd } from '@boli/engine/ads/ad.rules';
import type { BulkEvent, NewStream } from '@boli/engine/eventStore/postgres/bulkAppend';
import { adForm, popularSubcategory, slugOf } from './ads.ts';
import { demoId } from './members.ts';
import { seededRandom } from './random.ts';
import type { DemoReference } from './reference.ts';

/*
 * Synthetic ads for benchmarks (`npm run ops -- seed-scale <n>`): the demo's ad forms — real
 * items, prices, places, makes and models, spread the way listings are — by sellers who exist
 * only as ids, all sharing one placeholder picture. Ad i is the same on every run.
 *
 * A million of them must be built in a minute or two, so this skips what costs most per ad and
 * changes nothing in the result: ids are patterned (not name-hashed), and the events are the ones
 * PostAd decides, written out directly (the fields judged by the domain's own normalizeAd) with
 * their canonical JSON. The unit test holds them equal to the decider's events and to
 * hashChain.ts's canonicalJson.
 */

/** Sellers the synthetic ads are spread over. */
export const SYNTHETIC_SELLERS = 5_000;
/** Synthetic ads were posted over the year before the run. */
const SPREAD_MS = 365 * 24 * 3600_000;

/** A UUID-shaped id: a fixed prefix naming what it is, and the number. */
const patternedId = (prefix: string, n: number): string =>
  `${prefix}-4000-8000-${n.toString(16).padStart(12, '0')}`;

export const syntheticPlaceholder = {
  galleryType: 'photos' as const,
  name: `${demoId('scale/placeholder')}.jpg`,
  thumbnail: `${demoId('scale/placeholder')}.thumb.jpg`,
};

export const syntheticAdId = (index: number): string => patternedId('5ca1e0ad-0000', index);
const syntheticEventId = (index: number, k: number): string =>
  patternedId(`5ca1e0e0-000${k}`, index);
const sellerId = (seller: number): string => patternedId('5ca1e05e-0000', seller);

export function syntheticPostAd(
  reference: DemoReference,
  index: number,
  total: number,
  now: number,
): PostAd {
  const random = seededRandom(0x9e3779b1 ^ Math.imul(index + 1, 0x85ebca6b));
  const [category, subcategory] = popularSubcategory(random, reference);
  const place = random.pick(reference.places);
  // Oldest first: ad 0 a year ago, the last one just now.
  const postedAt = new Date(now - ((total - index) / total) * SPREAD_MS).toISOString();
  const form = adForm(random, reference, { category, subcategory, place, now: postedAt });
  const seller = random.int(0, SYNTHETIC_SELLERS - 1);
  const postedBy = sellerId(seller);
  const adId = syntheticAdId(index);
  return {
    type: 'PostAd',
    data: {
      ...form,
      phone: `9${String(100_000_000 + seller).padStart(9, '0')}`,
      displayPhone: random.chance(0.5),
      adId,
      uid: `${slugOf(form.itemName)}-${adId.slice(0, 8)}`,
      postedBy,
      postedByUsername: `seller${seller}`,
      media: [syntheticPlaceholder],
    },
    metadata: {
      eventId: syntheticEventId(index, 0),
      now: postedAt,
      actor: { role: 'member', userId: postedBy },
    },
  };
}

/** The object with its keys in canonicalJson's order (flat values, or objects already sorted). */
const sortedKeys = <T extends object>(value: T): T =>
  Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, (value as Record<string, unknown>)[key]]),
  ) as T;

/**
 * The ad's stream as PostAd through the ads decider writes it: AdPosted, MediaAdded and
 * ThumbnailChosen of the one placeholder picture.
 */
export function syntheticAdStream(command: PostAd): NewStream {
  const { adId, uid, postedBy, postedByUsername, media: _media, ...input } = command.data;
  const { now } = command.metadata;
  const { details, errors } = normalizeAd(input, now);
  if (errors.length > 0) throw new Error(`synthetic ad ${adId} breaks ${errors[0]!.code}`);
  const { name, thumbnail, galleryType } = syntheticPlaceholder;
  const decided: AdEvent[] = [
    {
      type: 'AdPosted',
      data: { adId, uid, ...details, postedBy, postedByUsername, postedAt: now },
    },
    { type: 'MediaAdded', data: { adId, galleryType, name, thumbnail, addedAt: now } },
    { type: 'ThumbnailChosen', data: { adId, name, thumbnail, chosenAt: now } },
  ];
  const commandId = command.metadata.eventId;
  const index = parseInt(adId.slice(-12), 16);
  const events = decided.map((event, k): BulkEvent => {
    const data = sortedKeys(event.data);
    const metadata = sortedKeys({
      ...command.metadata,
      actor: sortedKeys(command.metadata.actor!),
      eventId: k === 0 ? commandId : syntheticEventId(index, k),
      causationId: commandId,
      correlationId: commandId,
    });
    return {
      type: event.type,
      data,
      metadata,
      canonicalData: JSON.stringify(data),
      canonicalMetadata: JSON.stringify(metadata),
    };
  });
  return { streamId: adStream(adId), events };
}
