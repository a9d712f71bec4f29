import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSession } from '../../../app/session/sessionContext.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import type { PurchaseInfo } from '../../../payments/api/purchaseInfo.ts';
import { PriceBreakup } from '../../../payments/components/PriceBreakup.tsx';
import { quoteShareFee } from '../api/sharesApi.ts';
import { ShareBidsTable } from './ShareBidsTable.tsx';
import { useShareBids } from './useShareBids.ts';
import { useShareMember } from './useShareMember.ts';
import { LIMITS } from '@boli/engine/shared/limits';
import { useRefreshWhileShown } from '../../../lib/useRefreshWhileShown.ts';

/** The fee's price and tax, for a member who has not paid it. */
function FeeQuote() {
  const { request } = useApi();
  const [quote, setQuote] = useState<PurchaseInfo | null>(null);
  useEffect(() => {
    let current = true;
    quoteShareFee(request).then(
      (loaded) => current && setQuote(loaded),
      () => undefined, // the dialog quotes it again when a bid is made
    );
    return () => {
      current = false;
    };
  }, [request]);
  return quote ? <PriceBreakup breakup={quote} label="Buy-share bid fee" /> : null;
}

/**
 * /buyShare (section 2): bids on Boli's company shares. Shows whether the member has paid the
 * one-time buy-share bid fee (with its price and tax when not), every share bid so far, and the
 * way to Post A Bid.
 */
export function BuyShareScreen() {
  const { user } = useSession();
  const { member, failure } = useShareMember();
  const bids = useShareBids(false);
  // Others' bids land meanwhile, and nothing tells the page of them: read again as an ad's bids
  // are, every 10 s while the page is shown.
  useRefreshWhileShown(bids.reload, LIMITS.bidListRefreshMs);

  return (
    <Stack spacing={2} sx={{ maxWidth: 760, mx: 'auto', width: '100%' }}>
      <Typography variant="h5" component="h1">
        Buy-share bid
      </Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      {!member && !failure && <CenteredSpinner />}
      {member && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            <Typography>
              Bid for shares of the company under your company name, Open or Hidden.
            </Typography>
            {member.hasPaidToBuyShare ? (
              <Chip label="Buy-share bid fee paid" sx={{ alignSelf: 'flex-start' }} />
            ) : (
              <>
                <Typography variant="body2" color="textSecondary">
                  A one-time buy-share bid fee is paid with your first bid:
                </Typography>
                <FeeQuote />
              </>
            )}
            <Button
              component={RouterLink}
              to={`/bid/${user?._id ?? ''}`}
              variant="contained"
              sx={{ alignSelf: 'flex-start' }}
            >
              Post A Bid
            </Button>
          </Stack>
        </Paper>
      )}
      <ShareBidsTable
        title="Share bids"
        list={bids.list}
        failure={bids.failure}
        page={bids.page}
        onPage={bids.setPage}
      />
    </Stack>
  );
}
