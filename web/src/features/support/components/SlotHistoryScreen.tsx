import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
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
import { SLOT_SPACE_TYPES, type SlotSpaceType } from '@boli/engine/adspace/adSpace.rules';
import { addDays, indiaDateOf, isCalendarDate } from '@boli/engine/shared/indiaTime';
import { MESSAGES } from '@boli/engine/shared/messages';
import { useApi } from '../../../app/session/useApi.ts';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { LoadFailure } from '../../../components/LoadFailure.tsx';
import { NO_WRAP, STICKY_FIRST, WRAP_ANYWHERE } from '../../../components/cellStyles.ts';
import { TableScroller } from '../../../components/TableScroller.tsx';
import { countOf, formatDate, formatDateTime, formatRupees } from '../../../lib/format.ts';
import { fetchCalendarDays } from '../../adspace/api/adspaceApi.ts';
import { useLoadedAfresh } from '../../../lib/useLoaded.ts';
import { slotTypeOr } from '@boli/engine/adspace/slotPaths';
import { TaxDocumentLinks } from '../../../payments/components/TaxDocumentLinks.tsx';
import {
  fetchSlotHistory,
  notOfferedBecause,
  slotAskedProblem,
  offerStatusText,
  slotOutcome,
  slotTitle,
  type SlotHistory,
} from '../slotHistory.ts';
import { spaceTypeOptions } from '../../adspace/components/spaceTypeOptions.tsx';
import { CompanyName } from '../../adspace/components/CompanyName.tsx';
import { serverDate } from '../../../lib/serverClock.ts';

/**
 * /support/slots?type=&date= (support, auditors and admins; not in the spec's table): an ad
 * slot's whole story — every bid ranked as the winner is chosen, each offer with where its
 * purchase stands, and whether the slot was sold — for a dispute such as "I paid, but the slot
 * went to someone else".
 */
export function SlotHistoryScreen() {
  const [params, setParams] = useSearchParams();
  const shownType = slotTypeOr(params.get('type'));
  const shownDate = params.get('date') ?? '';
  // A type or date the address holds that cannot be shown (a link mistyped) is said.
  const askedProblem = slotAskedProblem(params.get('type'), params.get('date'));
  const [type, setType] = useState<SlotSpaceType>(shownType);
  const [date, setDate] = useState(shownDate);
  // A slot chosen from the list (or Back to another) is the one the fields name.
  useEffect(() => {
    setType(shownType);
    setDate(shownDate);
  }, [shownType, shownDate]);
  const [problem, setProblem] = useState<string | null>(null);
  const show = (event: FormEvent) => {
    event.preventDefault();
    if (!isCalendarDate(date)) return setProblem(MESSAGES.invalidDate);
    setParams({ type, date });
  };
  return (
    <Stack spacing={2}>
      <Stack
        spacing={2}
        component="form"
        aria-label="Find a slot"
        noValidate
        onSubmit={show}
        sx={{ maxWidth: 640 }}
      >
        <Typography variant="h5" component="h1">
          Slot history
        </Typography>
        <Typography color="textSecondary">
          Every bid for an ad slot, ranked as its winner is chosen; each offer and where its
          purchase stands; and whether the slot was sold.
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label="Type"
            value={type}
            onChange={(event) => setType(event.target.value as SlotSpaceType)}
            size="small"
            sx={{ minWidth: 180 }}
          >
            {spaceTypeOptions(SLOT_SPACE_TYPES)}
          </TextField>
          <TextField
            label="Date"
            type="date"
            value={date}
            onChange={(event) => {
              setDate(event.target.value);
              setProblem(null);
            }}
            error={problem !== null}
            {...(problem === null ? {} : { helperText: problem })}
            size="small"
            slotProps={{
              inputLabel: { shrink: true },
              formHelperText: problem === null ? {} : { role: 'alert' },
            }}
          />
        </Stack>
        <Button type="submit" variant="contained" sx={{ alignSelf: 'flex-start' }}>
          Show history
        </Button>
      </Stack>
      {askedProblem !== null ? (
        <Alert severity="error">{askedProblem}</Alert>
      ) : isCalendarDate(shownDate) ? (
        <>
          {/* The list this slot may have been chosen from, on the page, not only behind Back. */}
          <Link component={RouterLink} to="/support/slots" sx={{ alignSelf: 'flex-start' }}>
            All slots with bids
          </Link>
          <SlotHistoryOf key={`${shownType}/${shownDate}`} type={shownType} slotdate={shownDate} />
        </>
      ) : (
        <SlotsWithBids />
      )}
    </Stack>
  );
}

/** How far back and ahead of today the slots with bids are listed, in days. */
const LISTED_DAYS = { back: 30, ahead: 90 } as const;

/**
 * Before a slot is chosen: the slots with bids from a month ago to three months ahead, each
 * leading to its history, so support need not know a slot's type and day to begin.
 */
function SlotsWithBids() {
  const { request } = useApi();
  // Today by the server's clock: a phone's own may be a day out.
  const today = indiaDateOf(serverDate().toISOString());
  const {
    data: days,
    failure,
    retry,
  } = useLoadedAfresh(
    useCallback(
      () =>
        fetchCalendarDays(request, {
          from: addDays(today, -LISTED_DAYS.back),
          to: addDays(today, LISTED_DAYS.ahead),
        }),
      [request, today],
    ),
  );
  if (failure) {
    return retry ? (
      <LoadFailure message={failure.message} onRetry={retry} />
    ) : (
      <Alert severity="error">{failure.message}</Alert>
    );
  }
  if (!days) return <CenteredSpinner label="Loading the slots with bids" />;
  const withBids = days.filter((day) => day.bids > 0);
  return (
    <Stack spacing={1} component="section" aria-label="Slots with bids">
      <Typography variant="h6" component="h2">
        Slots with bids
      </Typography>
      <Typography variant="body2" color="textSecondary">
        From {formatDate(addDays(today, -LISTED_DAYS.back))} to{' '}
        {formatDate(addDays(today, LISTED_DAYS.ahead))}. Choose one for its history, or pick any
        type and date above.
      </Typography>
      {withBids.length === 0 ? (
        <Typography role="status">No slot has bids in these days.</Typography>
      ) : (
        <TableScroller label="Slots with bids">
          <Table size="small" aria-label="Slots with bids">
            <TableHead>
              <TableRow>
                <TableCell>Slot</TableCell>
                <TableCell align="right">Bids</TableCell>
                <TableCell align="right">Highest</TableCell>
                <TableCell>Bidding</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {withBids.map((day) => (
                <TableRow key={`${day.type}/${day.slotdate}`}>
                  <TableCell sx={NO_WRAP}>
                    <Link
                      component={RouterLink}
                      to={`/support/slots?${new URLSearchParams({ type: day.type, date: day.slotdate }).toString()}`}
                    >
                      {slotTitle({ type: slotTypeOr(day.type), slotdate: day.slotdate })}
                    </Link>
                  </TableCell>
                  <TableCell align="right">{day.bids}</TableCell>
                  <TableCell align="right" sx={NO_WRAP}>
                    {formatRupees(day.amount)}
                  </TableCell>
                  <TableCell>{day.closed ? 'closed' : 'open'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroller>
      )}
    </Stack>
  );
}

function SlotHistoryOf({ type, slotdate }: { type: SlotSpaceType; slotdate: string }) {
  const { request } = useApi();
  const {
    data: history,
    failure,
    retry,
  } = useLoadedAfresh(
    useCallback(() => fetchSlotHistory(request, type, slotdate), [request, type, slotdate]),
  );
  if (failure) {
    // 'Nobody has bid for this slot.' is an answer, not a failure to retry.
    return retry ? (
      <LoadFailure message={failure.message} onRetry={retry} />
    ) : (
      <Alert severity="info" role="status">
        {failure.message}
      </Alert>
    );
  }
  if (!history) return <CenteredSpinner label="Loading the slot's history" />;
  return <SlotStory history={history} />;
}

function SlotStory({ history }: { history: SlotHistory }) {
  return (
    <Stack spacing={2} component="section" aria-label="Slot">
      <Typography variant="h6" component="h2">
        {slotTitle(history)}
      </Typography>
      <Typography role="status">{slotOutcome(history)}</Typography>
      <Typography variant="body2" color={history.chain.ok ? 'textSecondary' : 'error'}>
        {history.chain.ok
          ? `Its log: ${countOf(history.events.length, 'event')}, the hash chain intact.`
          : `Its log's hash chain is broken at event ${history.chain.brokenAt}: ${history.chain.reason}`}
      </Typography>

      <Typography variant="h6" component="h2">
        Offers ({history.offers.length})
      </Typography>
      {history.offers.length === 0 ? (
        <Typography color="textSecondary">No offer has been made.</Typography>
      ) : (
        <TableScroller label="Offers" outlined>
          <Table size="small" aria-label="Offers">
            <TableHead>
              {/* Who and where the purchase stands first, so a phone shows them before the table
                  scrolls; the times and the ids after. */}
              <TableRow>
                <TableCell sx={STICKY_FIRST}>Member</TableCell>
                <TableCell>Purchase</TableCell>
                <TableCell align="right">Bid</TableCell>
                <TableCell>Pay by</TableCell>
                <TableCell>Offered</TableCell>
                <TableCell>Invoice</TableCell>
                <TableCell>Purchase id</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {history.offers.map((offer) => (
                <TableRow key={offer.bidId}>
                  <TableCell sx={STICKY_FIRST}>{offer.username}</TableCell>
                  <TableCell>{offerStatusText(offer)}</TableCell>
                  <TableCell align="right" sx={NO_WRAP}>
                    {formatRupees(offer.amount)}
                  </TableCell>
                  <TableCell sx={NO_WRAP}>{formatDateTime(offer.payBy)}</TableCell>
                  <TableCell sx={NO_WRAP}>{formatDateTime(offer.offeredAt)}</TableCell>
                  <TableCell>
                    <TaxDocumentLinks documents={offer} missing="—" />
                  </TableCell>
                  <TableCell sx={{ ...WRAP_ANYWHERE, minWidth: 160 }}>{offer.purchaseId}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroller>
      )}

      <Typography variant="h6" component="h2">
        Bids ({history.bids.length})
      </Typography>
      <TableScroller label="Bids" outlined>
        <Table size="small" aria-label="Bids">
          <TableHead>
            <TableRow>
              <TableCell sx={STICKY_FIRST}>#</TableCell>
              <TableCell align="right">Amount</TableCell>
              <TableCell>Member</TableCell>
              <TableCell>Company</TableCell>
              <TableCell>Placed</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {history.bids.map((bid, index) => (
              <TableRow key={bid.bidId}>
                <TableCell sx={STICKY_FIRST}>{index + 1}</TableCell>
                <TableCell align="right">
                  <Box sx={NO_WRAP}>{formatRupees(bid.amount)}</Box>
                  {bid.bidId === history.winnerBidId && (
                    <Chip label="Won when bidding ended" size="small" color="secondary" />
                  )}
                  {notOfferedBecause(bid, history.offers) && (
                    <Typography variant="caption" component="div" color="textSecondary">
                      {notOfferedBecause(bid, history.offers)}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{bid.username}</TableCell>
                <TableCell sx={WRAP_ANYWHERE}>
                  <CompanyName company={bid.company} />
                </TableCell>
                <TableCell sx={NO_WRAP}>{formatDateTime(bid.biddate)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableScroller>
    </Stack>
  );
}
