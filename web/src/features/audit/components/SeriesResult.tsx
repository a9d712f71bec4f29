import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SERIAL_NUMBER_IN_TEXT } from '@boli/engine/billing/invoice.rules';
import { KeptWhole } from '../../../components/KeptWhole.tsx';
import {
  creditNoteCount,
  invoiceCount,
  moneyLine,
  refundedHeading,
  seriesProblems,
  seriesSummary,
  type SeriesCheck,
} from '../model/audit.ts';

/** `text` with its invoice and credit note numbers kept whole: a line never ends at 'BL/26-'. */
const NumbersWhole = ({ text }: { text: string }) => (
  <KeptWhole text={text} pattern={SERIAL_NUMBER_IN_TEXT} />
);

/**
 * A financial year's invoice and credit-note series as the auditor sees it: green "Series
 * complete" with their ranges, or red with every missing or repeated number, every uninvoiced
 * capture and every refund no credit note reversed; then the year's totals, and, when some
 * invoiced payments were refunded, those and the year without them, and, when the year issued
 * credit notes, what they reversed (refunds of the year before included).
 */
export function SeriesResult({ check }: { check: SeriesCheck }) {
  const problems = seriesProblems(check);
  const notes = check.creditNotes;
  return (
    <Stack spacing={1} data-testid="series-result">
      {/* Shown as the ledger opens too: a status, not an alert cutting the page's title short. */}
      <Alert severity={check.complete ? 'success' : 'error'} role="status">
        <AlertTitle>
          <NumbersWhole text={seriesSummary(check)} />
        </AlertTitle>
        {problems.map((problem) => (
          <Typography key={problem.label} variant="body2">
            <strong>{problem.label}:</strong> <NumbersWhole text={problem.items.join(', ')} />
          </Typography>
        ))}
      </Alert>
      <Typography variant="body2" color="textSecondary">
        {invoiceCount(check.count)} · {moneyLine(check.totals)}
      </Typography>
      {check.refunded.count > 0 && (
        <Typography variant="body2" color="textSecondary" data-testid="series-refunded">
          {refundedHeading(check)}: {invoiceCount(check.refunded.count)} ·{' '}
          {moneyLine(check.refunded)}
          <br />
          Net of refunds: {moneyLine(check.net)}
        </Typography>
      )}
      {notes.count > 0 && (
        <Typography variant="body2" color="textSecondary" data-testid="series-credit-notes">
          Credit notes issued in {check.financialYear}: {creditNoteCount(notes.count)}
          {notes.first && <NumbersWhole text={`, ${notes.first} to ${notes.last}`} />} ·{' '}
          {moneyLine(notes.totals)}
        </Typography>
      )}
    </Stack>
  );
}
