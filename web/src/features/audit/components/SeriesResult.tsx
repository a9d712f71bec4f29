import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  invoiceCount,
  moneyLine,
  seriesProblems,
  seriesSummary,
  type SeriesCheck,
} from '../model/audit.ts';

/**
 * A financial year's invoice series as the auditor sees it: green "Series complete" with its
 * range, or red with every missing or repeated number and every uninvoiced capture; then the
 * year's totals, and, when some invoiced payments were refunded, those and the year without them.
 */
export function SeriesResult({ check }: { check: SeriesCheck }) {
  const problems = seriesProblems(check);
  return (
    <Stack spacing={1} data-testid="series-result">
      <Alert severity={check.complete ? 'success' : 'error'}>
        <AlertTitle>{seriesSummary(check)}</AlertTitle>
        {problems.map((problem) => (
          <Typography key={problem.label} variant="body2">
            <strong>{problem.label}:</strong> {problem.items.join(', ')}
          </Typography>
        ))}
      </Alert>
      <Typography variant="body2" color="textSecondary">
        {invoiceCount(check.count)} · {moneyLine(check.totals)}
      </Typography>
      {check.refunded.count > 0 && (
        <Typography variant="body2" color="textSecondary" data-testid="series-refunded">
          Refunded since (no credit notes issued): {invoiceCount(check.refunded.count)} ·{' '}
          {moneyLine(check.refunded)}
          <br />
          Net of refunds: {moneyLine(check.net)}
        </Typography>
      )}
    </Stack>
  );
}
