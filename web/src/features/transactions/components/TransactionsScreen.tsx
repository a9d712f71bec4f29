import { Fragment, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { purchaseKindChoiceOf } from '../../../payments/model/purchaseKinds.ts';
import { useSnackbar } from 'notistack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { LIMITS } from '@boli/engine/shared/limits';
import { messageOf } from '../../../app/api/client.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { focusWhenDialogLeft } from '../../../lib/focusLost.ts';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { LoadFailure } from '../../../components/LoadFailure.tsx';
import {
  DATES_IN_TEXT,
  DAY_AND_TIME_IN_TEXT,
  formatDateTime,
  formatAccountRupees,
} from '../../../lib/format.ts';
import { KeptWhole } from '../../../components/KeptWhole.tsx';
import { PAYMENT_TEXTS } from '../../../payments/model/paymentTexts.ts';
import {
  fetchTransactions,
  type Transaction,
  type TransactionPage,
  type TransactionType,
} from '../api/transactionsApi.ts';
import {
  feeBidText,
  noTransactionsText,
  nothingCharged,
  settlingOnServer,
  taxColumnsOf,
  taxHeadings,
  taxLinesOf,
  transactionStatusText,
  unpaidNote,
  type TaxColumns,
} from '../model/transactionRows.ts';
import { PurchaseKindSelect } from '../../../payments/components/PurchaseKindSelect.tsx';
import { canPayNow } from '../api/payUnpaid.ts';
import { PayUnpaidDialog } from './PayUnpaidDialog.tsx';
import { hasDocuments, TaxDocuments } from './TaxDocuments.tsx';
import { PagePicker } from '../../../components/PagePicker.tsx';
import { Announcer } from '../../../components/Announcer.tsx';
import { NO_WRAP, WRAP_ANYWHERE } from '../../../components/cellStyles.ts';
import { TableScroller } from '../../../components/TableScroller.tsx';
import { onNotificationArrived } from '../../../app/notificationSignal.ts';
import { usePageParam, usePageWithin } from '../../../lib/usePageParam.ts';

/**
 * The transactions table (section 2): the type selector (kept in the address), then date, item, amount, the tax
 * columns (`taxColumnsOf`: SGST and CGST, IGST, or one GST column when both kinds are on the
 * page), total after tax, status and the invoice (with the credit note that reversed it, once
 * the payment was refunded); 20 a page, newest first. Narrower than a desktop (a phone, a tablet,
 * a laptop with its text doubled) each purchase is a card with the same facts.
 */
export function TransactionsScreen() {
  const { request } = useApi();
  // The table needs ~740 px at the default text size: narrower, it would scroll sideways.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  // The type is in the address (/transactions?type=subscription): a link may lead to one kind.
  // Choosing one makes the address anew, back to the first page.
  const [params, setParams] = useSearchParams();
  const type: TransactionType = purchaseKindChoiceOf(params.get('type'));
  const setType = (kind: TransactionType) =>
    setParams(kind === 'all' ? {} : { type: kind }, { replace: true });
  /** Zero-based, as the api counts; kept in the address (?page=2), so a reload finds it. */
  const [page, setPage] = usePageParam();
  const [answer, setAnswer] = useState<TransactionPage | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Retry asks for the same page again: the spinner shows meanwhile.
  const [attempt, setAttempt] = useState(0);
  /** The unpaid purchase whose Pay now was pressed. */
  const [paying, setPaying] = useState<Transaction | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { enqueueSnackbar } = useSnackbar();
  const reload = () => setAttempt((n) => n + 1);
  // After a payment dialog the list is asked again with the rows left in place: the Pay now
  // that opened it keeps the keyboard focus the dialog hands back, rather than a spinner taking it.
  const quietly = useRef(false);
  const reloadQuietly = useCallback(() => {
    quietly.current = true;
    setAttempt((n) => n + 1);
  }, []);
  // A row being confirmed (or refunded) settles on the server: asked again till it has.
  const settling = answer?.purchases.some((row) => settlingOnServer(row.status)) ?? false;
  useEffect(() => {
    if (!settling) return;
    const timer = window.setTimeout(reloadQuietly, LIMITS.purchasePollMs);
    return () => window.clearTimeout(timer);
  }, [settling, answer, reloadQuietly]);
  // A payment settled elsewhere (another tab, the webhook, a refund, a slot offered) comes with a
  // notification: the list catches up at once, rather than offering Pay now on a paid purchase.
  useEffect(() => onNotificationArrived(reloadQuietly), [reloadQuietly]);

  useEffect(() => {
    const controller = new AbortController();
    // Asked again quietly (a notification, a row settling), what is shown stays till the answer:
    // the rows, or the failure with its Retry, which would otherwise flicker away and back.
    if (!quietly.current) {
      setAnswer(null);
      setFailure(null);
    }
    quietly.current = false;
    fetchTransactions(request, { page, type }, controller.signal).then(
      (next) => {
        setFailure(null);
        setAnswer(next);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setFailure(messageOf(error));
      },
    );
    return () => controller.abort();
  }, [request, page, type, attempt]);
  usePageWithin(page, answer?.totalPages, setPage);

  const taxes = taxColumnsOf(answer?.purchases ?? []);
  const noTransactions = noTransactionsText(type);

  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
      >
        <Typography ref={heading} tabIndex={-1} variant="h5" component="h1">
          Transactions
        </Typography>
        <PurchaseKindSelect
          label="Type"
          value={type}
          // A type chosen starts at its first page: the address is made anew, without one.
          onChange={setType}
          minWidth={180}
        />
      </Stack>
      {failure && <LoadFailure message={failure} onRetry={reload} />}
      {!answer && !failure && <CenteredSpinner />}
      {/* A Type or a page chosen: what came of it is said. */}
      <Announcer
        message={
          answer
            ? answer.purchases.length === 0
              ? noTransactions
              : `${answer.purchases.length} shown, page ${page + 1} of ${answer.totalPages}.`
            : ''
        }
      />
      {answer && answer.purchases.length === 0 && (
        // Said by the Announcer above; a screen reader reading the page meets it there once.
        <Typography color="textSecondary" aria-hidden>
          {noTransactions}
        </Typography>
      )}
      {answer && answer.purchases.length > 0 && narrow && (
        // A narrow screen shows each purchase as a card: the nine columns would hide the total and
        // the invoice beyond the screen's edge.
        <Stack spacing={1} aria-label="Transactions" role="list">
          {answer.purchases.map((row) => (
            <TransactionCard key={row._id} row={row} taxes={taxes} onPay={setPaying} />
          ))}
        </Stack>
      )}
      {answer && answer.purchases.length > 0 && !narrow && (
        <TableScroller label={'Transactions'} outlined>
          {/* Narrow cell padding: the nine columns fit beside the side ads of a desktop page. */}
          <Table size="small" aria-label="Transactions" sx={{ '& td, & th': { px: 1 } }}>
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell>Item</TableCell>
                <TableCell align="right">Amount</TableCell>
                {taxHeadings(taxes).map((heading) => (
                  <TableCell key={heading} align="right">
                    {heading}
                  </TableCell>
                ))}
                <TableCell align="right">Total after tax</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Invoice</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {answer.purchases.map((row) => (
                <TransactionRow key={row._id} row={row} taxes={taxes} onPay={setPaying} />
              ))}
            </TableBody>
          </Table>
        </TableScroller>
      )}
      {answer && (
        <PagePicker
          page={page}
          totalPages={answer.totalPages}
          onPage={setPage}
          color="primary"
          sx={{ alignSelf: 'center' }}
        />
      )}
      <PayUnpaidDialog
        row={paying}
        onClose={() => {
          setPaying(null);
          reloadQuietly();
        }}
        onPaid={(confirmation) => {
          setPaying(null);
          // Its Pay now is gone with the payment: the keyboard goes to the page's heading.
          focusWhenDialogLeft(() => heading.current);
          enqueueSnackbar(confirmation.msg || PAYMENT_TEXTS.paid, { variant: 'success' });
          reloadQuietly();
        }}
        onOver={reloadQuietly}
      />
    </Stack>
  );
}

/** Under a fee: the bid it places once paid, so two fees on one ad are told apart. */
function FeeBidLine({ row }: { row: Transaction }) {
  if (!row.bid) return null;
  return (
    <Typography variant="caption" component="div" color="textSecondary">
      {feeBidText(row.bid)}
    </Typography>
  );
}

/**
 * When an ad space's run ends: its day and its time each whole, free to part between them, so the
 * Item column is not held as wide as the whole date-time (which pushed the table out of a 1,366 px
 * window).
 */
function RunsUntil({ at }: { at: string }) {
  return <KeptWhole text={formatDateTime(at)} pattern={DAY_AND_TIME_IN_TEXT} />;
}

/** A row's way to pay the purchase it shows. */
type OnPay = (row: Transaction) => void;

/** A purchase's amounts: on one line, and greyed when nothing was charged. */
const moneyStyle = (row: Transaction) =>
  nothingCharged(row.status) ? { ...NO_WRAP, color: 'text.secondary' } : NO_WRAP;

type PurchaseProps = { row: Transaction; taxes: TaxColumns; onPay: OnPay };

/**
 * One purchase on a narrow screen: what it was, when, its money line by line, its status and invoice
 * (and credit note).
 */
function TransactionCard({ row, taxes, onPay }: PurchaseProps) {
  const lines: [string, string][] = [
    ['Amount', formatAccountRupees(row.totalPrice)],
    ...taxLinesOf(row, taxes),
    ['Total after tax', formatAccountRupees(row.totalPriceAfterTax)],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} role="listitem" data-testid="transaction-row">
      <Typography sx={{ fontWeight: 600, ...WRAP_ANYWHERE }}>
        <KeptWhole text={row.itemName} pattern={DATES_IN_TEXT} />
      </Typography>
      <FeeBidLine row={row} />
      <Typography variant="caption" color="textSecondary" component="div">
        <KeptWhole text={formatDateTime(row.createdAt)} pattern={DAY_AND_TIME_IN_TEXT} />
        {row.expiresAt && (
          <>
            {' · '}Runs until <RunsUntil at={row.expiresAt} />
          </>
        )}
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, my: 1 }}
      >
        {lines.map(([label, value]) => (
          <Fragment key={label}>
            <Typography component="dt" variant="body2" color="textSecondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, textAlign: 'right', ...moneyStyle(row) }}
            >
              {value}
            </Typography>
          </Fragment>
        ))}
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <Box>
          <StatusNote row={row} onPay={onPay} />
        </Box>
        {hasDocuments(row) && <TaxDocuments row={row} align="flex-end" labelled />}
      </Stack>
    </Paper>
  );
}

/**
 * The Item column's least width (px). 'overflowWrap: anywhere' (so that a long name or alias
 * cannot widen the table) alone let the column shrink to a letter and broke every name mid-word
 * ('Lifeti|me Subscr|iption'); 176 px kept words whole but pushed the Invoice column out of a
 * 1,280 px window when the IGST column and a status note were shown. At 100 px everyday words
 * stay whole and the table fits.
 */
const ITEM_MIN_WIDTH = 100;

function TransactionRow({ row, taxes, onPay }: PurchaseProps) {
  const money = moneyStyle(row);
  return (
    <TableRow data-testid="transaction-row">
      {/* With its time: three attempts of one day are told apart. Its day and time each whole. */}
      <TableCell>
        <KeptWhole text={formatDateTime(row.createdAt)} pattern={DAY_AND_TIME_IN_TEXT} />
      </TableCell>
      <TableCell sx={{ ...WRAP_ANYWHERE, minWidth: ITEM_MIN_WIDTH }}>
        <KeptWhole text={row.itemName} pattern={DATES_IN_TEXT} />
        <FeeBidLine row={row} />
        {row.expiresAt && (
          <Typography variant="caption" component="div" color="textSecondary">
            Runs until <RunsUntil at={row.expiresAt} />
          </Typography>
        )}
      </TableCell>
      <TableCell align="right" sx={money}>
        {formatAccountRupees(row.totalPrice)}
      </TableCell>
      {taxes === 'gst' ? (
        // One column for both kinds: the row's own taxes, each named.
        <TableCell align="right" sx={money}>
          {taxLinesOf(row, taxes).map(([name, text]) => (
            <Box key={name}>
              {name} {text}
            </Box>
          ))}
        </TableCell>
      ) : (
        taxLinesOf(row, taxes).map(([name, text]) => (
          <TableCell key={name} align="right" sx={money}>
            {text}
          </TableCell>
        ))
      )}
      <TableCell align="right" sx={money}>
        {formatAccountRupees(row.totalPriceAfterTax)}
      </TableCell>
      {/* With a note under it, wide enough that it does not wrap word by word. */}
      <TableCell sx={row.payBy || row.message ? { minWidth: 124 } : undefined}>
        <StatusNote row={row} onPay={onPay} />
      </TableCell>
      <TableCell sx={NO_WRAP}>
        {hasDocuments(row) ? <TaxDocuments row={row} align="flex-start" /> : '—'}
      </TableCell>
    </TableRow>
  );
}

/**
 * Where the purchase stands, and below it why it was refunded, or, for one started and not paid,
 * that nothing was charged, when it lapses and Pay now (or that it is not needed, the plan being
 * owned already): no one is left wondering whether to pay again, or where.
 */
function StatusNote({ row, onPay }: { row: Transaction; onPay: OnPay }) {
  // The api's word on it (why it was refunded; that an unpaid plan is not needed once one is
  // owned), else, for one unpaid, when it lapses.
  const note = row.message ?? (row.payBy && unpaidNote(row.payBy));
  return (
    <>
      <Typography variant="body2" component="span">
        {transactionStatusText(row)}
      </Typography>
      {note && (
        <Typography variant="caption" component="div" color="textSecondary">
          <KeptWhole text={note} pattern={DATES_IN_TEXT} />
        </Typography>
      )}
      {canPayNow(row) && (
        <Button
          size="small"
          variant="outlined"
          onClick={() => onPay(row)}
          // Several fees' rows share a name: the bid each places tells them apart.
          aria-label={`Pay now: ${row.itemName}${row.bid ? `, ${feeBidText(row.bid)}` : ''}`}
          sx={{ mt: 0.5, ...NO_WRAP }}
        >
          Pay now
        </Button>
      )}
    </>
  );
}
