import type { GlobalPosition } from '../eventStore/eventStore.ts';
import { addBid, emptyBidBook, type BidBook } from './ad.bidBook.ts';
import type { AdDetails, AdEvent, BidPhase, CloseReason, GalleryItem } from './ad.events.ts';
import {
  adStatus,
  initialAdSnapshot,
  nextAdSnapshot,
  type AdSnapshot,
  type AdStatus,
} from './ad.machine.ts';
import { withAdded } from '../shared/objects.ts';
import { inOrder } from './ad.rules.ts';
import { deadlineHasCome } from './finalCallDeadline.ts';

/** What the decider needs to know about one ad, folded from its stream. */
export type AdState = {
  /** The bidding lifecycle (section 4) as the machine sees it, with the final call's deadline. */
  readonly machine: AdSnapshot;
  readonly adId: string;
  readonly uid: string;
  readonly postedBy: string;
  readonly postedByUsername: string;
  readonly details: AdDetails | null;
  readonly media: readonly GalleryItem[];
  /** The chosen thumbnail and the gallery item it came from. */
  readonly thumbnail: { readonly name: string; readonly thumbnail: string } | null;
  /** The bids taken, in log order: a retried PlaceBid is recognised, a bidder answered. */
  readonly bids: BidBook;
  readonly closedReason: CloseReason | null;
  /** When bidding closed (BiddingClosed's `closedAt`), once it has. */
  readonly closedAt: string | null;
};

export const initialState = (): AdState => ({
  machine: initialAdSnapshot(),
  adId: '',
  uid: '',
  postedBy: '',
  postedByUsername: '',
  details: null,
  media: [],
  thumbnail: null,
  bids: emptyBidBook(),
  closedReason: null,
  closedAt: null,
});

export const status = (state: AdState): AdStatus => adStatus(state.machine);

export const deadlineOf = (state: AdState): string | null => state.machine.context.deadline;

/** The phase a bid taken now falls in: after the final call once it is made. */
export const phaseOfNextBid = (state: AdState): BidPhase =>
  status(state) === 'finalCallMade' ? 'afterFinalCall' : 'beforeFinalCall';

/**
 * The lifecycle as of `now`: a final call whose deadline has come is closed, even before the
 * expiry timer has recorded it. Every command is judged by this, on its own time.
 */
export const statusAt = (state: AdState, now: string): AdStatus => {
  const current = status(state);
  if (current === 'finalCallMade' && deadlineHasCome(deadlineOf(state), Date.parse(now)))
    return 'closed';
  return current;
};

const withoutUndefined = <T extends object>(changes: T): Partial<T> =>
  Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * Folds one event — with its global position when the fold knows it (a read event, or the last
 * one a command appended), kept with a bid for the answers built from the fold. Never throws: an
 * event the lifecycle does not take here (which a valid stream never holds) leaves the machine as
 * it was, and the data fold ignores what has no ad to apply to.
 */
export const evolve = (
  state: AdState,
  event: AdEvent & { readonly position?: GlobalPosition },
): AdState => {
  const before = status(state);
  // XState's transition is the dearest step of a fold (~25 us); a bid changes no lifecycle state.
  const machine = event.type === 'BidPlaced' ? state.machine : nextAdSnapshot(state.machine, event);
  const next = { ...state, machine };
  switch (event.type) {
    case 'AdPosted': {
      if (before !== 'none') return next;
      const { adId, uid, postedBy, postedByUsername, postedAt: _postedAt, ...details } = event.data;
      return { ...next, adId, uid, postedBy, postedByUsername, details };
    }
    case 'AdEdited':
      return state.details === null
        ? next
        : { ...next, details: { ...state.details, ...withoutUndefined(event.data.changes) } };
    case 'MediaAdded': {
      if (state.media.some((item) => item.name === event.data.name)) return next;
      const { galleryType, name, thumbnail } = event.data;
      return { ...next, media: [...state.media, { galleryType, name, thumbnail }] };
    }
    case 'MediaRemoved':
      return {
        ...next,
        media: state.media.filter((item) => item.name !== event.data.name),
        thumbnail: state.thumbnail?.name === event.data.name ? null : state.thumbnail,
      };
    case 'MediaReordered':
      return { ...next, media: inOrder(state.media, event.data.order) };
    case 'ThumbnailChosen':
      return { ...next, thumbnail: { name: event.data.name, thumbnail: event.data.thumbnail } };
    case 'BidPlaced':
      return {
        ...next,
        bids: addBid(state.bids, withAdded(event.data, { position: event.position })),
      };
    case 'FinalCallMade':
      return next;
    case 'BiddingClosed':
      return status(next) === 'closed' && before !== 'closed'
        ? { ...next, closedReason: event.data.reason, closedAt: event.data.closedAt }
        : next;
    default: {
      // The never check, without the throw: a foreign event leaves the state as it was.
      const _unknown: never = event;
      return state;
    }
  }
};
