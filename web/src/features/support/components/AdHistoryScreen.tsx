import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { indiaPickerValueOf, instantOfIndiaWallClock } from '@boli/engine/shared/indiaTime';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { AD_HISTORY_ROLES, holdsRole } from '@boli/engine/accounts/staffRoles';
import { useSession } from '../../../app/session/sessionContext.ts';
import { ON_TOUCH } from '../../../app/theme.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { useLoadedAfresh } from '../../../lib/useLoaded.ts';
import { useFocusWhenLoaded } from '../../../lib/useFocusWhenLoaded.ts';
import { useRefusalFocus } from '../../../lib/refusalFocus.ts';
import { AdLoadFailureNotice } from '../../ads/components/AdFailureNotice.tsx';
import { formatRupees } from '../../../lib/format.ts';
import { detailLabel } from '../../ads/model/adDetailLabels.ts';
import {
  acrossDeadlineNote,
  actorNames,
  actorProfileId,
  chainLine,
  detailRows,
  detailValue,
  eventGist,
  eventsAfterReplayLine,
  refusalsChainLine,
  highestLabel,
  ownerBlocksLine,
  ownerOf,
  withdrawnThenLine,
  feeBidNote,
  leadingLine,
  historyTime,
  REPLAY_NEEDS_A_TIME,
  pricesEditedBefore,
  priceEditedLine,
  replayLine,
  type AdEdit,
  type AdHistory,
  type HistoryEvent,
  replayInstantOf,
} from '../adHistory.ts';
import {
  COMPACT_ON_PHONE,
  NO_WRAP,
  STICKY_FIRST,
  WRAP_ANYWHERE,
} from '../../../components/cellStyles.ts';
import {
  AFTER_REPLAY_ROW,
  AfterReplayMark,
  BidderCell,
  Instant,
  MemberLink,
} from './HistoryCells.tsx';
import { RefusedBids } from './RefusedBids.tsx';
import { PagePicker } from '../../../components/PagePicker.tsx';
import { saveFile } from '../../../lib/attachmentDownload.ts';
import { useTopOnPagePicked } from '../../../lib/useTopOnPagePicked.ts';
import {
  bidsCsv,
  bidsCsvName,
  bidsFound,
  countLine,
  historyViewOf,
  isBidderFound,
  pageOf,
  withAsOf,
  withBidder,
  withTablePage,
  type HistoryTable,
} from '../historyTables.ts';
import { TableScroller } from '../../../components/TableScroller.tsx';
import { useItemTitle } from '../../../app/layout/pageTitle.ts';
import { serverNow } from '../../../lib/serverClock.ts';

/** Who gave an event's command: a member or staff member by name, linked; the system, plain. */
function Actor({
  actor,
  names,
}: {
  actor: NonNullable<HistoryEvent['actor']>;
  names: ReadonlyMap<string, string>;
}) {
  const profileId = actorProfileId(actor);
  const name = names.get(actor.userId) ?? actor.userId;
  return (
    <>
      {profileId === undefined ? (
        name
      ) : (
        <Link component={RouterLink} to={`/user_profile/${profileId}`}>
          {name}
        </Link>
      )}{' '}
      ({actor.role})
    </>
  );
}

/**
 * The replay picker's value for an instant: India's wall clock, to the millisecond when it has
 * any (a bid and the deadline can be that close); '' for none.
 */
const pickerValueOf = (instant: string | undefined): string => {
  if (!instant) return '';
  const ms = new Date(instant).getUTCMilliseconds();
  return `${indiaPickerValueOf(instant)}${ms === 0 ? '' : `.${String(ms).padStart(3, '0')}`}`;
};

/** A chip whose words wrap within a narrow column. */
const WRAPPING_CHIP = {
  height: 'auto',
  maxWidth: 150,
  '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25, textAlign: 'center' },
} as const;

/**
 * /support/ads/{ad_id} (staff only; not in the spec's table): an ad's whole event stream and the
 * ad replayed as it stood at any instant, every bid with its amount, to settle a dispute.
 */
/** For staff, from an ad that cannot be shown (a mistyped id, say), back to the lookup. */
const LOOK_UP_ANOTHER = { to: '/support/ads', label: 'Look up another ad' };

/** A hash chain's line: a status when intact, an alert when broken. */
const chainSeverity = (ok: boolean) =>
  ok ? ({ severity: 'success', role: 'status' } as const) : ({ severity: 'error' } as const);

export function AdHistoryScreen() {
  const { adId = '' } = useParams();
  const { request } = useApi();
  const { user } = useSession();
  // The replayed instant lives in the address (?asOf=<ISO instant>): a reload, Back and a link
  // sent to a colleague show the same moment.
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('asOf');
  const asOf = replayInstantOf(asked);
  // A link whose time cannot be read is said to be so: support must not take the latest state for
  // the moment the link names.
  const unreadableAsOf = asked !== null && asked !== '' && asOf === undefined ? asked : null;
  const [asOfInput, setAsOfInput] = useState(() => pickerValueOf(asOf));
  useEffect(() => setAsOfInput(pickerValueOf(asOf)), [asOf]);
  // Replay and Latest swap the whole history (a spinner meanwhile): the keyboard then goes to the
  // line saying what is now shown, which a screen reader reads out.
  const statusRef = useRef<HTMLElement>(null);
  const setAsOf = (instant: string | undefined) => {
    focusWhenLoaded(() => statusRef.current?.focus());
    setSearchParams((params) => withAsOf(params, instant));
  };
  // One bidder's rows, and each table's page, as the address asks (historyTables.ts).
  const view = historyViewOf(searchParams);
  // A page picked under a table: its rows are shown from their first, not the screen's top.
  const tops = {
    bids: useTopOnPagePicked<HTMLDivElement>(view.pages.bids),
    refused: useTopOnPagePicked<HTMLDivElement>(view.pages.refused),
    events: useTopOnPagePicked<HTMLDivElement>(view.pages.events),
  };
  const showPage = (table: HistoryTable) => (page: number) => {
    tops[table].pick();
    setSearchParams((params) => withTablePage(params, table, page + 1));
  };
  // Replay with no time (or half of one) is said, not taken for the latest state.
  const [replayProblem, setReplayProblem] = useState<string | null>(null);
  // The refusal is drawn first, then the keyboard goes to the field it marks (and names).
  const { form: replayForm, refused: replayRefused } = useRefusalFocus();
  const {
    data: history,
    failure,
    retry,
    again,
  } = useLoadedAfresh(
    useCallback(
      () =>
        request<AdHistory>(`/api/support/ads/${encodeURIComponent(adId)}/history`, {
          query: asOf ? { asOf } : {},
        }),
      [adId, asOf, request],
    ),
  );
  const focusWhenLoaded = useFocusWhenLoaded(history);
  // Several disputes open in tabs are told apart by their ads.
  useItemTitle(history ? `Ad history: ${history.itemName ?? adId}` : undefined);

  if (failure) {
    return (
      <AdLoadFailureNotice
        title="Ad history"
        message={failure.message}
        from={holdsRole(user?.roles, AD_HISTORY_ROLES) ? LOOK_UP_ANOTHER : undefined}
        onRetry={retry}
      />
    );
  }
  if (!history) return <CenteredSpinner label="Loading the ad's history" />;
  const { replay } = history;
  const names = actorNames(history.events);
  const owner = ownerOf(history.events);
  const staffBidders = new Set(history.staffBidders ?? []);
  const refusalsChain = refusalsChainLine(history.refusals);
  const afterReplay = eventsAfterReplayLine(replay.eventsApplied, history.events.length);
  const editAt = new Map((history.edits ?? []).map((edit) => [edit.version, edit]));
  const priceEdits = pricesEditedBefore(replay.bids, history.edits ?? []);
  const ownerBlocks = ownerBlocksLine(history.ownerBlocks);
  const found = bidsFound(replay.bids, view.bidder);
  const bidsShown = pageOf(found, view.pages.bids);
  const refusedFound = history.refusals.bids.filter((bid) => isBidderFound(bid, view.bidder));
  const eventsShown = pageOf(history.events, view.pages.events);
  const eventsBefore = (eventsShown.page - 1) * LIMITS.historyRowsPerPage;
  const saveBids = () =>
    saveFile(
      new Blob([bidsCsv(found, refusedFound, asOf ?? null)], { type: 'text/csv;charset=utf-8' }),
      bidsCsvName(history.adId, asOf ?? null, view.bidder),
    );
  return (
    <Stack spacing={3}>
      {/* An item name of one long word wraps rather than widen a phone's page. */}
      <Typography variant="h5" component="h1" sx={WRAP_ANYWHERE}>
        Ad history: {history.itemName ?? adId}
      </Typography>
      {owner && (
        <Typography data-testid="history-owner" sx={{ mt: '4px !important' }}>
          Posted by <MemberLink userId={owner.userId} username={owner.username} />
        </Typography>
      )}
      {ownerBlocks && (
        <Typography variant="body2" data-testid="history-owner-blocks">
          {ownerBlocks}
        </Typography>
      )}
      {history.withdrawn && (
        <Alert severity="warning" data-testid="history-withdrawn">
          Withdrawn now: its owner is blocked. Members cannot see this ad, and their bids on it are
          refused (listed under refused bids as AD_WITHDRAWN), till the block is lifted.
        </Alert>
      )}
      {/* An intact chain is read in its place; only a broken one is an alert. */}
      <Alert {...chainSeverity(history.chain.ok)}>{chainLine(history)}</Alert>
      {refusalsChain !== null && (
        <Alert {...chainSeverity(history.refusals.chain.ok)}>{refusalsChain}</Alert>
      )}
      {asOf !== undefined && Date.parse(asOf) > serverNow() && (
        <Alert severity="info" data-testid="future-as-of">
          {historyTime(asOf)} is still to come: this is the ad as it stands now, and what happens
          until then is not known yet.
        </Alert>
      )}
      {unreadableAsOf !== null && (
        <Alert severity="warning" data-testid="unreadable-as-of">
          The link's time “{unreadableAsOf.slice(0, 60)}” is not a time: shown as of now.
        </Alert>
      )}
      {/* A form: Enter in the time box replays, as the Replay button does. */}
      <Stack
        component="form"
        ref={replayForm}
        noValidate
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          const instant = instantOfIndiaWallClock(asOfInput);
          setReplayProblem(instant ? null : REPLAY_NEEDS_A_TIME);
          if (instant) setAsOf(instant);
          else replayRefused();
        }}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        // On a phone the time box, as wide as a time to the millisecond makes it, is the card's.
        sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <TextField
          id="replay-as-of"
          label="Replay as of (India time)"
          type="datetime-local"
          size="small"
          value={asOfInput}
          onChange={(e) => {
            setAsOfInput(e.target.value);
            setReplayProblem(null);
          }}
          error={replayProblem !== null}
          helperText={replayProblem}
          // To the millisecond: a bid and the final call's deadline can be that close. The
          // refusal is said as it appears, the keyboard being in the field already or not.
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { step: 0.001 },
            formHelperText: { role: 'alert' },
          }}
        />
        <Button type="submit" variant="contained">
          Replay
        </Button>
        {/* Asked again even when the address is already the latest's: bids came in since. */}
        <Button
          onClick={() => {
            setReplayProblem(null);
            setAsOf(undefined);
            again();
          }}
        >
          Latest
        </Button>
        <Link component={RouterLink} to={`/ads/${encodeURIComponent(adId)}`}>
          Open the ad
        </Link>
      </Stack>
      <Typography
        data-testid="replay-status"
        ref={statusRef}
        tabIndex={-1}
        sx={{ outline: 'none' }}
      >
        {replayLine(replay, asOf !== undefined)}
      </Typography>
      {/* Now is said above ('Withdrawn now'); an instant replayed is said here. */}
      {asOf !== undefined && replay.withdrawnBy && (
        <Alert severity="warning" data-testid="replay-withdrawn">
          {withdrawnThenLine(replay.withdrawnBy)}
        </Alert>
      )}
      {/* What a dispute asks first: who won, or who leads at the instant replayed. */}
      {leadingLine(replay) && (
        <Typography data-testid="replay-leading" sx={{ fontWeight: 600 }}>
          {leadingLine(replay)}
          {replay.leading && (
            <>
              {' '}
              <MemberLink
                userId={replay.leading.bidderId}
                username={`${replay.leading.username}’s profile`}
              />
            </>
          )}
        </Typography>
      )}

      {replay.details && <DetailsThen details={replay.details} />}

      <Stack
        ref={tops.bids.ref}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {countLine('Bids', found.length, replay.bids.length)}
        </Typography>
        {/* One member's bids, taken and refused, however many the ad has. Wide enough for its
            whole label, which says ids are taken too. */}
        <TextField
          id="history-bidder"
          label="Bidder (username, alias or id)"
          size="small"
          sx={{ minWidth: { sm: '18rem' } }}
          value={view.bidder}
          onChange={(e) =>
            setSearchParams((params) => withBidder(params, e.target.value), { replace: true })
          }
          slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'none' } }}
        />
        <Button
          variant="outlined"
          onClick={saveBids}
          disabled={found.length === 0 && refusedFound.length === 0}
        >
          Download CSV
        </Button>
      </Stack>
      {replay.bids.length === 0 ? (
        <Typography color="textSecondary">{MESSAGES.noBidsPosted}</Typography>
      ) : found.length === 0 ? (
        <Typography color="textSecondary" data-testid="no-bids-found">
          No bid by “{view.bidder.trim()}”{asOf !== undefined ? ' by the replayed instant' : ''}.
        </Typography>
      ) : (
        <TableScroller label="Bids" outlined>
          <Table size="small" aria-label="Bids" sx={COMPACT_ON_PHONE}>
            <TableHead>
              {/* What settles a dispute first — the order, the amount and its type, before or
                  after the final call, who — so that a phone shows it before the table scrolls;
                  the times and the log's event after. */}
              <TableRow>
                <TableCell
                  title="The bid's place in the order the log recorded the bids"
                  sx={STICKY_FIRST}
                >
                  #
                </TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell>Phase</TableCell>
                <TableCell>Bidder</TableCell>
                <TableCell>Placed (command time)</TableCell>
                <TableCell>Recorded</TableCell>
                <TableCell title="The bid's event in the Events table below">Event</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {bidsShown.rows.map(({ bid, place }) => (
                <TableRow key={bid.bidId}>
                  <TableCell sx={STICKY_FIRST}>{place}</TableCell>
                  <TableCell align="right">
                    <Box sx={NO_WRAP}>{formatRupees(bid.amount)}</Box>
                    {/* Open or Hidden, under its amount: what a phone shows first. */}
                    <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                      {bid.type}
                    </Box>
                    {feeBidNote(bid) && (
                      <Box
                        component="span"
                        data-testid="bid-via-fee"
                        sx={{ display: 'block', color: 'text.secondary', typography: 'caption' }}
                      >
                        {feeBidNote(bid)}
                      </Box>
                    )}
                    {acrossDeadlineNote(bid, replay.deadline) && (
                      <Box
                        component="span"
                        data-testid="bid-across-deadline"
                        sx={{ display: 'block', color: 'text.secondary', typography: 'caption' }}
                      >
                        {acrossDeadlineNote(bid, replay.deadline)}
                      </Box>
                    )}
                    {priceEdits.has(bid.bidId) && (
                      <Box
                        component="span"
                        data-testid="bid-price-edited"
                        sx={{ display: 'block', color: 'warning.dark', typography: 'caption' }}
                      >
                        {priceEditedLine(priceEdits.get(bid.bidId)!)}
                      </Box>
                    )}
                    {/* Under the amount, not beside it: the column stays narrow on a phone. */}
                    {replay.highest.some((h) => h.bidId === bid.bidId) && (
                      <Chip
                        label={highestLabel(bid)}
                        size="small"
                        color="secondary"
                        // Its words wrap: a one-line chip widened the column past a phone's half.
                        sx={WRAPPING_CHIP}
                      />
                    )}
                  </TableCell>
                  <TableCell>{bid.phase === 'afterFinalCall' ? 'After' : 'Before'}</TableCell>
                  <BidderCell bid={bid} staff={staffBidders.has(bid.bidderId)} />
                  <Instant at={bid.placedAt} />
                  <Instant at={bid.recordedAt} />
                  <TableCell>{bid.version}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroller>
      )}
      <PagePicker
        page={bidsShown.page - 1}
        totalPages={bidsShown.totalPages}
        onPage={showPage('bids')}
        aria-label="Pages of bids"
      />

      {/* The instant asked for: without one, no refusal is after it. */}
      <RefusedBids
        top={tops.refused.ref}
        bids={refusedFound}
        all={history.refusals.bids.length}
        page={view.pages.refused}
        onPage={showPage('refused')}
        asOf={asOf ?? null}
        staffBidders={staffBidders}
      />

      <Typography variant="h6" component="h2" ref={tops.events.ref}>
        Events ({history.events.length})
      </Typography>
      {afterReplay !== null && (
        // The whole log is listed, for the hash chain; what the replay had not reached is greyed.
        <Typography variant="body2" color="textSecondary" data-testid="events-after-replay">
          {afterReplay}
        </Typography>
      )}
      <TableScroller label="Events" outlined>
        <Table size="small" aria-label="Events" sx={COMPACT_ON_PHONE}>
          <TableHead>
            <TableRow>
              <TableCell sx={STICKY_FIRST}>Version</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Command time</TableCell>
              <TableCell>Recorded</TableCell>
              <TableCell>Actor</TableCell>
              <TableCell>Details</TableCell>
              <TableCell>Hash</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {eventsShown.rows
              .map((event, onPage) => ({ event, index: eventsBefore + onPage }))
              .map(({ event, index }) => (
                <TableRow
                  key={event.version}
                  data-after-replay={index >= replay.eventsApplied || undefined}
                  sx={index >= replay.eventsApplied ? AFTER_REPLAY_ROW : undefined}
                >
                  <TableCell sx={STICKY_FIRST}>
                    {event.version}
                    <AfterReplayMark after={index >= replay.eventsApplied} />
                  </TableCell>
                  <TableCell>{event.type}</TableCell>
                  <Instant at={event.commandTime} />
                  <Instant at={event.recordedAt} />
                  <TableCell>
                    {event.actor ? <Actor actor={event.actor} names={names} /> : '—'}
                  </TableCell>
                  <TableCell sx={{ minWidth: 220 }}>
                    <EventDetails event={event} edit={editAt.get(event.version)} />
                  </TableCell>
                  <EventHash hash={event.hash} />
                </TableRow>
              ))}
          </TableBody>
        </Table>
      </TableScroller>
      <PagePicker
        page={eventsShown.page - 1}
        totalPages={eventsShown.totalPages}
        onPage={showPage('events')}
        aria-label="Pages of events"
      />
    </Stack>
  );
}

/**
 * An event's gist, which opens (a click, a tap, Enter) onto everything it recorded: both its
 * instants as the log has them (UTC), its whole hash and its data. A hover is not needed, which
 * a phone has not.
 */
function EventDetails({ event, edit }: { event: HistoryEvent; edit?: AdEdit | undefined }) {
  const { commandTime, recordedAt, hash, data } = event;
  return (
    <Box component="details">
      {/* An event with nothing to sum up (a photo added) still offers its record, by name. */}
      <Box component="summary" sx={{ cursor: 'pointer', [ON_TOUCH]: { py: 1.5 } }}>
        {eventGist(event, edit) || `${event.type} details`}
      </Box>
      {/* An edit's changes in full, a long description too, before the record itself. */}
      {edit && (
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5, ...WRAP_ANYWHERE }}>
          {edit.changes.map(({ field, from, to }) => (
            <li key={field}>
              {detailLabel(field)}: {detailValue(field, from)} → {detailValue(field, to)}
            </li>
          ))}
        </Box>
      )}
      <Box
        component="pre"
        sx={{ m: 0, mt: 1, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {JSON.stringify({ commandTime, recordedAt, hash, data }, null, 2)}
      </Box>
    </Box>
  );
}

/**
 * The ad as it read at the replayed instant: what its bids were placed on, which an edit since may
 * have changed. The item and its price at a glance; every detail on opening.
 */
function DetailsThen({ details }: { details: NonNullable<AdHistory['replay']['details']> }) {
  return (
    <Box component="details" data-testid="replay-details">
      <Box component="summary" sx={{ cursor: 'pointer', [ON_TOUCH]: { py: 1.5 } }}>
        The ad as it read then: {detailValue('itemName', details.itemName)},{' '}
        {detailValue('price', details.price)}
      </Box>
      <Box component="dl" sx={{ m: 0, mt: 1, ...WRAP_ANYWHERE }}>
        {detailRows(details).map(({ field, label, value }) => (
          <Box key={field} sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
            <Box component="dt" sx={{ fontWeight: 600, minWidth: '10em' }}>
              {label}
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {value}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** Characters of an event's hash shown in the table: enough to tell events apart by eye. */
const HASH_SHOWN = 12;

/**
 * An event's SHA-256 hash (over the one before it and its own content): its first characters,
 * enough to tell events apart and compare with the database; the whole of it on hover.
 */
function EventHash({ hash }: { hash: string }) {
  const cut = hash.length > HASH_SHOWN;
  return (
    <TableCell title={hash} sx={{ fontFamily: 'monospace', ...NO_WRAP }}>
      {cut ? `${hash.slice(0, HASH_SHOWN)}…` : hash}
    </TableCell>
  );
}
