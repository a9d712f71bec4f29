import type { SlotBidRow, SpaceRow, CalendarRow } from '@boli/projections/adspace/adspace.queries';
import { paiseToRupees } from '@boli/engine/shared/money';

/* The ad space api's answers (docs/api/adspace.md): rupees at the edge, media names as urls. */

type MediaUrl = (name: string) => string;

export type CreativeView = {
  galleryType: 'photos' | 'videos';
  name: string;
  url: string;
  thumbnail: string;
  /** The advertiser's page, '' for none. */
  link: string;
};

export type SpaceView = {
  _id: string;
  name: string;
  cycle: string;
  startsAt: string;
  endsAt: string;
  status: 'active' | 'scheduled' | 'ended';
  slotdate: string | null;
  company: string;
  creative: CreativeView | null;
};

export type ShownCreative = {
  spaceId: string;
  galleryType: 'photos' | 'videos';
  url: string;
  thumbnail: string;
  /** Where a click goes: the advertiser's page, else the creative in full. */
  link: string;
  company: string;
};

export const creativeView = (space: SpaceRow, mediaUrl: MediaUrl): CreativeView | null =>
  space.creative === null
    ? null
    : {
        galleryType: space.creative.galleryType,
        name: space.creative.name,
        url: mediaUrl(space.creative.name),
        thumbnail: mediaUrl(space.creative.thumbnail),
        link: space.creative.link,
      };

const statusAt = (space: SpaceRow, now: Date): SpaceView['status'] =>
  now.getTime() < Date.parse(space.startsAt)
    ? 'scheduled'
    : now.getTime() < Date.parse(space.endsAt)
      ? 'active'
      : 'ended';

export const spaceView = (space: SpaceRow, now: Date, mediaUrl: MediaUrl): SpaceView => ({
  _id: space.spaceId,
  name: space.spaceType,
  cycle: space.cycle,
  startsAt: space.startsAt,
  endsAt: space.endsAt,
  status: statusAt(space, now),
  slotdate: space.slotDate,
  company: space.company,
  creative: creativeView(space, mediaUrl),
});

export type ActiveSpaces = Record<
  'inStream' | 'betweenPosts' | 'sidePanels' | 'authPages',
  ShownCreative[]
>;

export function activeView(spaces: readonly SpaceRow[], mediaUrl: MediaUrl): ActiveSpaces {
  const shown: ActiveSpaces = { inStream: [], betweenPosts: [], sidePanels: [], authPages: [] };
  for (const space of spaces) {
    const creative = creativeView(space, mediaUrl);
    if (creative === null) continue;
    shown[space.spaceType as keyof ActiveSpaces]?.push({
      spaceId: space.spaceId,
      galleryType: creative.galleryType,
      url: creative.url,
      thumbnail: creative.thumbnail,
      link: creative.link,
      company: space.company,
    });
  }
  return shown;
}

/**
 * One slot bid as `viewerId` may see it: competing bidders show under their company only, as ad
 * bidders show under their alias (section 6); the bidder's user id and username reach the bidder.
 */
export const slotBidView = (bid: SlotBidRow, viewerId: string) => ({
  _id: bid.bidId,
  ...(bid.userId === viewerId ? { user_id: bid.userId, username: bid.username } : {}),
  bidamt: paiseToRupees(bid.bidamt),
  type: bid.type,
  biddate: bid.biddate,
  slotdate: bid.slotdate,
  company: bid.company,
});

export const calendarEventView = (day: CalendarRow) => ({
  slotdate: day.slotdate,
  amount: paiseToRupees(day.highest),
  type: day.type,
  bids: day.bids,
  closed: day.closed,
});
