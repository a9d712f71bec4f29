import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BidSummaryView } from '../api/bidViews.ts';
import {
  HIDDEN_AMOUNTS_NOTE,
  STAFF_HISTORY_HINT,
  saysHiddenAmountsLeftOut,
  summaryRows,
} from '../model/summaryRows.ts';
import { useBidCurrency } from './bidCurrency.ts';
import { WRAP_ANYWHERE } from '../../../components/cellStyles.ts';

type Props = {
  summary: BidSummaryView;
  isOwner: boolean;
  isMember: boolean;
  viewerId?: string | undefined;
  /**
   * The ad's full bid history, for staff who may read it: there every amount is shown, so a
   * dispute is not settled on the summary's "you can see".
   */
  historyPath?: string | undefined;
};

function Row({ label, value }: { label: string; value: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
      <Typography variant="body2" color="textSecondary">
        {label}
      </Typography>
      {/* A long alias (or a name, for the owner) breaks rather than widen the page. */}
      <Typography
        variant="body2"
        sx={{ ...WRAP_ANYWHERE, minWidth: 0, fontWeight: 500, textAlign: 'right' }}
      >
        {value}
      </Typography>
    </Stack>
  );
}

/** The bid summary (section 3) as this viewer may see it; amounts in the ad's currency. */
export function BidSummaryPanel({ summary, isOwner, isMember, viewerId, historyPath }: Props) {
  const reader = { isOwner, isMember, viewerId, currencyCode: useBidCurrency() };
  return (
    <Stack spacing={0.5} aria-label="Bid summary" component="section">
      {summaryRows(summary, reader).map((row) => (
        <Row key={row.key} label={row.label} value={row.value} />
      ))}
      {saysHiddenAmountsLeftOut(summary, reader) && (
        <Typography variant="caption" color="textSecondary">
          {HIDDEN_AMOUNTS_NOTE}
          {historyPath && (
            <>
              {' '}
              <Link component={RouterLink} to={historyPath} data-testid="staff-history-hint">
                {STAFF_HISTORY_HINT}
              </Link>
            </>
          )}
        </Typography>
      )}
    </Stack>
  );
}
