import type { PlaceBid, PostAd } from '@boli/engine/ads/ad.commands';
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
export type DemoClose = { adId: string; owner: DemoMember; at: string };

export type DemoCatalogue = { ads: DemoAd[]; bids: DemoBid[]; closes: DemoClose[] };

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
  const { bids, closes } = demoBidding(random, ads, members, now);
  return { ads, bids, closes };
}

/** Nobody bids on a job or a service; things, vehicles and property draw bidders. */
const BIDDABLE = (category: string): boolean => !['Jobs', 'Services'].includes(category);

/**
 * About one biddable ad in seven gets one to six bids from other members, each higher than the
 * last, a few Hidden; one in ten of those its owner then closed.
 */
function demoBidding(
  random: Random,
  ads: readonly DemoAd[],
  members: readonly DemoMember[],
  now: string,
): { bids: DemoBid[]; closes: DemoClose[] } {
  const bids: DemoBid[] = [];
  const closes: DemoClose[] = [];
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
    for (const [k, bidder] of bidders.entries()) {
      at += (span / (bidders.length + 2)) * (0.5 + random.next());
      amount = Math.round((amount * (1.02 + random.next() * 0.05)) / 100) * 100;
      const placedAt = new Date(Math.min(at, Date.parse(now) - 60_000)).toISOString();
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
            now: placedAt,
            actor: { userId: bidder.userId, role: 'member' },
          },
        },
      });
    }
    if (++auctions % 10 === 0) {
      const closedAt = Math.min(at + 30 * 60_000, Date.parse(now) - 30_000);
      closes.push({ adId: ad.adId, owner: ad.owner, at: new Date(closedAt).toISOString() });
    }
  }
  return { bids, closes };
}
