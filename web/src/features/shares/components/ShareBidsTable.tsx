import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@boli/engine/shared/messages';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import {
  COMPACT_ON_PHONE,
  NO_WRAP,
  PHONE_ONLY,
  WIDE_ONLY_CELL,
  WRAP_ANYWHERE,
} from '../../../components/cellStyles.ts';
import { formatDateTime, formatRupees } from '../../../lib/format.ts';
import type { ShareBidPage } from '../api/sharesApi.ts';
import { PagePicker } from '../../../components/PagePicker.tsx';
import { TableScroller } from '../../../components/TableScroller.tsx';

/** When a bid was posted, on one line: in its column, or on a phone under the company. */
const Posted = ({ at }: { at: string }) => (
  <time dateTime={at} style={NO_WRAP}>
    {formatDateTime(at)}
  </time>
);

type Props = {
  title: string;
  list: ShareBidPage | null;
  failure: string | null;
  page: number;
  onPage: (page: number) => void;
};

/**
 * A page of share bids: company, type, amount (hidden ones as such) and when, newest first. On a
 * phone the type goes under the amount and the time under the company, so neither the company
 * nor the time is broken to make room for the other.
 */
export function ShareBidsTable({ title, list, failure, page, onPage }: Props) {
  return (
    <Stack spacing={1} component="section" aria-label={title}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      {!list && !failure && <CenteredSpinner />}
      {list && list.bids.length === 0 && (
        <Typography color="textSecondary">{MESSAGES.noBidsPosted}</Typography>
      )}
      {list && list.bids.length > 0 && (
        // A company name longer than the time under it breaks, and should the table still be
        // too wide it scrolls within its box: the page never sideways.
        <TableScroller label={title}>
          <Table size="small" aria-label={title} sx={COMPACT_ON_PHONE}>
            <TableHead>
              <TableRow>
                <TableCell>Company</TableCell>
                <TableCell sx={WIDE_ONLY_CELL}>Type</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell sx={WIDE_ONLY_CELL}>Posted</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.bids.map((bid) => (
                <TableRow key={bid._id}>
                  <TableCell sx={WRAP_ANYWHERE}>
                    {bid.company}
                    {bid.isOwnBid && (
                      <Typography component="span" variant="caption" color="textSecondary">
                        {' '}
                        (you)
                      </Typography>
                    )}
                    <Typography variant="caption" color="textSecondary" sx={PHONE_ONLY}>
                      <Posted at={bid.createdAt} />
                    </Typography>
                  </TableCell>
                  <TableCell sx={WIDE_ONLY_CELL}>{bid.type}</TableCell>
                  <TableCell align="right" sx={NO_WRAP}>
                    {bid.bidamt === null ? 'Hidden' : formatRupees(bid.bidamt)}
                    {/* A hidden amount already says its type. */}
                    {bid.bidamt !== null && (
                      <Typography variant="caption" color="textSecondary" sx={PHONE_ONLY}>
                        {bid.type}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={WIDE_ONLY_CELL}>
                    <Posted at={bid.createdAt} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroller>
      )}
      {list && (
        <PagePicker
          page={page}
          totalPages={list.totalPages}
          onPage={onPage}
          size="small"
          aria-label={`Pages of ${title}`}
        />
      )}
    </Stack>
  );
}
