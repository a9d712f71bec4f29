import type { AdSlotEvent } from './adSlot.events.ts';
import type { SlotSpaceType } from './adSpace.rules.ts';

/*
 * The bid calendar: per slot (type + date) its highest bid and how many bids it has. Pure, so the
 * read model and the property test fold the very same way.
 */

export type CalendarDay = {
  readonly type: SlotSpaceType;
  readonly slotdate: string;
  /** Paise; 0 before the first bid. */
  readonly highest: number;
  readonly bids: number;
  readonly closed: boolean;
  readonly winnerBidId: string | null;
  /** Sold, or left unsold: nothing is left to offer or to pay for. */
  readonly settled: boolean;
};

export const emptyCalendarDay = (type: SlotSpaceType, slotdate: string): CalendarDay => ({
  type,
  slotdate,
  highest: 0,
  bids: 0,
  closed: false,
  winnerBidId: null,
  settled: false,
});

export function calendarDayAfter(day: CalendarDay | undefined, event: AdSlotEvent): CalendarDay {
  const current = day ?? emptyCalendarDay(event.data.type, event.data.slotdate);
  switch (event.type) {
    case 'SlotBidPlaced':
      return {
        ...current,
        highest: Math.max(current.highest, event.data.bidamt),
        bids: current.bids + 1,
      };
    case 'SlotClosed':
      return current.closed
        ? current
        : { ...current, closed: true, winnerBidId: event.data.winner?.bidId ?? null };
    case 'SlotOffered':
      return current;
    case 'SlotSold':
    case 'SlotUnsold':
      return { ...current, settled: true };
    default: {
      const unexpected: never = event;
      throw new Error(`calendar cannot fold ${JSON.stringify(unexpected)}`);
    }
  }
}

export const calendarKey = (type: string, slotdate: string): string => `${type}/${slotdate}`;

/** The calendar of a whole history, keyed by `calendarKey`. */
export function calendarOf(events: readonly AdSlotEvent[]): Map<string, CalendarDay> {
  const days = new Map<string, CalendarDay>();
  for (const event of events) {
    const key = calendarKey(event.data.type, event.data.slotdate);
    days.set(key, calendarDayAfter(days.get(key), event));
  }
  return days;
}
