import { slotBiddingEndsAt } from '@boli/engine/adspace/adSlot.rules';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { formatDateTime } from '../../../lib/format.ts';

/**
 * What the bid page says of how its slot is won and paid for (engine/src/adspace/adSlot.rules.ts):
 * when bidding ends, and that the winner pays the bid plus GST in time or loses the slot.
 */
export const slotTerms = (slotdate: string): string =>
  `Bidding ends at ${formatDateTime(slotBiddingEndsAt(slotdate))}. The highest bid wins: its ` +
  `bidder pays the bid plus GST within ${LIMITS.slotPayWithinHours} hours, or the slot goes to ` +
  'the next bidder.';

/** What the bid page says once bidding for its slot has ended: 'Bidding Closed' and when. */
export const slotClosedText = (slotdate: string): string =>
  `${MESSAGES.biddingClosed}: bidding ended at ${formatDateTime(slotBiddingEndsAt(slotdate))}.`;
