import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import { historyTime } from '../adHistory.ts';

/* Cells the ad history's tables share: its instants, and who bid. */

/** Instants to the millisecond, each on one line. */
const INSTANT = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** An instant in India's time, as the log records it (UTC) on hover. */
export function Instant({ at }: { at: string }) {
  return (
    <TableCell sx={INSTANT} title={at}>
      {historyTime(at)}
    </TableCell>
  );
}

/** A bid's alias, then the member behind it, linked to their profile. */
export function BidderCells({
  bid,
}: {
  bid: { bidAlias: string; bidderId: string; username: string };
}) {
  return (
    <>
      <TableCell>{bid.bidAlias}</TableCell>
      <TableCell>
        <Link component={RouterLink} to={`/user_profile/${bid.bidderId}`}>
          {bid.username}
        </Link>
      </TableCell>
    </>
  );
}
