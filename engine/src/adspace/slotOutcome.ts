import { standingOffer, type AdSlotState } from './adSlot.decider.ts';
import { nextInLine, offeredMembers } from './adSlot.rules.ts';

/*
 * Where a slot stands, as one member sees it once bidding for it has closed: offered (to them or
 * to another bidder, and by when it is to be paid), sold (to them or not), or left unsold; and
 * whether an offer made to them ran out, or they are next in line should the standing offer lapse.
 * What the slot's bid page tells its bidders.
 */

export type SlotOutcome = {
  /** No bid counts any more: the close is recorded, or the slot's bidding time is over. */
  readonly closed: boolean;
  readonly status: 'open' | 'closed' | 'offered' | 'sold' | 'unsold';
  /** The standing offer or the sale is the viewer's. */
  readonly yours: boolean;
  /** When the standing offer is to be paid by; null when none stands. */
  readonly payBy: string | null;
  /** The viewer's bid the standing offer is for (paise; GST is added); null unless theirs. */
  readonly bidamt: number | null;
  /** An offer to the viewer ran out unpaid. */
  readonly lapsed: boolean;
  /** The slot is offered to another, and passes to the viewer's bid if that offer lapses. */
  readonly next: boolean;
};

/** `biddingEnded`: the slot's bidding time is over (`hasSlotBiddingEnded`), recorded or not. */
export function slotOutcomeFor(
  state: AdSlotState,
  viewerId: string,
  biddingEnded = false,
): SlotOutcome {
  const lapsed = state.offers.some(
    (offer, i) =>
      offer.bid.userId === viewerId &&
      (i < state.offers.length - 1 || (state.unsold && state.sold === null)),
  );
  if (state.sold !== null) {
    return {
      closed: true,
      status: 'sold',
      yours: state.sold.userId === viewerId,
      payBy: null,
      bidamt: null,
      lapsed,
      next: false,
    };
  }
  const closed = state.closed !== null || biddingEnded;
  // Bidding over with nobody's bid: nobody will buy it.
  if (state.unsold || (closed && state.bids.length === 0)) {
    return {
      closed: true,
      status: 'unsold',
      yours: false,
      payBy: null,
      bidamt: null,
      lapsed,
      next: false,
    };
  }
  const offer = standingOffer(state);
  if (offer !== null) {
    const yours = offer.bid.userId === viewerId;
    const bidamt = yours ? offer.bid.bidamt : null;
    const asked = offeredMembers(state.offers.map((made) => made.bid));
    const next = nextInLine(state.bids, asked)?.userId === viewerId;
    return { closed: true, status: 'offered', yours, payBy: offer.payBy, bidamt, lapsed, next };
  }
  return {
    closed,
    status: closed ? 'closed' : 'open',
    yours: false,
    payBy: null,
    bidamt: null,
    lapsed: false,
    next: false,
  };
}
