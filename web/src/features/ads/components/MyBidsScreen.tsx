import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LIMITS } from '@boli/engine/shared/limits';
import { useSession } from '../../../app/session/sessionContext.ts';
import { useRefreshWhileShown } from '../../../lib/useRefreshWhileShown.ts';
import { AD_PATHS } from '../ads.api.ts';
import { useOwnAdPages } from '../useOwnAdPages.ts';
import { AdCardList } from './AdCardList.tsx';

/** What My Bids says before the member's first bid. */
export const NO_BIDS_YET = 'You have not bid on any ad yet.';

/**
 * My Bids (/myBids): the ads the member bid on, the one bid on last first, each saying their
 * highest bid and how many, and once bidding has closed whether theirs won. Each opens its ad.
 * A notification about one of them (final call, close, outbid) reads them again, as does a
 * timer while the screen is shown (`LIMITS.myBidsRefreshMs`).
 */
export function MyBidsScreen() {
  const { user } = useSession();
  // A bidder is told of a final call, the close and an outbid: the cards say it at once.
  const pages = useOwnAdPages(AD_PATHS.myBids, `myBids:${user?._id ?? ''}`);
  // An Open bid above one already outbid comes with no notification: its amount, read anew.
  useRefreshWhileShown(pages.refresh, LIMITS.myBidsRefreshMs);

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        My Bids
      </Typography>
      <AdCardList
        pages={pages}
        loadingLabel="Loading your bids"
        empty={
          <Stack spacing={2} sx={{ py: 4, alignItems: 'center' }}>
            <Typography color="textSecondary">{NO_BIDS_YET}</Typography>
            <Box>
              <Button variant="contained" component={RouterLink} to="/">
                Browse ads
              </Button>
            </Box>
          </Stack>
        }
      />
    </Stack>
  );
}
