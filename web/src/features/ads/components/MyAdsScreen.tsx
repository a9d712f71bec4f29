import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { MESSAGES } from '@boli/engine/shared/messages';
import { useSession } from '../../../app/session/sessionContext.ts';
import { AD_PATHS, adMediaPath, editAdPath, type AdView } from '../ads.api.ts';
import { mayManageAd } from '../model/adManagement.ts';
import { useOwnAdPages } from '../useOwnAdPages.ts';
import { AdCardList } from './AdCardList.tsx';

/** Edit and Media of one of the member's ads. */
function ManageButtons({ ad }: { ad: AdView }) {
  return (
    <>
      <Button
        size="small"
        component={RouterLink}
        to={editAdPath(ad)}
        aria-label={`Edit ${ad.itemName}`}
      >
        Edit
      </Button>
      <Button
        size="small"
        component={RouterLink}
        to={adMediaPath(ad)}
        aria-label={`Media of ${ad.itemName}`}
      >
        Media
      </Button>
    </>
  );
}

/**
 * My Ads (/myAds): the member's own ads, newest first, each with Edit and Media while its bidding
 * is open (a closed ad can no longer be changed: its card says 'Bidding Closed' instead). A
 * notification (a bid came) reads them again.
 */
export function MyAdsScreen() {
  const { user } = useSession();
  // An owner is told of each bid: the cards' counts and highest bids say it at once.
  const pages = useOwnAdPages(AD_PATHS.myPosts, user?._id ?? '');

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          My Ads
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/postAd">
          Post Ad
        </Button>
      </Stack>
      <AdCardList
        pages={pages}
        loadingLabel="Loading your ads"
        actions={(ad) => (mayManageAd(ad, user?._id) ? <ManageButtons ad={ad} /> : undefined)}
        empty={
          <Box sx={{ py: 4, textAlign: 'center' }}>
            <Typography color="textSecondary">{MESSAGES.noAdsAvailable}</Typography>
          </Box>
        }
      />
    </Stack>
  );
}
