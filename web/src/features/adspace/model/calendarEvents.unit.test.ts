import { describe, expect, it } from 'vitest';
import { SLOT_SPACE_TYPES } from '@boli/engine/adspace/adSpace.rules';
import {
  biddableMonthCount,
  calendarParamsOf,
  calendarPlaceOf,
  calendarReturnPath,
  cellDay,
  fromCalendar,
  calendarEventsOf,
  calendarRange,
  slotOpening,
} from './calendarEvents.ts';
import { slotBidPath } from '@boli/engine/adspace/slotPaths';

describe('the bid calendar asks for the dates it shows', () => {
  it('turns the exclusive end of a year view into the last date shown', () => {
    expect(calendarRange('2026-01-01', '2027-01-01')).toEqual({
      from: '2026-01-01',
      to: '2026-12-31',
    });
  });

  it('reads the date of a time-grid view’s zoned range', () => {
    expect(calendarRange('2026-05-10T00:00:00+05:30', '2026-05-11T00:00:00+05:30')).toEqual({
      from: '2026-05-10',
      to: '2026-05-10',
    });
  });
});

describe('the year view shows every month that can be bid for', () => {
  it('reaches the thirteenth month when a year of days ahead ends in it', () => {
    // 6 December 2026 in India: bids up to 6 December 2027, December to December.
    expect(biddableMonthCount('2026-12-06T06:30:00.000Z')).toBe(13);
  });

  it('is twelve months when the last day ahead falls in the eleventh month after this one', () => {
    // 1 January 2028 (leap year) in India: bids up to 31 December 2028.
    expect(biddableMonthCount('2027-12-31T18:30:00.000Z')).toBe(12);
  });

  it('counts from India’s day, not the instant’s UTC date', () => {
    // 20:00 UTC on 28 February 2027 is 1 March in India: bids up to 29 February 2028, March to
    // February; on 28 February they would reach 28 February 2028, thirteen months.
    expect(biddableMonthCount('2027-02-28T20:00:00.000Z')).toBe(12);
    expect(biddableMonthCount('2027-02-28T18:00:00.000Z')).toBe(13);
  });
});

describe('each date shows its highest bid abbreviated with K, M and B', () => {
  const day = (slotdate: string, amount: number, type = 'sidePanels') => ({
    slotdate,
    amount,
    type,
    bids: 2,
    closed: false,
  });

  it('titles one all-day event per date of the chosen type', () => {
    const events = calendarEventsOf(
      [
        day('2026-05-10', 250_000),
        day('2026-05-11', 1_500_000),
        day('2026-05-12', 2_000_000_000),
        day('2026-05-10', 900_000, 'authPages'),
      ],
      'sidePanels',
    );
    expect(events.map(({ title, start, allDay }) => ({ title, start, allDay }))).toEqual([
      { title: '₹250K', start: '2026-05-10', allDay: true },
      { title: '₹1.5M', start: '2026-05-11', allDay: true },
      { title: '₹2B', start: '2026-05-12', allDay: true },
    ]);
  });

  it('links each chip to its bid page, and names it with its date and amount in full', () => {
    const [event] = calendarEventsOf([day('2026-05-10', 250_000)], 'sidePanels');
    expect(event?.url).toBe(slotBidPath('2026-05-10', 'sidePanels'));
    expect(event?.extendedProps?.label).toBe('10-05-2026: highest bid ₹2,50,000');
  });

  it('draws no chip for a slot closed without a bid', () => {
    expect(calendarEventsOf([{ ...day('2026-05-10', 0), bids: 0 }], 'sidePanels')).toEqual([]);
  });

  it('gives each date and type its own event id', () => {
    const ids = calendarEventsOf([day('2026-05-10', 250_001, 'authPages')], 'authPages').map(
      (event) => event.id,
    );
    expect(ids).toEqual(['authPages-2026-05-10']);
  });
});

describe('clicking a date', () => {
  it('opens the bid page only for a date after tomorrow in India (bidding ends a day before)', () => {
    // 00:30 on 10 May in India.
    const now = new Date('2026-05-09T19:00:00Z');
    expect(slotOpening('2026-05-12', now)).toBe('open');
    expect(slotOpening('2026-05-12T09:00:00+05:30', now)).toBe('open');
    expect(slotOpening('2026-05-11', now)).toBe('closed');
    expect(slotOpening('2026-05-10', now)).toBe('closed');
    expect(slotOpening('2026-05-09', now)).toBe('passed');
    expect(slotOpening('2027-05-10', now)).toBe('open');
    expect(slotOpening('2027-05-11', now)).toBe('tooFar');
    // 23:59 on 9 May in India: 11 May's bidding is still open.
    expect(slotOpening('2026-05-11', new Date('2026-05-09T18:29:00Z'))).toBe('open');
  });

  it('reads a cell’s date on the browser’s clock, as FullCalendar gives it', () => {
    expect(cellDay(new Date(2026, 4, 9))).toBe('2026-05-09');
    expect(cellDay(new Date(2027, 11, 31, 0, 0))).toBe('2027-12-31');
  });
});

describe('the calendar’s place in its address', () => {
  it('reads the type, view and first day asked for, and the defaults for anything else', () => {
    const place = calendarPlaceOf(
      new URLSearchParams('type=authPages&view=dayGridMonth&date=2027-02-01'),
    );
    expect(place).toEqual({ type: 'authPages', view: 'dayGridMonth', date: '2027-02-01' });
    expect(calendarParamsOf(place)).toEqual({
      type: 'authPages',
      view: 'dayGridMonth',
      date: '2027-02-01',
    });
    const odd = calendarPlaceOf(new URLSearchParams('view=timeGridWeek&date=2027-02-30'));
    expect(odd).toEqual({ type: SLOT_SPACE_TYPES[0], view: 'multiMonthYear', date: null });
    expect(calendarParamsOf(odd)).toEqual({ type: SLOT_SPACE_TYPES[0] });
  });
});

describe('the way back from a date’s bid page to the calendar', () => {
  it('is to the view and period the date was opened from, showing the page’s type', () => {
    const opened = new URLSearchParams('type=sidePanels&view=dayGridMonth&date=2027-03-01');
    expect(calendarReturnPath(fromCalendar(opened), 'sidePanels')).toBe(
      '/bid-calendar?type=sidePanels&view=dayGridMonth&date=2027-03-01',
    );
    // The type changed on the bid page: the calendar shows that type's bids.
    expect(calendarReturnPath(fromCalendar(opened), 'authPages')).toBe(
      '/bid-calendar?type=authPages&view=dayGridMonth&date=2027-03-01',
    );
  });

  it('is to the year when the page was not opened from the calendar (a link, a notice)', () => {
    expect(calendarReturnPath(null, 'authPages')).toBe('/bid-calendar?type=authPages');
    expect(calendarReturnPath({ calendarSearch: 7 }, 'sidePanels')).toBe(
      '/bid-calendar?type=sidePanels',
    );
  });
});
