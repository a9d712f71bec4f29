import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { LIMITS } from '@boli/engine/shared/limits';
import { messageOf } from '../../../app/api/client.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { useSession } from '../../../app/session/sessionContext.ts';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { DAY_AND_TIME_IN_TEXT, formatAccountRupees } from '../../../lib/format.ts';
import { downloadAttachment } from '../../../lib/attachmentDownload.ts';
import { TaxDocumentLinks } from '../../../payments/components/TaxDocumentLinks.tsx';
import { SeriesResult } from './SeriesResult.tsx';
import { PeriodReconciliation } from './PeriodReconciliation.tsx';
import { ComparedSides } from './ComparedSides.tsx';
import { fetchGatewayCheck, fetchLedger, fetchSeriesCheck } from '../api/auditApi.ts';
import {
  financialYearChoices,
  ledgerCaption,
  ledgerSummaryLines,
  placeOfSupplyLines,
  comparisonVerdict,
  paymentTime,
  periodProblem,
  placeOfSupply,
  statusText,
  taxLines,
  type GatewayCheck,
  type Ledger,
  type LedgerSummary,
  ledgerCsvUrl,
  type LedgerEntry,
  type LedgerView,
  type SeriesCheck,
  CSV_FAILED,
} from '../model/audit.ts';
import { ledgerLinkOf, ledgerParamsOf } from '../model/ledgerLink.ts';
import { pageWithin } from '../../../lib/usePageParam.ts';
import { PurchaseKindSelect } from '../../../payments/components/PurchaseKindSelect.tsx';
import { PagePicker } from '../../../components/PagePicker.tsx';
import { useTopOnPagePicked } from '../../../lib/useTopOnPagePicked.ts';
import { Announcer } from '../../../components/Announcer.tsx';
import { KeptWhole } from '../../../components/KeptWhole.tsx';
import { busyProps } from '../../../components/busyProps.ts';
import { NO_WRAP, STICKY_FIRST, WRAP_ANYWHERE } from '../../../components/cellStyles.ts';
import { useCloseOnBack } from '../../../lib/useCloseOnBack.ts';
import { TableScroller } from '../../../components/TableScroller.tsx';
import { adHistoryPath } from '../../support/adHistoryLookup.ts';
import { serverDate } from '../../../lib/serverClock.ts';

/** The tax invoiced by place of supply, folded under the period's sums (a line a state). */
function PlacesOfSupply({ summary }: { summary: LedgerSummary }) {
  const lines = placeOfSupplyLines(summary);
  if (lines.length === 0) return null;
  return (
    <Box component="details" data-testid="ledger-by-place" sx={{ mt: 0.5 }}>
      <Typography component="summary" variant="body2" sx={{ cursor: 'pointer' }}>
        Invoiced by place of supply ({lines.length})
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {lines.map((line) => (
          <Typography key={line} component="li" variant="body2" color="textSecondary">
            {line}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/**
 * /audit (auditors and admins; not in the spec's table): the invoice and credit-note series of a
 * financial year checked for gaps, repeats, uninvoiced captures and refunds no credit note
 * reversed, and every payment of a period with its tax, invoice (and, on a refund, the credit note
 * that reversed it) and a comparison with the payment gateway's record, one purchase's or the
 * whole period's.
 */
export function AuditScreen() {
  return (
    <Stack spacing={4}>
      <Typography variant="h5" component="h1">
        Payments audit
      </Typography>
      <SeriesSection />
      <LedgerSection />
    </Stack>
  );
}

function SeriesSection() {
  const { request } = useApi();
  const years = useMemo(() => financialYearChoices(serverDate()), []);
  const [year, setYear] = useState(years[0]!);
  const [check, setCheck] = useState<SeriesCheck | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = useCallback(
    (financialYear: string) => {
      setBusy(true);
      setFailure(null);
      fetchSeriesCheck(request, financialYear)
        .then(setCheck, (error: unknown) => setFailure(messageOf(error)))
        .finally(() => setBusy(false));
    },
    [request],
  );
  useEffect(() => run(years[0]!), [run, years]);

  return (
    <Stack spacing={2} component="section" aria-label="Invoice series">
      <Typography variant="h6" component="h2">
        Invoice series
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Financial year"
          value={year}
          onChange={(e) => setYear(e.target.value)}
          // Its year whole ('2026-27') beside the arrow, at any text size.
          sx={{ minWidth: '10rem' }}
        >
          {years.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {choice}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          {...busyProps(busy)}
          onClick={() => {
            if (!busy) run(year);
          }}
        >
          Check series
        </Button>
      </Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
      {check && <SeriesResult check={check} />}
    </Stack>
  );
}

/** The filter row's fields: the phone's whole width in its column, their own in a row. */
const FIELD_WIDTH = { width: { xs: '100%', sm: 'auto' } } as const;
/** The refused period's alert (reversed, or a link's end not a day), which both dates point to. */
const PERIOD_PROBLEM_ID = 'ledger-period-problem';

/**
 * A payment's time: its day and its time each kept whole (KeptWhole), on one line where the table
 * has room; else, as on a phone or a desktop window of 1280 px, its day over its time, so that the
 * purchase's name and id beside it are not squeezed to a few characters a line and Invoice and
 * Compare stay in view.
 */
const TIME_CELL = { whiteSpace: 'normal' } as const;

function LedgerSection() {
  const { request } = useApi();
  // What is shown lives in the address: a reload, Back or a link sent on shows the same payments.
  const [params, setParams] = useSearchParams();
  // A link the screen cannot read says so (ledgerLinkOf), rather than showing other payments.
  const link = useMemo(() => ledgerLinkOf(params, serverDate()), [params]);
  const period = link.view;
  // Each change is a step Back undoes (a period shown, a kind, a page), as links are.
  const setPeriod = (view: LedgerView) => setParams(ledgerParamsOf(view, serverDate()));
  /** The period and search as typed: Show payments shows them. */
  const [draft, setDraft] = useState(() => ({
    from: period.from,
    to: period.to,
    search: period.search,
  }));
  /**
   * Why Show payments refused the period typed, and the address it was refused on. It holds until
   * the address changes: the router moves to the next one in a transition, after this screen's own
   * updates, so the refusal lapsing at once would show the last period's payments meanwhile.
   */
  const [invalid, setInvalid] = useState<{ problem: string; address: string } | null>(null);
  const address = params.toString();
  // Back or Forward to another ledger: the fields say what it shows, and no longer what was typed.
  useEffect(() => {
    setDraft({ from: period.from, to: period.to, search: period.search });
  }, [period.from, period.to, period.search]);
  // Typed or in the link, a period refused shows no payments (and downloads none) until mended.
  const refusal = (invalid?.address === address ? invalid.problem : null) ?? link.refusal;
  const linkRefused = link.refusal !== null;
  // The ledger fetched with the view it is of: a view just asked for shows none until its own.
  const [loaded, setLoaded] = useState<{ view: LedgerView; ledger: Ledger } | null>(null);
  const loadedLedger = loaded?.view === period ? loaded.ledger : null;
  // A page past the end (a link from a longer list, or failed attempts hidden since) is not
  // shown as an empty page under the period's count: the last page replaces it in the address.
  const lastPage = loadedLedger ? pageWithin(period.page, loadedLedger.totalPages) : period.page;
  useEffect(() => {
    if (lastPage !== period.page) {
      setParams(ledgerParamsOf({ ...period, page: lastPage }, serverDate()), {
        replace: true,
      });
    }
  }, [lastPage, period, setParams]);
  const ledger = lastPage === period.page ? loadedLedger : null;
  const [failure, setFailure] = useState<string | null>(null);
  const [checking, setChecking] = useState<string | null>(null);
  // Another page picked under the table: its rows, once read, are shown from their first.
  const tableTop = useTopOnPagePicked<HTMLDivElement>(ledger);

  const [csvFailure, setCsvFailure] = useState<string | null>(null);
  // The CSV saves what is shown: not while the dates or search typed are others, or refused.
  const showsDraft =
    !refusal &&
    draft.from === period.from &&
    draft.to === period.to &&
    draft.search.trim() === period.search.trim();
  const fromField = useRef<HTMLInputElement>(null);
  const show = () => {
    const problem = periodProblem(draft);
    if (problem) {
      setInvalid({ problem, address });
      // The keyboard goes to the date to mend; both dates are marked, and say why (the alert).
      fromField.current?.focus();
      return;
    }
    const next: LedgerView = { ...period, ...draft, page: 0 };
    // The same address again moves nothing, so the refusal goes here; another one ends it itself.
    const nextParams = new URLSearchParams(ledgerParamsOf(next, serverDate()));
    if (nextParams.toString() === address) setInvalid(null);
    setParams(nextParams);
  };

  /**
   * A kind or Hide failed attempts chosen: shown at once, with the dates and search as typed when
   * they can be shown (the boxes then say what the list is of), else with the period shown.
   */
  const showWith = (change: Partial<Pick<LedgerView, 'kind' | 'hideFailed'>>) => {
    const typed = periodProblem(draft) === null ? draft : {};
    setPeriod({ ...period, ...typed, ...change, page: 0 });
  };

  useEffect(() => {
    // What another period or page held is not shown meanwhile, nor under a failure.
    setLoaded(null);
    setFailure(null);
    // The link's period is refused: nothing is asked for until one is chosen.
    if (linkRefused) return;
    let live = true;
    fetchLedger(request, period).then(
      (data) => live && setLoaded({ view: period, ledger: data }),
      (error: unknown) => live && setFailure(messageOf(error)),
    );
    return () => {
      live = false;
    };
  }, [period, request, linkRefused]);

  return (
    <Stack spacing={2} component="section" aria-label="Payments ledger">
      <Typography variant="h6" component="h2">
        Payments ledger
      </Typography>
      {/* A form: Enter in a field shows the payments as the button does. */}
      <Stack
        component="form"
        aria-label="Which payments"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          show();
        }}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
      >
        {(['from', 'to'] as const).map((end) => (
          <TextField
            key={end}
            type="date"
            size="small"
            label={end === 'from' ? 'From' : 'To'}
            value={draft[end]}
            onChange={(e) => setDraft({ ...draft, [end]: e.target.value })}
            error={refusal !== null}
            {...(end === 'from' ? { inputRef: fromField } : {})}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: refusal ? { 'aria-describedby': PERIOD_PROBLEM_ID } : {},
            }}
            sx={FIELD_WIDTH}
          />
        ))}
        <TextField
          type="search"
          size="small"
          label="Search"
          placeholder="Invoice, order, payment, buyer"
          value={draft.search}
          onChange={(e) => setDraft({ ...draft, search: e.target.value })}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { maxLength: LIMITS.ledgerSearchMax },
          }}
          sx={{ ...FIELD_WIDTH, minWidth: { sm: 280 } }}
        />
        <Button variant="contained" type="submit">
          Show payments
        </Button>
        {/* Failed attempts moved no money; many of them can bury the payments that did. */}
        <FormControlLabel
          control={
            <Switch
              checked={period.hideFailed}
              onChange={(e) => showWith({ hideFailed: e.target.checked })}
            />
          }
          label="Hide failed attempts"
        />
        <PurchaseKindSelect
          label="Kind"
          value={period.kind}
          onChange={(kind) => showWith({ kind })}
          minWidth={140}
        />
        <CsvDownload view={period} onFailure={setCsvFailure} disabled={!showsDraft} />
      </Stack>
      <Typography variant="caption" color="textSecondary">
        Days are India&apos;s calendar days (IST), as on the invoices, both ends included.
        {!showsDraft && ' Show payments first: the CSV saves the payments shown.'}
      </Typography>
      {csvFailure && (
        <Alert severity="error" onClose={() => setCsvFailure(null)}>
          {csvFailure}
        </Alert>
      )}
      {refusal && (
        <Alert severity="error" id={PERIOD_PROBLEM_ID}>
          {refusal}
        </Alert>
      )}
      {/* A kind or failed the link named that the screen does not know: what is shown instead. */}
      {link.ignored.length > 0 && (
        <Alert severity="warning">
          {link.ignored.map((line) => (
            <Box key={line}>{line}</Box>
          ))}
        </Alert>
      )}
      {failure && <Alert severity="error">{failure}</Alert>}
      {!refusal && !ledger && !failure && <CenteredSpinner label="Loading the ledger" />}
      {/* A period, search, kind or Hide failed attempts changed: the count is said. */}
      <Announcer message={ledger ? ledgerCaption(ledger.total, period.search) : ''} />
      {!refusal && ledger && (
        <>
          {/* A long search, quoted, breaks rather than widening the page. */}
          {/* data-view: the address of the view summed up, for a test to know it is the new one. */}
          <Box
            data-testid="ledger-summary"
            data-view={new URLSearchParams(params).toString()}
            sx={WRAP_ANYWHERE}
          >
            <Typography variant="body2" color="textSecondary">
              {ledgerCaption(ledger.total, period.search)}
            </Typography>
            {ledgerSummaryLines(ledger.summary, { failedHidden: period.hideFailed }).map((line) => (
              <Typography key={line} variant="body2" color="textSecondary">
                {line}
              </Typography>
            ))}
            <PlacesOfSupply summary={ledger.summary} />
          </Box>
          <PeriodReconciliation period={period} onCompare={setChecking} />
          <Box ref={tableTop.ref} />
          <TableScroller label={'Payments'} outlined>
            <Table
              size="small"
              aria-label="Payments"
              sx={{ '& td, & th': { px: 1 }, '& td.MuiTableCell-alignRight': NO_WRAP }}
            >
              <TableHead>
                <TableRow>
                  <TableCell sx={STICKY_FIRST}>Date</TableCell>
                  <TableCell>Purchase</TableCell>
                  <TableCell>Buyer / place of supply</TableCell>
                  <TableCell>Order / payment</TableCell>
                  <TableCell>Status / method</TableCell>
                  <TableCell align="right">Paid</TableCell>
                  <TableCell align="right">Price</TableCell>
                  <TableCell align="right">GST</TableCell>
                  <TableCell align="right">Total</TableCell>
                  <TableCell>Invoice / credit note</TableCell>
                  <TableCell>Gateway</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {ledger.payments.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={11} sx={WRAP_ANYWHERE}>
                      {ledgerCaption(0, period.search)}
                    </TableCell>
                  </TableRow>
                )}
                {ledger.payments.map((entry) => (
                  <LedgerRow
                    key={entry.paymentId}
                    entry={entry}
                    onCheck={() => setChecking(entry.purchaseId)}
                  />
                ))}
              </TableBody>
            </Table>
          </TableScroller>
          <PagePicker
            page={period.page}
            totalPages={ledger.totalPages}
            onPage={(page) => {
              tableTop.pick();
              setPeriod({ ...period, page });
            }}
          />
        </>
      )}
      {checking && <GatewayDialog purchaseId={checking} onClose={() => setChecking(null)} />}
    </Stack>
  );
}

/**
 * The long ids (purchase, order, payment, a gateway's error code) may break anywhere, so the
 * table fits a desktop window with Invoice and Compare in view; amounts, the date and invoice
 * numbers never break.
 */
const IDS = { ...WRAP_ANYWHERE, minWidth: 96 } as const;

function LedgerRow({ entry, onCheck }: { entry: LedgerEntry; onCheck: () => void }) {
  // A failed attempt moved nothing: the purchase's amounts are shown in grey, for what was tried,
  // still readable (text.disabled is 2.7:1; an auditor compares these figures).
  const attempted = entry.status === 'failed' ? { color: 'text.secondary' } : undefined;
  return (
    <TableRow data-testid="ledger-row">
      <TableCell sx={{ ...TIME_CELL, ...STICKY_FIRST }}>
        <KeptWhole text={paymentTime(entry)} pattern={DAY_AND_TIME_IN_TEXT} />
        {/* On a phone the money columns are a scroll away: what moved, and how, under the date,
            which stays in view as the table scrolls. */}
        <Box
          data-testid="ledger-row-gist"
          sx={{ display: { xs: 'block', sm: 'none' }, fontWeight: 500, ...NO_WRAP }}
        >
          {entry.amount === null ? '—' : formatAccountRupees(entry.amount)} · {entry.status}
        </Box>
      </TableCell>
      <TableCell sx={IDS}>
        {entry.name}
        {entry.itemAdId && (
          // The ad a bid fee was for, to its bid history: a refund for a closed ad is checked there.
          <Link
            component={RouterLink}
            to={adHistoryPath(entry.itemAdId._id)}
            variant="body2"
            sx={{ display: 'block' }}
          >
            {entry.itemAdId.itemName || entry.itemAdId._id}
          </Link>
        )}
        <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
          {entry.purchaseId}
        </Typography>
      </TableCell>
      <TableCell sx={IDS}>
        {entry.buyer.name}
        <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
          {placeOfSupply(entry)}
        </Typography>
      </TableCell>
      <TableCell sx={IDS}>
        {entry.orderId}
        <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
          {entry.paymentId}
        </Typography>
      </TableCell>
      <TableCell sx={IDS}>
        {statusText(entry)}
        <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
          {entry.method ?? '—'}
        </Typography>
      </TableCell>
      <TableCell align="right">
        {entry.amount === null ? '—' : formatAccountRupees(entry.amount)}
      </TableCell>
      <TableCell align="right" sx={attempted}>
        {formatAccountRupees(entry.price)}
      </TableCell>
      <TableCell align="right" sx={attempted}>
        {taxLines(entry).map((line) => (
          <Box key={line}>{line}</Box>
        ))}
      </TableCell>
      <TableCell align="right" sx={attempted}>
        {formatAccountRupees(entry.total)}
      </TableCell>
      <TableCell>
        {/* The invoice on the payment that paid, or why there is none; the credit note on the
            refunded payment that paid it. */}
        <TaxDocumentLinks
          documents={entry}
          missing={
            entry.status === 'failed' ? '—' : <Typography color="error">Not invoiced</Typography>
          }
        />
      </TableCell>
      <TableCell>
        {/* Named for its purchase, as the dialog it opens is: one of many Compare buttons. */}
        <Button size="small" onClick={onCheck} aria-label={`Compare: purchase ${entry.purchaseId}`}>
          Compare
        </Button>
      </TableCell>
    </TableRow>
  );
}

/**
 * Downloads the ledger shown (its period, kind and failed attempts; every page of it) as a
 * spreadsheet; says so while the file is being made, and why when it could not be.
 */
function CsvDownload({
  view,
  onFailure,
  disabled,
}: {
  view: LedgerView;
  onFailure: (message: string | null) => void;
  disabled: boolean;
}) {
  const session = useSession();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outlined"
      disabled={disabled}
      {...busyProps(busy)}
      onClick={() => {
        if (busy) return;
        setBusy(true);
        onFailure(null);
        downloadAttachment(ledgerCsvUrl(view), session)
          .catch((error: unknown) => onFailure(messageOf(error) || CSV_FAILED))
          .finally(() => setBusy(false));
      }}
      sx={NO_WRAP}
    >
      {busy ? 'Preparing CSV…' : 'Download CSV'}
    </Button>
  );
}

/** The gateway dialog's side margins: narrower on a phone, where it is the whole screen. */
const DIALOG_SIDES = { px: { xs: 2, sm: 3 } } as const;

function GatewayDialog({ purchaseId, onClose }: { purchaseId: string; onClose: () => void }) {
  const { request } = useApi();
  const [check, setCheck] = useState<GatewayCheck | null>(null);
  // A phone gives the comparison's four columns the whole screen.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  // On the whole screen it looks like a page: Back closes it.
  useCloseOnBack(phone, onClose);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchGatewayCheck(request, purchaseId).then(
      (data) => live && setCheck(data),
      (error: unknown) => live && setFailure(messageOf(error)),
    );
    return () => {
      live = false;
    };
  }, [purchaseId, request]);

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={phone}>
      {/* On a phone the comparison's four columns get the screen's width, less a narrow margin. */}
      <DialogTitle sx={DIALOG_SIDES}>Boli and the gateway: purchase {purchaseId}</DialogTitle>
      <DialogContent sx={DIALOG_SIDES}>
        {failure && <Alert severity="error">{failure}</Alert>}
        {!check && !failure && <CenteredSpinner label="Asking the gateway" />}
        {check && (
          <Stack spacing={2}>
            <Alert severity={check.agrees ? 'success' : 'error'}>{comparisonVerdict(check)}</Alert>
            <Table
              size="small"
              aria-label="Orders and payments"
              // Only the ids break anywhere; amounts and words wrap between words.
              sx={{
                '& td:first-of-type': WRAP_ANYWHERE,
                '& td, & th': { px: { xs: 0.75, sm: 1 } },
              }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>Order / payment</TableCell>
                  <TableCell>Boli</TableCell>
                  <TableCell>Gateway</TableCell>
                  <TableCell>Problems</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {check.orders.map((order) => (
                  <TableRow key={order.orderId}>
                    <TableCell>{order.orderId}</TableCell>
                    <TableCell>{formatAccountRupees(order.expectedAmount)}</TableCell>
                    <TableCell>
                      {order.gateway
                        ? `${order.gateway.status}, ${formatAccountRupees(order.gateway.amount)}`
                        : 'unknown'}
                    </TableCell>
                    <TableCell>{order.problems.join('; ') || '—'}</TableCell>
                  </TableRow>
                ))}
                {check.payments.map((payment) => (
                  <TableRow key={payment.paymentId}>
                    <TableCell>{payment.paymentId}</TableCell>
                    <ComparedSides payment={payment} />
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
