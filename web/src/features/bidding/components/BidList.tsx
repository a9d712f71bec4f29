import { Link as RouterLink } from 'react-router-dom';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Pagination from '@mui/material/Pagination';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@boli/engine/shared/messages';
import { formatDateTime, formatPrice } from '../../../lib/format.ts';
import { useBidCurrency } from './bidCurrency.ts';
import type { BidSummaryView, BidView } from '../api/bidViews.ts';
import { bidPageText, type BidTab } from '../model/bidBoard.ts';
import { Announcer, VISUALLY_HIDDEN } from '../../../components/Announcer.tsx';
import {
  COMPACT_ON_PHONE,
  NO_WRAP,
  PHONE_ONLY,
  WIDE_ONLY_CELL,
} from '../../../components/cellStyles.ts';
import { TAP_TARGET } from '../../../components/tapTarget.ts';
import { TableScroller } from '../../../components/TableScroller.tsx';

type Props = {
  summary: BidSummaryView | null;
  tab: BidTab;
  page: number;
  pageCount: number;
  bids: BidView[];
  loading: boolean;
  /** The shown page could not be loaded (the area says why): its bids are unknown, not none. */
  failed: boolean;
  isOwner: boolean;
  viewerId?: string;
  onTab: (tab: BidTab) => void;
  onPage: (page: number) => void;
};

/** The tab panel the two tabs show, and each tab's id (it names the panel). */
const BIDS_PANEL_ID = 'bids-tabpanel';
const TAB_IDS: Record<BidTab, string> = {
  beforeFinalCall: 'bids-tab-before-final-call',
  afterFinalCall: 'bids-tab-after-final-call',
};

/** Open and Hidden are shown as O and H (section 9). */
const TYPE_LETTER = { Open: 'O', Hidden: 'H' } as const;

/*
 * On a phone the Type and Placed columns give way: the type goes under the amount and the time
 * under the bidder, the owner's view shrinks the avatars and puts the phone under the alias, so
 * the bidder stays readable beside an amount in crores.
 */

/** The bid's time under its bidder, on a phone only (elsewhere it has its column). */
function PlacedOnPhone({ bid }: { bid: BidView }) {
  return (
    <Typography
      variant="caption"
      color="textSecondary"
      component="time"
      dateTime={bid.createdAt}
      sx={PHONE_ONLY}
    >
      {formatDateTime(bid.createdAt)}
    </Typography>
  );
}

/** The owner sees who bid: avatar, name linking to the profile, phone; others see the alias. */
function Bidder({ bid, isOwner, viewerId }: { bid: BidView; isOwner: boolean; viewerId?: string }) {
  const own = viewerId !== undefined && bid.postedBy === viewerId;
  if (!isOwner || !bid.postedBy) {
    return (
      <>
        <Typography variant="body2" component="span" sx={{ overflowWrap: 'anywhere' }}>
          {bid.bidAlias}
          {own && (
            <Typography component="span" variant="caption" color="textSecondary">
              {' '}
              (you)
            </Typography>
          )}
        </Typography>
        <PlacedOnPhone bid={bid} />
      </>
    );
  }
  const name = bid.postedByUsername || bid.bidAlias;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {/* The name beside it says who: the picture (or its letter) is not read again. */}
      <Avatar
        src={bid.profilepic}
        alt=""
        aria-hidden
        sx={{
          width: { xs: 24, sm: 32 },
          height: { xs: 24, sm: 32 },
          fontSize: { xs: '0.75rem', sm: '1rem' },
          flexShrink: 0,
        }}
      >
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <Stack sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <Link
          component={RouterLink}
          to={`/user_profile/${bid.postedBy}`}
          variant="body2"
          sx={TAP_TARGET}
        >
          {name}
        </Link>
        <Typography variant="caption" color="textSecondary">
          {bid.bidAlias}
          {bid.phone && (
            <>
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                {' · '}
              </Box>
              {/* To call the bidder, as the closed ad's line says, with one tap on a phone. */}
              <Link
                href={`tel:${bid.phone.replace(/\s/g, '')}`}
                color="inherit"
                sx={{ ...TAP_TARGET, display: { xs: 'flex', sm: 'inline-flex' } }}
              >
                {bid.phone}
              </Link>
            </>
          )}
        </Typography>
        <PlacedOnPhone bid={bid} />
      </Stack>
    </Stack>
  );
}

function Amount({ bid }: { bid: BidView }) {
  const currency = useBidCurrency();
  if (bid.bidamt === null) {
    return (
      <Tooltip title="Hidden bid">
        <span aria-label="Hidden amount">—</span>
      </Tooltip>
    );
  }
  return <span>{formatPrice(bid.bidamt, currency)}</span>;
}

/** The bid's type under its amount, on a phone only (elsewhere it has its column). */
function TypeOnPhone({ bid }: { bid: BidView }) {
  return (
    <Typography variant="caption" color="textSecondary" sx={PHONE_ONLY}>
      {bid.type}
    </Typography>
  );
}

/** A tab's name with its count of bids; none while that is not known (not read, or not yet). */
const tabLabel = (name: string, count: number | undefined): string =>
  count === undefined ? name : `${name} (${count})`;

/** The bids in two tabs, before and after the final call, 10 to a page, newest first. */
export function BidList(props: Props) {
  const { summary, tab, page, pageCount, bids, loading, isOwner, viewerId } = props;
  return (
    // Not a landmark of its own: it sits in 'Bids on this ad', which a second 'Bids' only repeated.
    <Stack spacing={1}>
      <Tabs
        value={tab}
        onChange={(_, next: BidTab) => props.onTab(next)}
        variant="fullWidth"
        aria-label="Bids before and after the final call"
      >
        <Tab
          value="beforeFinalCall"
          id={TAB_IDS.beforeFinalCall}
          aria-controls={BIDS_PANEL_ID}
          label={tabLabel('Before final call', summary?.allBeforeBidsCount)}
        />
        <Tab
          value="afterFinalCall"
          id={TAB_IDS.afterFinalCall}
          aria-controls={BIDS_PANEL_ID}
          label={tabLabel('After final call', summary?.allAfterBidsCount)}
        />
      </Tabs>
      <Stack spacing={1} role="tabpanel" id={BIDS_PANEL_ID} aria-labelledby={TAB_IDS[tab]}>
        {bids.length === 0 ? (
          !props.failed && (
            <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center', py: 2 }}>
              {loading ? 'Loading bids…' : MESSAGES.noBidsPosted}
            </Typography>
          )
        ) : (
          // Should a name be too long to break, the table scrolls within the bid area, the page
          // itself never sideways.
          <TableScroller
            label={tab === 'beforeFinalCall' ? 'Bids before final call' : 'Bids after final call'}
          >
            <Table
              size="small"
              sx={COMPACT_ON_PHONE}
              aria-label={
                tab === 'beforeFinalCall' ? 'Bids before final call' : 'Bids after final call'
              }
            >
              <TableHead>
                <TableRow>
                  <TableCell>{isOwner ? 'Bidder' : 'Bid alias'}</TableCell>
                  <TableCell sx={WIDE_ONLY_CELL}>Type</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell sx={WIDE_ONLY_CELL}>Placed</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {bids.map((bid) => (
                  <TableRow key={bid._id} data-testid="bid-row">
                    <TableCell>
                      <Bidder bid={bid} isOwner={isOwner} viewerId={viewerId} />
                    </TableCell>
                    <TableCell sx={{ ...WIDE_ONLY_CELL, position: 'relative' }}>
                      {/* The letter is seen; the word is read (a span's aria-label often is not). */}
                      <Tooltip title={bid.type}>
                        <span aria-hidden="true">{TYPE_LETTER[bid.type]}</span>
                      </Tooltip>
                      <Box component="span" sx={VISUALLY_HIDDEN}>
                        {bid.type}
                      </Box>
                    </TableCell>
                    <TableCell align="right" sx={NO_WRAP}>
                      <Amount bid={bid} />
                      <TypeOnPhone bid={bid} />
                    </TableCell>
                    <TableCell sx={WIDE_ONLY_CELL}>
                      <time dateTime={bid.createdAt}>{formatDateTime(bid.createdAt)}</time>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableScroller>
        )}
        {/* A page chosen is said: which bids are now listed. */}
        <Announcer message={bidPageText(tab, page, pageCount)} />
        {pageCount > 1 && (
          <Pagination
            count={pageCount}
            page={Math.min(page, pageCount)}
            onChange={(_, next) => props.onPage(next)}
            aria-label="Pages of bids"
            sx={{ alignSelf: 'center' }}
          />
        )}
      </Stack>
    </Stack>
  );
}
