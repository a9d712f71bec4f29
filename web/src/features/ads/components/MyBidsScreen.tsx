import { useCallback, useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSession } from '../../../app/session/sessionContext.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { onNotificationArrived } from '../../../app/notificationSignal.ts';
import { AD_PATHS, adsOf } from '../ads.api.ts';
import type { PageAsked } from '../model/adFilters.ts';
import { useAdPages } from '../useAdPages.ts';
import { AdCardList } from './AdCardList.tsx';

/** What My Bids says before the member's first bid. */
export const NO_BIDS_YET = 'You have not bid on any ad yet.';

/**
 * My Bids (/myBids): the ads the member bid on, the one bid on last first, each saying their
 * highest bid and how many, and once bidding has closed whether theirs won. Each opens its ad.
 * A notification about one of them (final call, close, outbid) reads them again.
 */
export function MyBidsScreen() {
  const { request } = useApi();
  const { user } = useSession();
  // The last notification's event, which the answers must include (read-your-writes).
  const after = useRef<string | undefined>(undefined);
  const fetchPage = useCallback(
    (asked: PageAsked) =>
      request<unknown>(AD_PATHS.myBids, {
        query: after.current === undefined ? { ...asked } : { ...asked, after: after.current },
      }).then(adsOf),
    [request],
  );
  const pages = useAdPages(`myBids:${user?._id ?? ''}`, fetchPage);
  // A bidder is told of a final call, the close and an outbid: the cards say it at once.
  const { refresh } = pages;
  useEffect(
    () =>
      onNotificationArrived((position) => {
        if (position !== undefined) after.current = position;
        refresh();
      }),
    [refresh],
  );

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
