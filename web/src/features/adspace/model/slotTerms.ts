import { slotBiddingEndsAt } from '@boli/engine/adspace/adSlot.rules';
import { isCalendarDate, startOfIndiaDay } from '@boli/engine/shared/indiaTime';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { formatDateTime, formatRupees } from '../../../lib/format.ts';
import type { SlotOutcomeView } from '../api/adspaceApi.ts';

/**
 * What the bid page says of how its slot is won and paid for (engine/src/adspace/adSlot.rules.ts):
 * when bidding ends, and that the winner pays the bid plus GST in time or loses the slot.
 */
export const slotTerms = (slotdate: string): string =>
  `Bidding ends at ${formatDateTime(slotBiddingEndsAt(slotdate))}. The highest bid wins: its ` +
  `bidder pays the bid plus GST within ${LIMITS.slotPayWithinHours} hours, or the slot goes to ` +
  'the next bidder.';

/** The name of the bid page's table of what the winner pays for the bid typed, GST and all. */
export const SLOT_BID_QUOTE_LABEL = 'If this bid wins';

/** What the bid page says once bidding for its slot has ended: 'Bidding Closed' and when. */
export const slotClosedText = (slotdate: string): string =>
  `${MESSAGES.biddingClosed}: bidding ended at ${formatDateTime(slotBiddingEndsAt(slotdate))}.`;

/** A page the outcome's member goes to next: Transactions to pay, Buy AdSpace for the creative. */
export type OutcomeLink = { readonly to: string; readonly label: string };

/**
 * What the bid page says, once its slot closed, of where the slot stands for the member
 * (engine/src/adspace/slotOutcome.ts), and where they go next; null while bidding is open.
 */
export function slotOutcomeText(
  outcome: SlotOutcomeView,
  slotdate: string,
): { readonly text: string; readonly link?: OutcomeLink } | null {
  const lapsed = outcome.lapsed ? 'Your time to pay for it ran out. ' : '';
  switch (outcome.status) {
    case 'open':
      return null;
    case 'closed':
      return { text: 'The slot is being offered to the highest bidder.' };
    case 'offered':
      return outcome.yours && outcome.payBy
        ? {
            text:
              `The slot is yours if you pay your bid${outcome.bidamt === null ? '' : ` of ${formatRupees(outcome.bidamt)}`} plus GST by ${formatDateTime(outcome.payBy)}.` +
              partDayNote(outcome.payBy, slotdate),
            link: { to: '/transactions', label: 'Pay now in Transactions' },
          }
        : { text: `${lapsed}The slot has been offered to another bidder.${nextNote(outcome)}` };
    case 'sold':
      return outcome.yours
        ? {
            text: 'You bought this slot. Add its photo or video under Your ad spaces.',
            link: { to: '/buyAdSpace', label: 'Your ad spaces' },
          }
        : { text: `${lapsed}The slot was bought by another bidder.` };
    case 'unsold':
      return { text: `${lapsed}Nobody bought this slot.` };
  }
}

/** To the bidder next in line: when the standing offer lapses, and that the slot is theirs then. */
function nextNote({ next, payBy }: SlotOutcomeView): string {
  if (!next) return '';
  const by = payBy ? ` by ${formatDateTime(payBy)}` : '';
  return ` If they do not pay for it${by}, it is offered to you next, for your bid.`;
}

/**
 * An offer passed on late (the winner did not pay) may be due after the slot's day has begun: the
 * member is told that paid then, the ad shows for what is left of the day, not all of it.
 */
function partDayNote(payBy: string, slotdate: string): string {
  if (!isCalendarDate(slotdate)) return '';
  const dayBegins = startOfIndiaDay(slotdate);
  return Date.parse(payBy) > Date.parse(dayBegins)
    ? ` The slot's day begins at ${formatDateTime(dayBegins)}: paid after that, your ad shows for the rest of the day.`
    : '';
}
