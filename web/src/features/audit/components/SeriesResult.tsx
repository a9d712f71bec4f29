import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatRupees } from '../../../lib/format.ts';
import { invoiceCount, seriesProblems, seriesSummary, type SeriesCheck } from '../model/audit.ts';

/**
 * A financial year's invoice series as the auditor sees it: green "Series complete" with its
 * range, or red with every missing or repeated number and every uninvoiced capture; then the
 * year's totals.
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
        {invoiceCount(check.count)} · taxable value {formatRupees(check.totals.price)} · CGST{' '}
        {formatRupees(check.totals.cgst)} · SGST {formatRupees(check.totals.sgst)} · IGST{' '}
        {formatRupees(check.totals.igst)} · total {formatRupees(check.totals.total)}
      </Typography>
    </Stack>
  );
}
