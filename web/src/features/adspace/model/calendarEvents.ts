import type { EventInput } from '@fullcalendar/core';
import { addDays, displayDate, indiaDateOf, isCalendarDate } from '@boli/engine/shared/indiaTime';
import type { SlotSpaceType } from '@boli/engine/adspace/adSpace.rules';
import { slotBidPath, slotTypeOr } from '@boli/engine/adspace/slotPaths';
import { ADSPACE_MESSAGES } from '@boli/engine/adspace/adspace.messages';
import { MESSAGES } from '@boli/engine/shared/messages';
import {
  hasSlotBiddingEnded,
  isPastSlotDate,
  isTooFarAhead,
  lastBiddableSlotDate,
} from '@boli/engine/adspace/adSlot.rules';
import { abbreviateAmount, formatRupees } from '../../../lib/format.ts';
import type { CalendarDay } from '../api/adspaceApi.ts';

/*
 * The bid calendar's pure parts: which dates to ask the api for, the events it draws (each date's
 * highest bid, abbreviated with K, M and B) and what a click on a date does.
 */

/** The date part of a FullCalendar date string ('2026-05-10' or '2026-05-10T00:00:00+05:30'). */
const dayOf = (dateStr: string): string => dateStr.slice(0, 10);

/** FullCalendar's range ends the day after its last date; the api's `to` is inclusive. */
export function calendarRange(startStr: string, endStr: string): { from: string; to: string } {
  const from = dayOf(startStr);
  const to = addDays(dayOf(endStr), -1);
  return { from, to: to < from ? from : to };
}

/** How a date's highest bid is written in the calendar: ₹250K, ₹1.5M. */
export const calendarAmount = (rupees: number): string => `₹${abbreviateAmount(rupees)}`;

/** What a date's chip is called aloud: its date and its highest bid in full, not "₹250K". */
export const calendarEventLabel = (day: Pick<CalendarDay, 'slotdate' | 'amount'>): string =>
  `${displayDate(day.slotdate)}: highest bid ${formatRupees(day.amount)}`;

/**
 * One all-day event per date with bids, titled with its highest bid, and a link to its bid page:
 * the keyboard reaches a chip and Enter opens it, as a click does.
 */
export function calendarEventsOf(days: readonly CalendarDay[], type: SlotSpaceType): EventInput[] {
  return (
    days
      // A slot closed without a bid is a date without one: no "₹0" chip.
      .filter((day) => day.type === type && day.bids > 0)
      .map((day) => ({
        id: `${day.type}-${day.slotdate}`,
        title: calendarAmount(day.amount),
        start: day.slotdate,
        allDay: true,
        url: slotBidPath(day.slotdate, type),
        extendedProps: {
          bids: day.bids,
          closed: day.closed,
          amount: day.amount,
          label: calendarEventLabel(day),
        },
      }))
  );
}

/**
 * What a click on a date does: a date whose bidding is open opens its bid page; today's and
 * tomorrow's slots are closed (bidding ends at 00:00 India time the day before); yesterday or
 * earlier cannot be opened, nor a date more than LIMITS.slotBidDaysAhead days ahead.
 */
export type SlotOpening = 'open' | 'closed' | 'passed' | 'tooFar';

export function slotOpening(dateStr: string, now: Date): SlotOpening {
  const date = dayOf(dateStr);
  const instant = now.toISOString();
  if (isPastSlotDate(date, instant)) return 'passed';
  if (isTooFarAhead(date, instant)) return 'tooFar';
  return hasSlotBiddingEnded(date, instant) ? 'closed' : 'open';
}

/** What the calendar and the bid page say of a date that cannot be bid for. */
export const SLOT_NOT_OPEN_MESSAGES: Record<Exclude<SlotOpening, 'open'>, string> = {
  closed: MESSAGES.biddingClosed,
  passed: ADSPACE_MESSAGES.slotDatePassed,
  tooFar: ADSPACE_MESSAGES.slotDateTooFar,
};

/**
 * The date of a calendar cell: FullCalendar gives its midnight on the browser's clock, whose own
 * day it is (the calendar's "today" is already India's, `indiaNowOnCalendar`).
 */
export const cellDay = (date: Date): string =>
  [date.getFullYear(), date.getMonth() + 1, date.getDate()]
    .map((part, index) => String(part).padStart(index === 0 ? 4 : 2, '0'))
    .join('-');

/** A YYYY-MM-DD date's month, counted from year 0: months apart are a subtraction. */
const monthNumberOf = (date: string): number =>
  Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/**
 * How many months the year view shows at `now`: from this month (India's) to the month of the
 * last date that can be bid for. A year of days ahead reaches into a thirteenth month (6 December
 * 2026 to 6 December 2027), whose dates would otherwise show on no default page.
 */
export const biddableMonthCount = (now: string): number =>
  monthNumberOf(lastBiddableSlotDate(now)) - monthNumberOf(indiaDateOf(now)) + 1;

/** The calendar's views: the year (every month that can be bid for) first, its default. */
export const CALENDAR_VIEWS = [
  'multiMonthYear',
  'dayGridMonth',
  'dayGridWeek',
  'dayGridDay',
  'listMonth',
] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** What the calendar shows, kept in its address so that Back from a date's page returns to it. */
export type CalendarPlace = {
  readonly type: SlotSpaceType;
  readonly view: CalendarView;
  /** The first day of the period shown (YYYY-MM-DD); null for the view's own start (today's). */
  readonly date: string | null;
};

/** The place /bid-calendar?type=&view=&date= asks for; what it does not say, the default's. */
export function calendarPlaceOf(params: URLSearchParams): CalendarPlace {
  const view = params.get('view');
  const date = params.get('date');
  return {
    type: slotTypeOr(params.get('type')),
    view: (CALENDAR_VIEWS as readonly (string | null)[]).includes(view)
      ? (view as CalendarView)
      : CALENDAR_VIEWS[0],
    date: date !== null && isCalendarDate(date) ? date : null,
  };
}

/** The address's query for a place: the default view and no date are left out. */
export function calendarParamsOf(place: CalendarPlace): Record<string, string> {
  return {
    type: place.type,
    ...(place.view === CALENDAR_VIEWS[0] ? {} : { view: place.view }),
    ...(place.date === null ? {} : { date: place.date }),
  };
}

/** The router state a date's bid page is opened with from the calendar: the calendar's query. */
export type FromCalendar = { calendarSearch: string };

/** What a date's bid page is opened with from the calendar at `params`. */
export const fromCalendar = (params: URLSearchParams): FromCalendar => ({
  calendarSearch: params.toString(),
});

/**
 * The calendar a slot's bid page leads back to: the view and period it was opened from (its
 * router state, `fromCalendar`), else the year; showing the type the page shows now.
 */
export function calendarReturnPath(state: unknown, type: SlotSpaceType): string {
  const search =
    typeof state === 'object' &&
    state !== null &&
    typeof (state as Partial<FromCalendar>).calendarSearch === 'string'
      ? (state as FromCalendar).calendarSearch
      : '';
  const place = calendarPlaceOf(new URLSearchParams(search));
  return `/bid-calendar?${new URLSearchParams(calendarParamsOf({ ...place, type })).toString()}`;
}
