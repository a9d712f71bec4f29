import type { Ref } from 'react';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { feePurchaseOfBid } from '@boli/engine/billing/feeBid.rules';
import {
  COMPACT_ON_PHONE,
  NO_WRAP,
  STICKY_FIRST,
  WRAP_ANYWHERE,
} from '../../../components/cellStyles.ts';
import { PagePicker } from '../../../components/PagePicker.tsx';
import { countLine, pageOf } from '../historyTables.ts';
import { TableScroller } from '../../../components/TableScroller.tsx';
import { formatRupees } from '../../../lib/format.ts';
import { refusalCodeLine, type RefusedBid } from '../adHistory.ts';
import { AFTER_REPLAY_ROW, AfterReplayMark, Instant, BidderCell } from './HistoryCells.tsx';

/**
 * Every bid the ad refused (of the bidder asked for, when one is: `bids` of `all`), with the time
 * it was judged at, what the member was told and the refusal's code: the answer to "I bid before
 * the deadline". Listed whatever instant is replayed (`asOf`), those tried after it greyed, as
 * the events are; a page at a time.
 */
export function RefusedBids({
  top,
  bids,
  all,
  page,
  onPage,
  asOf,
  staffBidders = new Set(),
}: {
  /** Where the section starts: a page picked shows its rows from there. */
  top: Ref<HTMLDivElement>;
  bids: readonly RefusedBid[];
  all: number;
  /** The page shown, from 1, and how another is asked for (from 0, as PagePicker counts). */
  page: number;
  onPage: (page: number) => void;
  asOf: string | null;
  /** The bidders who hold a staff role, marked so. */
  staffBidders?: ReadonlySet<string>;
}) {
  const after = (bid: RefusedBid) =>
    asOf !== null && Date.parse(bid.attemptedAt) > Date.parse(asOf);
  const later = bids.filter(after).length;
  const shown = pageOf(bids, page);
  return (
    <>
      <Typography variant="h6" component="h2" ref={top}>
        {countLine('Refused bids', bids.length, all)}
      </Typography>
      {later > 0 && (
        <Typography variant="body2" color="textSecondary" data-testid="refusals-after-replay">
          {later === bids.length ? 'All' : `The ${later}`} greyed below came after the replayed
          instant.
        </Typography>
      )}
      {all === 0 ? (
        <Typography color="textSecondary">No bid on this ad was refused.</Typography>
      ) : bids.length === 0 ? (
        <Typography color="textSecondary">No bid of this bidder’s was refused.</Typography>
      ) : (
        <TableScroller label="Refused bids" outlined>
          <Table size="small" aria-label="Refused bids" sx={COMPACT_ON_PHONE}>
            <TableHead>
              {/* Who (alias and member), how much and why first, so that a phone shows them
                  before the table scrolls; the two instants after. */}
              <TableRow>
                <TableCell sx={STICKY_FIRST}>Bidder</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell>Refused with</TableCell>
                <TableCell>Type</TableCell>
                <TableCell>Tried (command time)</TableCell>
                <TableCell>Recorded</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.rows.map((bid) => (
                <TableRow
                  key={bid.version}
                  data-after-replay={after(bid) || undefined}
                  sx={after(bid) ? AFTER_REPLAY_ROW : undefined}
                >
                  <BidderCell bid={bid} staff={staffBidders.has(bid.bidderId)} sx={STICKY_FIRST} />
                  <TableCell align="right" sx={NO_WRAP}>
                    <RefusedAmount bid={bid} />
                  </TableCell>
                  {/* The why is read in full: never squeezed beside the two instants. */}
                  <TableCell sx={{ minWidth: 200 }}>
                    {bid.message}
                    {/* Its code in sight, not in a tooltip a phone cannot show. */}
                    <Typography
                      variant="caption"
                      color="textSecondary"
                      data-testid="refusal-code"
                      sx={{ display: 'block', ...WRAP_ANYWHERE }}
                    >
                      {refusalCodeLine(bid.code)}
                    </Typography>
                    <FeePurchase bidId={bid.bidId} />
                  </TableCell>
                  <TableCell>{bid.type ?? '—'}</TableCell>
                  <Instant at={bid.attemptedAt}>
                    <AfterReplayMark after={after(bid)} />
                  </Instant>
                  <Instant at={bid.recordedAt} />
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableScroller>
      )}
      <PagePicker
        page={shown.page - 1}
        totalPages={shown.totalPages}
        onPage={onPage}
        aria-label="Pages of refused bids"
      />
    </>
  );
}

/**
 * The purchase whose paid fee sent a refused bid (and was refunded), to quote to an auditor, who
 * finds it in the payments ledger by this id.
 */
function FeePurchase({ bidId }: { bidId: string }) {
  const purchaseId = feePurchaseOfBid(bidId);
  if (purchaseId === null) return null;
  return (
    <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
      Sent by the paid bid fee of purchase {purchaseId}
    </Typography>
  );
}

/** The amount refused: in rupees, or what was sent when it is no amount, or '—' when empty. */
function RefusedAmount({ bid }: { bid: RefusedBid }) {
  if (bid.amount !== null) return formatRupees(bid.amount);
  if (bid.amountSent === undefined) return '—';
  return (
    <>
      “{bid.amountSent}”
      <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
        as sent
      </Typography>
    </>
  );
}
