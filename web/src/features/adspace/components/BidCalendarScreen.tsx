import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import FullCalendar from '@fullcalendar/react';
import { indiaPickerValueOf } from '@boli/engine/shared/indiaTime';
import type { EventInput, EventSourceFuncArg } from '@fullcalendar/core';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import multiMonthPlugin from '@fullcalendar/multimonth';
import { SLOT_SPACE_TYPES, type SlotSpaceType } from '@boli/engine/adspace/adSpace.rules';
import { LIMITS } from '@boli/engine/shared/limits';
import { messageOf } from '../../../app/api/client.ts';
import { BOLI_PURPLE } from '../../../app/colours.ts';
import { NARROWEST_PHONE, ON_TOUCH, TOUCH_TARGET_PX } from '../../../app/theme.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { Announcer } from '../../../components/Announcer.tsx';
import { LoadFailure } from '../../../components/LoadFailure.tsx';
import { formatDate, formatRupees } from '../../../lib/format.ts';
import { useRefreshWhileShown } from '../../../lib/useRefreshWhileShown.ts';
import { serverDate } from '../../../lib/serverClock.ts';
import { onNotificationArrived } from '../../../app/notificationSignal.ts';
import { focusIsLost } from '../../../lib/focusLost.ts';
import { slotClosedText } from '../model/slotTerms.ts';
import { fetchCalendarDays } from '../api/adspaceApi.ts';
import {
  biddableMonthCount,
  calendarEventsOf,
  calendarParamsOf,
  calendarPlaceOf,
  fromCalendar,
  calendarRange,
  cellDay,
  SLOT_NOT_OPEN_MESSAGES,
  slotOpening,
  type CalendarPlace,
  type CalendarView,
} from '../model/calendarEvents.ts';
import { slotBidPath } from '@boli/engine/adspace/slotPaths';
import { SPACE_TYPE_LABELS } from '../model/spaceTypes.ts';

const PLUGINS = [multiMonthPlugin, dayGridPlugin, listPlugin, interactionPlugin];

/** India's wall clock as a zone-less date-time, which the calendar reads on its own clock. */
const indiaNowOnCalendar = (): string => indiaPickerValueOf(serverDate().toISOString());

/**
 * What the toolbar's arrows and today say to a screen reader, by the unit the view moves by
 * ('Previous month'). FullCalendar's own hints name the unit, which the year view has none of
 * ('Previous '): it moves by its `months`, not by a calendar year.
 */
function buttonHintsFor(months: number) {
  const byMonths = (unit: string | undefined) => !unit || unit === 'year';
  const unitName = (unit: string | undefined) => (byMonths(unit) ? `${months} months` : unit);
  return {
    prev: (_text: string, unit?: string) => `Previous ${unitName(unit)}`,
    next: (_text: string, unit?: string) => `Next ${unitName(unit)}`,
    today: (_text: string, unit?: string) =>
      unit === 'day'
        ? 'Today'
        : byMonths(unit)
          ? `The ${months} months from this one`
          : `This ${unit}`,
  };
}

/**
 * The ad bid calendar (section 4): year view by default, also month, week, day and agenda; each
 * date with bids shows its highest, abbreviated with K, M and B. Clicking a date after today
 * opens its slot's bid page for the chosen type (authPages or sidePanels).
 */
export function BidCalendarScreen() {
  const { request } = useApi();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const [params, setParams] = useSearchParams();
  // The type, view and period shown live in the address (replaced as they change, not new
  // steps): Back from a date's bid page comes back to the same month, not to the year.
  const place = calendarPlaceOf(params);
  const { type } = place;
  const [opened] = useState(place);
  // The year view's length, fixed while the page is open: a view that grew at midnight would
  // move what the reader is looking at.
  const [yearMonths] = useState(() => biddableMonthCount(serverDate().toISOString()));
  // One set of hints for the page's life: new ones each render would be a changed option to
  // FullCalendar, its toolbar drawn again.
  const buttonHints = useMemo(() => buttonHintsFor(yearMonths), [yearMonths]);
  const showPlace = (changed: Partial<CalendarPlace>) =>
    setParams(calendarParamsOf({ ...place, ...changed }), { replace: true });
  const calendar = useRef<FullCalendar>(null);
  const calendarBox = useRef<HTMLDivElement>(null);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // Without its bids the calendar would look as if nobody bid: the failure shows above it.
  const [loadFailure, setLoadFailure] = useState<string | null>(null);
  // Nor while they are on their way: a slow answer shows as such, not as dates without bids.
  const [loadingDays, setLoadingDays] = useState(false);
  // A refresh nobody asked for: no progress shown, and a failure keeps what is shown.
  const quietRefresh = useRef(false);
  const retried = useRef<(() => void) | null>(null);
  // The period a toolbar button moved to, said aloud: the title changes out of a reader's sight.
  const [periodShown, setPeriodShown] = useState('');
  const firstPeriod = useRef(true);
  const events = useCallback(
    (
      info: EventSourceFuncArg,
      success: (events: EventInput[]) => void,
      failure: (error: Error) => void,
    ) => {
      const quietly = quietRefresh.current;
      fetchCalendarDays(request, { ...calendarRange(info.startStr, info.endStr), type })
        .then(
          (days) => {
            setLoadFailure(null);
            success(calendarEventsOf(days, type));
          },
          (error: unknown) => {
            if (!quietly) setLoadFailure(messageOf(error));
            failure(error instanceof Error ? error : new Error(String(error)));
          },
        )
        .finally(() => {
          retried.current?.();
          retried.current = null;
        });
    },
    [request, type],
  );

  // Others bid meanwhile (in another tab, say): the shown dates' highest bids are read again as
  // a slot's bids are, every 10 s while in view and at once on a notification (outbid, say).
  const refreshDays = useCallback(() => {
    const shown = calendar.current?.getApi();
    if (!shown) return;
    quietRefresh.current = true;
    shown.refetchEvents();
  }, []);
  useRefreshWhileShown(refreshDays, LIMITS.bidListRefreshMs);
  useEffect(() => onNotificationArrived(refreshDays), [refreshDays]);

  /** Asks for the shown dates' bids again; settles once they answered. */
  const retry = () =>
    new Promise<void>((settle) => {
      const shown = calendar.current?.getApi();
      if (!shown) return settle();
      retried.current = settle;
      shown.refetchEvents();
    });

  const open = (dateStr: string) => {
    const opening = slotOpening(dateStr, serverDate());
    if (opening === 'open')
      void navigate(slotBidPath(dateStr, type), { state: fromCalendar(params) });
    else {
      // Which date, and why: a snackbar read out alone says little as 'Bidding Closed'.
      const why = opening === 'closed' ? slotClosedText(dateStr) : SLOT_NOT_OPEN_MESSAGES[opening];
      enqueueSnackbar(`${formatDate(dateStr)}: ${why}`, { variant: 'info' });
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          Ad bid calendar
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={type}
          aria-label="Space type"
          onChange={(_, next: SlotSpaceType | null) => {
            if (next) showPlace({ type: next });
          }}
        >
          {SLOT_SPACE_TYPES.map((option) => (
            <ToggleButton key={option} value={option}>
              {SPACE_TYPE_LABELS[option]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <Typography variant="body2" color="textSecondary">
        Each date shows its highest bid. Choose a date after tomorrow to bid for it (bidding for a
        date ends at 00:00 IST the day before; dates that cannot be bid for are shaded); bids must
        be more than the base amount of {formatRupees(LIMITS.adBidBaseAmountRupees)}.
      </Typography>
      <DateOpener type={type} onOpen={open} />
      {loadFailure && <LoadFailure message={loadFailure} onRetry={retry} />}
      {loadingDays && <LinearProgress aria-label="Loading the bids" />}
      <Announcer message={periodShown} />
      <Box
        ref={calendarBox}
        data-testid="bid-calendar"
        sx={{
          '& .fc-daygrid-day, & .fc-list-event': { cursor: 'pointer' },
          // On a phone the toolbar's title and seven buttons take two or three rows, not the
          // page's width.
          '& .fc .fc-toolbar': { flexWrap: 'wrap', gap: 1 },
          '& .fc .fc-button': { px: { xs: 1, sm: 1.5 }, fontSize: { xs: '0.8125rem', sm: '1em' } },
          // The keyboard's place among the toolbar's buttons as plain as on the rest of the app,
          // not FullCalendar's faint 25% shadow.
          '& .fc .fc-button:focus-visible': {
            outline: '3px solid',
            outlineColor: 'primary.main',
            outlineOffset: 2,
            boxShadow: 'none',
          },
          // FullCalendar's own buttons, not MUI's: a fingertip tall on a touch screen too (theme.ts).
          [ON_TOUCH]: { '& .fc .fc-button': { minHeight: TOUCH_TARGET_PX } },
          '& .fc .fc-toolbar-title': { fontSize: { xs: '1.25rem', sm: '1.75em' } },
          // A phone's week has seven narrow columns: a day's heading and its highest bid wrap
          // (in a smaller type) rather than run into the next day or lose their last characters
          // (₹250K, not ₹250).
          '& .fc .fc-col-header-cell-cushion': { whiteSpace: 'normal' },
          // A date's chip is a finger's target in the month, week and day views.
          '& .fc-dayGridMonth-view, & .fc-dayGridWeek-view, & .fc-dayGridDay-view': {
            '& .fc-daygrid-event': { minHeight: 24, display: 'flex', alignItems: 'center' },
          },
          // The days of the next and last month shown around this one are in grey, not
          // FullCalendar's 30% opacity (1.9:1): they can hold bids too.
          '& .fc .fc-day-other .fc-daygrid-day-top': { opacity: 1, color: 'text.secondary' },
          '& .fc .fc-daygrid-event .fc-event-title': {
            whiteSpace: 'normal',
            overflowWrap: 'anywhere',
            fontSize: { xs: '0.6875rem', sm: 'inherit' },
          },
          // The narrowest phones (320 px): a day's column is too narrow for "₹275K" in that
          // type, which broke into "₹275 / K" in the month and, too tall for its cell, hid behind
          // "+1 more" in the year. One line, in a smaller type, fits both.
          [NARROWEST_PHONE]: {
            '& .fc .fc-daygrid-event .fc-event-title': {
              whiteSpace: 'nowrap',
              overflowWrap: 'normal',
              fontSize: '0.625rem',
            },
            // A year's day is as tall as its width lets it be, and 38 px is too short for the
            // date and the amount under it.
            '& .fc-multimonth .fc-daygrid-day-frame': { minHeight: 40 },
          },
          // Dates that cannot be bid for (passed, bidding ended, too far ahead) are shaded.
          [`& .fc .${NOT_OPEN_CELL}`]: { bgcolor: 'action.selected' },
        }}
      >
        <FullCalendar
          ref={calendar}
          plugins={PLUGINS}
          initialView={opened.view}
          {...(opened.date === null ? {} : { initialDate: opened.date })}
          datesSet={(shown) => {
            const next = {
              view: shown.view.type as CalendarView,
              date: cellDay(shown.view.currentStart),
            };
            // The calendar says so as it first renders, before this screen's effects have run,
            // when the router ignores (and warns of) a navigation: it is made just after.
            const first = firstPeriod.current;
            window.setTimeout(() => {
              showPlace(next);
              mendToolbar(calendarBox.current, first);
            });
            if (first) firstPeriod.current = false;
            else setPeriodShown(`Showing ${shown.view.title}`);
          }}
          // Days are written day first (22/11, 22 – 28 Nov 2026), as India writes them; the week
          // still starts on Sunday.
          locale={enGbLocale}
          firstDay={0}
          headerToolbar={{
            left: 'prev,next today',
            center: 'title',
            right: 'multiMonthYear,dayGridMonth,dayGridWeek,dayGridDay,listMonth',
          }}
          views={{
            // The year from this month on, not January to December: the months that can still be
            // bid for come first (on a phone, one column of months, January was ten screens above
            // November), to the last that can (`biddableMonthCount`); next shows as many after.
            multiMonthYear: {
              buttonText: 'year',
              duration: { months: yearMonths },
              dateAlignment: 'month',
            },
            dayGridMonth: { buttonText: 'month' },
            // A slot is a whole day: the week and the day are rows of days, without an hour grid
            // (whose axis would take a phone's week a seventh of its width).
            dayGridWeek: {
              buttonText: 'week',
              // Seven columns of a phone's width: the weekday's letter and the date ("S 29").
              ...(phone ? { dayHeaderFormat: { weekday: 'narrow', day: 'numeric' } } : {}),
            },
            dayGridDay: { buttonText: 'day' },
            listMonth: { buttonText: 'agenda' },
          }}
          buttonText={{ today: 'today' }}
          buttonHints={buttonHints}
          height="auto"
          // The highest bids in white on the product's purple (9:1), not on FullCalendar's blue
          // (3.7:1 at their small size).
          eventColor={BOLI_PURPLE}
          // Today is India's day (slots are India's days), wherever the browser is.
          now={indiaNowOnCalendar}
          events={events}
          loading={(fetching) => {
            if (fetching && !quietRefresh.current) setLoadingDays(true);
            if (!fetching) {
              setLoadingDays(false);
              quietRefresh.current = false;
            }
          }}
          dateClick={(arg) => open(arg.dateStr)}
          // A day of another month in the year view is labelled by its number, which is not
          // drawn: it is left to its grid's reading, not named by an element that is not there.
          dayCellDidMount={({ el }) => {
            const label = el.getAttribute('aria-labelledby');
            if (label && !el.ownerDocument.getElementById(label)) {
              el.removeAttribute('aria-labelledby');
            }
          }}
          dayCellClassNames={(arg) =>
            slotOpening(cellDay(arg.date), serverDate()) === 'open' ? [] : [NOT_OPEN_CELL]
          }
          // A chip is a link (calendarEventsOf): read aloud by its date and amount in full.
          eventDidMount={(arg) => {
            const label: unknown = arg.event.extendedProps.label;
            if (typeof label === 'string') arg.el.setAttribute('aria-label', label);
          }}
          // A date with bids opens its bid page whether or not bidding is still open: once closed,
          // that page says where the slot stands (to pay for, bought, gone to another bidder).
          eventClick={(arg) => {
            arg.jsEvent.preventDefault();
            void navigate(slotBidPath(arg.event.startStr, type), { state: fromCalendar(params) });
          }}
        />
      </Box>
    </Stack>
  );
}

/**
 * What FullCalendar's toolbar gets wrong for a keyboard, after each period it shows: its one-shot
 * buttons (previous, next, today) say they are toggles (aria-pressed), and today, pressed, is
 * disabled with the focus in it, which drops to the page: it goes on to next instead. Its arrows'
 * icons are images without a name (role="img"): hidden, since their buttons are named.
 */
function mendToolbar(root: HTMLElement | null, firstRender: boolean): void {
  if (!root) return;
  for (const button of root.querySelectorAll(
    '.fc-prev-button, .fc-next-button, .fc-today-button',
  )) {
    button.removeAttribute('aria-pressed');
  }
  for (const icon of root.querySelectorAll('.fc-toolbar .fc-icon[role="img"]')) {
    icon.setAttribute('aria-hidden', 'true');
  }
  if (!firstRender && focusIsLost()) root.querySelector<HTMLElement>('.fc-next-button')?.focus();
}

/** The class of a calendar cell whose date cannot be bid for. */
const NOT_OPEN_CELL = 'boli-slot-not-open';

/**
 * A date typed or picked from the keyboard, for those who do not point at the calendar's cells
 * (which take only clicks): the same opening rules as a click.
 */
function DateOpener({ type, onOpen }: { type: SlotSpaceType; onOpen: (date: string) => void }) {
  const [date, setDate] = useState('');
  return (
    <Stack
      component="form"
      aria-label="Bid for a date"
      direction="row"
      spacing={1}
      useFlexGap
      // The date whole on the narrowest phone: the button goes under it there.
      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}
      onSubmit={(event) => {
        event.preventDefault();
        if (date) onOpen(date);
      }}
    >
      <TextField
        type="date"
        size="small"
        label="Date"
        value={date}
        onChange={(event) => setDate(event.target.value)}
        // No `min`: the browser's own refusal would hide the app's reason (closed, passed).
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ minWidth: '10.5rem' }}
      />
      <Button type="submit" variant="outlined" disabled={!date}>
        Bid for {SPACE_TYPE_LABELS[type].toLowerCase()}
      </Button>
    </Stack>
  );
}
