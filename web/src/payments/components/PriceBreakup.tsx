import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { TaxBreakup } from '../api/purchaseInfo.ts';
import { breakupRows } from '../model/priceBreakup.ts';

/** Price, SGST and CGST (or IGST) with their rates, and the total after tax, in ₹. */
export function PriceBreakup({
  breakup,
  label = 'Price breakup',
  priceLabel,
}: {
  breakup: TaxBreakup;
  label?: string;
  /** What the price is, when not a price: 'Your bid'. */
  priceLabel?: string;
}) {
  return (
    <Table size="small" aria-label={label}>
      <TableBody>
        {breakupRows(breakup, priceLabel).map((row) => (
          <TableRow key={row.label}>
            <TableCell component="th" scope="row" sx={row.total ? { fontWeight: 600 } : undefined}>
              {row.label}
            </TableCell>
            <TableCell align="right" sx={row.total ? { fontWeight: 600 } : undefined}>
              {row.amount}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
