import type { AdCommand, PlaceBid, PostAd } from '@boli/engine/ads/ad.commands';
import type { GalleryItem } from '@boli/engine/ads/ad.events';
import { adForm, popularSubcategory, slugOf, subcategoriesOf } from './ads.ts';
import { demoId, type DemoMember } from './members.ts';
import { seededRandom, type Random } from './random.ts';
import type { DemoReference } from './reference.ts';

/*
 * The demo catalogue as plain data: which ads, by whom, when, with which pictures, and the bids
 * on some of them. Pure and deterministic for a given `now`, so the unit tests can run every
 * command through the deciders, and a second seed finds every id already stored.
 */

export const DEMO_AD_COUNT = 300;
/** Ads are spread over this many hours before the seed ran. */
const POSTING_WINDOW_HOURS = 48;

/** A picture to render: what it shows, and the names it is stored under. */
export type DemoPicture = GalleryItem & {
  title: string;
  subtitle: string;
  caption: string;
  hue: number;
  /** 1-based position in the ad's gallery, and the gallery's size. */
  position: number;
  of: number;
};

export type DemoAd = {
  index: number;
  adId: string;
  owner: DemoMember;
  pictures: DemoPicture[];
  /** The command, with `media` the pictures' gallery items. */
  command: PostAd;
};

export type DemoBid = { adId: string; bidder: DemoMember; command: PlaceBid };

/**
 * How some auctions of the demo have gone on after their bids: the owner closed early, or made a
 * final call after `bidsBefore` of them — its deadline days ahead (the countdown runs), or passed
 * (the expiry timer closes the ad once the worker runs).
 */
export type DemoEnding =
  | { kind: 'closedEarly'; adId: string; owner: DemoMember; at: string }
  | {
      kind: 'finalCall';
      adId: string;
      owner: DemoMember;
      at: string;
      deadline: string;
      bidsBefore: number;
    };

export type DemoCatalogue = { ads: DemoAd[]; bids: DemoBid[]; endings: DemoEnding[] };

const minutesBefore = (now: string, minutes: number): string =>
  new Date(Date.parse(now) - Math.round(minutes) * 60_000).toISOString();

function shuffled<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = random.int(0, i);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

const rupees = (paise: number): string => `₹ ${(paise / 100).toLocaleString('en-IN')}`;

/** Every subcategory at least once, the rest drawn by popularity; shuffled, oldest first. */
function plannedSubcategories(random: Random, reference: DemoReference, count: number) {
  const all = subcategoriesOf(reference);
  const extra = Array.from({ length: Math.max(0, count - all.length) }, () =>
    popularSubcategory(random, reference),
  );
  return shuffled(random, [...all, ...extra]).slice(0, count);
}

/** When the demo members' accounts were verified: just before the first ad. */
export const demoVerifiedAt = (now: string): string =>
  minutesBefore(now, POSTING_WINDOW_HOURS * 60 + 30);

export function demoCatalogue(
  reference: DemoReference,
  members: readonly DemoMember[],
  now: string,
  count: number = DEMO_AD_COUNT,
): DemoCatalogue {
  const random = seededRandom(5);
  const step = (POSTING_WINDOW_HOURS * 60) / count;
  const ads = plannedSubcategories(random, reference, count).map(
    ([category, subcategory], index): DemoAd => {
      const owner = members[random.int(0, members.length - 1)]!;
      const place = random.pick(reference.places);
      // Oldest first, a few minutes apart, the last one a minute before the seed ran.
      const postedAt = minutesBefore(now, (count - index) * step - random.next() * step * 0.8);
      const form = adForm(random, reference, { category, subcategory, place, now: postedAt });
      const adId = demoId(`ad/${index}`);
      const of = random.int(1, 3);
      const pictures = Array.from({ length: of }, (_, k): DemoPicture => {
        const id = demoId(`ad/${index}/picture/${k}`);
        return {
          galleryType: 'photos',
          name: `${id}.jpg`,
          thumbnail: `${id}.thumb.jpg`,
          title: form.itemName,
          subtitle: `${category} · ${subcategory}`,
          caption: `${rupees(form.price)} · ${form.city}`,
          hue: (index * 47 + k * 25) % 360,
          position: k + 1,
          of,
        };
      });
      const command: PostAd = {
        type: 'PostAd',
        data: {
          ...form,
          phone: owner.phone,
          displayPhone: random.chance(0.6),
          adId,
          uid: `${slugOf(form.itemName)}-${adId.slice(0, 8)}`,
          postedBy: owner.userId,
          postedByUsername: owner.username,
          media: pictures.map(({ galleryType, name, thumbnail }) => ({
            galleryType,
            name,
            thumbnail,
          })),
        },
        metadata: {
          eventId: demoId(`ad/${index}/post`),
          now: postedAt,
          actor: { userId: owner.userId, role: 'member' },
        },
      };
      return { index, adId, owner, pictures, command };
    },
  );
  const { bids, endings } = demoBidding(random, ads, members, now);
  return { ads, bids, endings };
}

/** Nobody bids on a job or a service; things, vehicles and property draw bidders. */
const BIDDABLE = (category: string): boolean => !['Jobs', 'Services'].includes(category);

/**
 * About one biddable ad in seven gets one to six bids from other members, each higher than the
 * last, a few Hidden. Of every ten such auctions the owner closed one early, and made a final call
 * on two: one still running, with a bid or two after it, and one whose deadline has passed.
 * The endings draw from a generator of their own, so the bids are those earlier demos drew.
 */
function demoBidding(
  random: Random,
  ads: readonly DemoAd[],
  members: readonly DemoMember[],
  now: string,
): { bids: DemoBid[]; endings: DemoEnding[] } {
  const bids: DemoBid[] = [];
  const endings: DemoEnding[] = [];
  const endingRandom = seededRandom(2026);
  let auctions = 0;
  for (const ad of ads) {
    const { data, metadata } = ad.command;
    if (!BIDDABLE(data.categoryname) || !random.chance(0.15)) continue;
    const bidders = shuffled(
      random,
      members.filter((m) => m.userId !== ad.owner.userId),
    ).slice(0, random.int(1, 6));
    const posted = Date.parse(metadata.now);
    const span = Date.parse(now) - posted;
    let amount = Math.round((data.price * (0.75 + random.next() * 0.15)) / 100) * 100;
    let at = posted;
    const placed: number[] = [];
    for (const [k, bidder] of bidders.entries()) {
      at += (span / (bidders.length + 2)) * (0.5 + random.next());
      amount = Math.round((amount * (1.02 + random.next() * 0.05)) / 100) * 100;
      placed.push(Math.min(at, Date.parse(now) - 60_000));
      bids.push({
        adId: ad.adId,
        bidder,
        command: {
          type: 'PlaceBid',
          data: {
            bidId: demoId(`ad/${ad.index}/bid/${k}`),
            userId: bidder.userId,
            username: bidder.username,
            bidAlias: bidder.bidAlias,
            amount: Math.max(100, amount),
            type: random.chance(0.25) ? 'Hidden' : 'Open',
            bidderEntitled: true,
          },
          metadata: {
            eventId: demoId(`ad/${ad.index}/bid/${k}/place`),
            now: new Date(placed.at(-1)!).toISOString(),
            actor: { userId: bidder.userId, role: 'member' },
          },
        },
      });
    }
    const ending = demoEnding(endingRandom, ++auctions, ad, placed, Date.parse(now));
    if (ending) endings.push(ending);
  }
  return { bids, endings };
}

const HOUR_MS = 3_600_000;

/** Which auctions of every ten end how (by their place in the ten); the others stay open. */
const ENDING_BY_PLACE: Readonly<
  Record<number, 'closedEarly' | 'finalCallRunning' | 'finalCallPassed'>
> = {
  0: 'closedEarly',
  1: 'finalCallRunning',
  2: 'finalCallPassed',
};

/** How the `auction`-th auction ended, if it did: its bids were placed at `placed` (ms). */
function demoEnding(
  random: Random,
  auction: number,
  ad: DemoAd,
  placed: readonly number[],
  now: number,
): DemoEnding | undefined {
  const { adId, owner } = ad;
  const last = placed.at(-1)!;
  const ending = ENDING_BY_PLACE[auction % 10];
  if (ending === undefined) return undefined;
  if (ending === 'closedEarly') {
    const at = Math.min(last + 30 * 60_000, now - 30_000);
    return { kind: 'closedEarly', adId, owner, at: new Date(at).toISOString() };
  }
  const running = ending === 'finalCallRunning';
  // A running final call has a bid or two after it when there are enough bids.
  const bidsBefore = running
    ? placed.length - random.int(0, Math.min(2, placed.length - 1))
    : placed.length;
  const before = placed[bidsBefore - 1]!;
  const at = Math.round(
    (before + (placed[bidsBefore] ?? Math.min(before + HOUR_MS, now - 30_000))) / 2,
  );
  const deadline = running
    ? Math.ceil(now / HOUR_MS) * HOUR_MS + random.int(24, 95) * HOUR_MS
    : Math.max(at, last) + 30_000;
  return {
    kind: 'finalCall',
    adId,
    owner,
    at: new Date(at).toISOString(),
    deadline: new Date(deadline).toISOString(),
    bidsBefore,
  };
}

/**
 * The commands of one ad's auction in the order they were given: its bids, with the final call
 * among them or the early close after them. Ids are fixed, so a second seed finds them stored.
 */
export function auctionCommands(bids: readonly DemoBid[], ending?: DemoEnding): AdCommand[] {
  const commands: AdCommand[] = bids.map((bid) => bid.command);
  if (ending === undefined) return commands;
  const actor = { userId: ending.owner.userId, role: 'member' as const };
  if (ending.kind === 'closedEarly') {
    return [
      ...commands,
      {
        type: 'CloseBidding',
        data: { reason: 'closedEarlyByOwner', userId: ending.owner.userId },
        metadata: { eventId: demoId(`close/${ending.adId}`), now: ending.at, actor },
      },
    ];
  }
  const finalCall: AdCommand = {
    type: 'MakeFinalCall',
    data: { userId: ending.owner.userId, deadline: ending.deadline },
    metadata: { eventId: demoId(`finalCall/${ending.adId}`), now: ending.at, actor },
  };
  return [...commands.slice(0, ending.bidsBefore), finalCall, ...commands.slice(ending.bidsBefore)];
}
