import Box from '@mui/material/Box';
import { shownAt } from '../model/rotation.ts';
import { ShownAdCreative } from './ShownAdCreative.tsx';
import { useRotationTick, useShownAds } from './useShownAds.ts';

/**
 * The authPages space: a panel on the login and register pages (which hide the side columns),
 * showing the date's winning creatives in turn; nothing when none is active.
 */
export function AuthPageAd() {
  const { authPages } = useShownAds();
  const tick = useRotationTick(authPages.length > 1);
  const ad = shownAt(authPages, 0, tick);
  if (!ad) return null;
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', width: '100%' }}>
      <ShownAdCreative key={ad.spaceId} ad={ad} type="authPages" height={160} />
    </Box>
  );
}
