import { useCallback, useState } from 'react';
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useApi } from '../../../app/session/useApi.ts';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { LoadFailure } from '../../../components/LoadFailure.tsx';
import { PagePicker } from '../../../components/PagePicker.tsx';
import { WRAP_ANYWHERE } from '../../../components/cellStyles.ts';
import { formatAccountRupees, formatDateTime } from '../../../lib/format.ts';
import { useLoadedAfresh } from '../../../lib/useLoaded.ts';
import { fetchMemberTransactions } from '../../transactions/api/transactionsApi.ts';
import { hasDocuments, TaxDocuments } from '../../transactions/components/TaxDocuments.tsx';
import { transactionStatusText } from '../../transactions/model/transactionRows.ts';

/** Said of a member who never bought anything. */
export const NO_PURCHASES = 'No purchases.';

/**
 * A member's purchases on their profile, for support settling a payment dispute: each as the
 * member's Transactions says it (what, when, how much, where it stands, why refunded), with its
 * invoice and credit note to download; newest first, a page at a time.
 */
export function MemberPurchases({ userId }: { userId: string }) {
  const { request } = useApi();
  const [page, setPage] = useState(0);
  const { data, failure, retry } = useLoadedAfresh(
    useCallback(() => fetchMemberTransactions(request, userId, page), [request, userId, page]),
  );
  return (
    <Stack spacing={1} component="section" aria-label="Purchases">
      <Typography variant="subtitle1" component="h3">
        Purchases
      </Typography>
      {failure ? (
        retry ? (
          <LoadFailure message={failure.message} onRetry={retry} />
        ) : (
          <Alert severity="error">{failure.message}</Alert>
        )
      ) : data === null ? (
        <CenteredSpinner label="Loading the member's purchases" />
      ) : data.purchases.length === 0 ? (
        <Typography color="textSecondary">{NO_PURCHASES}</Typography>
      ) : (
        <List dense disablePadding>
          {data.purchases.map((row) => (
            <ListItem key={row._id} disableGutters sx={{ display: 'block' }}>
              <Typography sx={WRAP_ANYWHERE}>{row.itemName}</Typography>
              <Typography variant="body2" color="textSecondary">
                {[
                  formatDateTime(row.createdAt),
                  formatAccountRupees(row.totalPriceAfterTax),
                  transactionStatusText(row),
                  ...(row.message ? [row.message] : []),
                ].join(' · ')}
              </Typography>
              {hasDocuments(row) && <TaxDocuments row={row} align="flex-start" labelled />}
            </ListItem>
          ))}
        </List>
      )}
      {data && <PagePicker page={page} totalPages={data.totalPages} onPage={setPage} />}
    </Stack>
  );
}
