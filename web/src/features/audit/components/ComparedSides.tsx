import TableCell from '@mui/material/TableCell';
import { paymentSideText, type GatewayCheck } from '../model/audit.ts';

/**
 * A payment compared with the gateway, as its table cells: Boli's record, the gateway's, and what
 * differs ('—' for nothing). One purchase's comparison and the period's differences alike.
 */
export function ComparedSides({
  payment,
}: {
  payment: Pick<GatewayCheck['payments'][number], 'ours' | 'gateway' | 'problems'>;
}) {
  return (
    <>
      <TableCell>{paymentSideText(payment.ours)}</TableCell>
      <TableCell>{paymentSideText(payment.gateway)}</TableCell>
      <TableCell>{payment.problems.join('; ') || '—'}</TableCell>
    </>
  );
}
