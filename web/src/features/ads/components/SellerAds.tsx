import { useCallback } from 'react';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useApi } from '../../../app/session/useApi.ts';
import { AD_PATHS, adsOf } from '../ads.api.ts';
import type { PageAsked } from '../model/adFilters.ts';
import { useAdPages } from '../useAdPages.ts';
import { AdCardList } from './AdCardList.tsx';
import { ADS_WITHDRAWN_BY, NO_ADS_BY } from '../model/adTexts.ts';

/**
 * A seller's ads on their profile, newest first, 20 at a time: a buyer finds the seller's other
 * items there. None while the seller is blocked (GET /api/posts/userPosts).
 */
export function SellerAds({
  userId,
  username,
  withdrawn = false,
}: {
  userId: string;
  username: string;
  /**
   * The seller is blocked (staff see their profile): a block withdraws their ads and its lifting
   * puts them back, so each is a list of its own, read afresh rather than the other's kept cards.
   */
  withdrawn?: boolean;
}) {
  const { request } = useApi();
  const fetchPage = useCallback(
    (asked: PageAsked) =>
      request<unknown>(AD_PATHS.userPosts, { query: { userId, ...asked } }).then(adsOf),
    [request, userId],
  );
  const pages = useAdPages(`seller:${userId}${withdrawn ? ':withdrawn' : ''}`, fetchPage);
  const headingId = `seller-ads-${userId}`;
  return (
    <Stack spacing={2} component="section" aria-labelledby={headingId}>
      <Typography variant="h6" component="h2" id={headingId}>
        Ads by {username}
      </Typography>
      <AdCardList
        pages={pages}
        loadingLabel={`Loading the ads by ${username}`}
        cardHeading="h3"
        empty={
          <Typography color="textSecondary">
            {withdrawn ? ADS_WITHDRAWN_BY(username) : NO_ADS_BY(username)}
          </Typography>
        }
      />
    </Stack>
  );
}
