import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { messageOf } from '../../../app/api/client.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { busyProps } from '../../../components/busyProps.ts';
import { WRAP_ANYWHERE } from '../../../components/cellStyles.ts';
import { TableScroller } from '../../../components/TableScroller.tsx';
import { Announcer } from '../../../components/Announcer.tsx';
import { fetchReconciliation } from '../api/auditApi.ts';
import { ComparedSides } from './ComparedSides.tsx';
import {
  reconciliationLines,
  reconciliationVerdict,
  type LedgerPeriod,
  type Reconciliation,
} from '../model/audit.ts';

/**
 * Every payment of the period shown in Boli's ledger set beside every payment the gateway made in
 * it (ARCHITECTURE: auditors verify payments against the provider's records): one press instead
 * of a Compare a row, and the one check that finds what only the gateway has, a capture Boli never
 * heard of. The differences open the purchase's own comparison.
 */
export function PeriodReconciliation({
  period,
  onCompare,
}: {
  period: LedgerPeriod;
  onCompare: (purchaseId: string) => void;
}) {
  const { request } = useApi();
  const [busy, setBusy] = useState(false);
  const [check, setCheck] = useState<Reconciliation | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // Another period: what was found for the last one is not its answer.
  useEffect(() => {
    setCheck(null);
    setFailure(null);
  }, [period.from, period.to]);

  const run = () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    setCheck(null);
    fetchReconciliation(request, period)
      .then(setCheck, (error: unknown) => setFailure(messageOf(error)))
      .finally(() => setBusy(false));
  };

  return (
    <Stack spacing={1} component="section" aria-label="The period and the gateway">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Button variant="outlined" {...busyProps(busy)} onClick={run} sx={{ flexShrink: 0 }}>
          {busy ? 'Asking the gateway…' : 'Check the period with the gateway'}
        </Button>
        <Typography variant="caption" color="textSecondary">
          Every payment of the period, whatever the kind or search, beside the gateway&apos;s record
          of every payment it made in the period.
        </Typography>
      </Stack>
      <Announcer message={check ? reconciliationVerdict(check) : (failure ?? '')} />
      {failure && <Alert severity="error">{failure}</Alert>}
      {check && (
        <Box data-testid="period-reconciliation">
          <Alert severity={check.agrees ? 'success' : 'error'}>
            {reconciliationVerdict(check)}
            {reconciliationLines(check).map((line) => (
              <Box key={line} sx={{ typography: 'body2' }}>
                {line}
              </Box>
            ))}
          </Alert>
          {check.differences.length > 0 && <Differences check={check} onCompare={onCompare} />}
        </Box>
      )}
    </Stack>
  );
}

function Differences({
  check,
  onCompare,
}: {
  check: Reconciliation;
  onCompare: (purchaseId: string) => void;
}) {
  return (
    <TableScroller label="Payments that differ" sx={{ mt: 1 }}>
      <Table
        size="small"
        aria-label="Payments that differ"
        sx={{ '& td:first-of-type': WRAP_ANYWHERE, '& td, & th': { px: 1 } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>Payment / order</TableCell>
            <TableCell>Boli</TableCell>
            <TableCell>Gateway</TableCell>
            <TableCell>Problems</TableCell>
            <TableCell>Purchase</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {check.differences.map((payment) => (
            <TableRow key={payment.paymentId} data-testid="reconciliation-difference">
              <TableCell>
                {payment.paymentId}
                <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
                  {payment.orderId}
                </Typography>
              </TableCell>
              <ComparedSides payment={payment} />
              <TableCell>
                {payment.purchaseId ? (
                  <Button
                    size="small"
                    onClick={() => onCompare(payment.purchaseId!)}
                    aria-label={`Compare: purchase ${payment.purchaseId}`}
                  >
                    Compare
                  </Button>
                ) : (
                  // An order Boli never made: nothing of Boli's to open.
                  'not Boli’s order'
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroller>
  );
}
