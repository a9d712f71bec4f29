import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@boli/engine/shared/messages';
import { formatDateTime, formatRupees } from '../../../lib/format.ts';
import type { SlotBid } from '../api/adspaceApi.ts';
import { NO_WRAP, WRAP_ANYWHERE } from '../../../components/cellStyles.ts';
import { TableScroller } from '../../../components/TableScroller.tsx';
import { CompanyName } from './CompanyName.tsx';

/**
 * A slot's bids, highest first: the top row is the one winning now. Bidders show under their
 * company, the viewer's own bids marked; no one's login name is shown to others. On a phone the
 * table scrolls within its own box, never the page.
 */
export function SlotBidsTable({ bids }: { bids: readonly SlotBid[] }) {
  if (bids.length === 0)
    return <Typography color="textSecondary">{MESSAGES.noBidsPosted}</Typography>;
  return (
    <TableScroller label={'Bids for this slot'}>
      <Table size="small" aria-label="Bids for this slot">
        <TableHead>
          <TableRow>
            <TableCell>Company</TableCell>
            <TableCell align="right">Amount</TableCell>
            <TableCell>Bid date</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {bids.map((bid) => (
            <TableRow key={bid._id}>
              <TableCell sx={WRAP_ANYWHERE}>
                <CompanyName company={bid.company} />
                {bid.mine && (
                  <Typography component="span" variant="body2" color="textSecondary">
                    {' '}
                    (your bid)
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right" sx={NO_WRAP}>
                {formatRupees(bid.bidamt)}
              </TableCell>
              <TableCell sx={NO_WRAP}>{formatDateTime(bid.biddate)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroller>
  );
}
