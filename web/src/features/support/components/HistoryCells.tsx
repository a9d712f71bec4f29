import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import type { SxProps, Theme } from '@mui/material/styles';
import { VISUALLY_HIDDEN } from '../../../components/Announcer.tsx';
import { historyTime } from '../adHistory.ts';

/* Cells the ad history's tables share: its instants, and who bid. */

/** Instants to the millisecond, each on one line. */
const INSTANT = { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** An instant in India's time, as the log records it (UTC) on hover; `children` after it. */
export function Instant({ at, children }: { at: string; children?: ReactNode }) {
  return (
    <TableCell sx={INSTANT} title={at}>
      {historyTime(at)}
      {children}
    </TableCell>
  );
}

/**
 * A row after the replayed instant: shaded, its sticky first cell too (an opaque grey: it hides
 * what scrolls under it), its text and links grey yet readable (5.3:1; faded to half, they were
 * 3.2:1 and 2.6:1, below WCAG's 4.5:1).
 */
export const AFTER_REPLAY_ROW = {
  '& td': { bgcolor: 'grey.100' },
  '& td, & td a, & td summary': { color: 'text.secondary' },
} as const;

/**
 * What the grey of a row after the replayed instant says, for a screen reader (the row is only
 * greyed on screen).
 */
export function AfterReplayMark({ after }: { after: boolean }) {
  return after ? (
    <Box component="span" sx={VISUALLY_HIDDEN}>
      {' '}
      (after the replayed instant)
    </Box>
  ) : null;
}

type Bidder = { bidAlias: string; bidderId: string; username: string };

/** A member's profile, linked. */
export function MemberLink({ userId, username }: { userId: string; username: string }) {
  return (
    <Link component={RouterLink} to={`/user_profile/${encodeURIComponent(userId)}`}>
      {username}
    </Link>
  );
}

/**
 * Who bid: the alias other bidders saw, and under it the member behind it, linked to their
 * profile. One cell, so that a phone shows both before its table scrolls sideways.
 */
export function BidderCell({
  bid,
  staff = false,
  sx,
}: {
  bid: Bidder;
  /** The member holds a staff role: said, as a dispute over their bid is not theirs to settle. */
  staff?: boolean;
  sx?: SxProps<Theme>;
}) {
  return (
    <TableCell sx={sx}>
      {bid.bidAlias}
      <Box component="span" sx={{ display: 'block' }}>
        <MemberLink userId={bid.bidderId} username={bid.username} />
        {staff && (
          <Box component="span" sx={{ color: 'warning.dark', fontWeight: 500 }}>
            {' '}
            (staff)
          </Box>
        )}
      </Box>
    </TableCell>
  );
}
