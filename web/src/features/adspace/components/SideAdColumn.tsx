import type { MouseEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useRequireLogin } from '../../../app/session/useRequireLogin.ts';
import { shownAt } from '../model/rotation.ts';
import { ShownAdCreative } from './ShownAdCreative.tsx';
import { useRotationTick, useShownAds } from './useShownAds.ts';

const COLUMN_HEIGHT = 480;
const BUY_AD_SPACE = '/buyAdSpace';

/**
 * A side advertising column (the sidePanels space), beside the card on member pages; wide
 * screens only. The active side-panel creatives take turns, the right column one ahead of the
 * left; with none active it invites advertisers.
 */
export function SideAdColumn({ side }: { side: 'left' | 'right' }) {
  const { sidePanels } = useShownAds();
  const requireLogin = useRequireLogin();
  const tick = useRotationTick(sidePanels.length > 1);
  const ad = shownAt(sidePanels, side === 'left' ? 0 : 1, tick);
  return (
    <Box
      component="aside"
      aria-label={`Advertisements (${side})`}
      data-testid={`side-ads-${side}`}
      sx={{ display: { xs: 'none', lg: 'block' }, width: 180, flexShrink: 0 }}
    >
      <Box sx={{ position: 'sticky', top: 88, height: COLUMN_HEIGHT }}>
        {ad ? (
          <ShownAdCreative key={ad.spaceId} ad={ad} type="sidePanels" height={COLUMN_HEIGHT - 32} />
        ) : (
          <Paper
            variant="outlined"
            sx={{ height: '100%', display: 'grid', placeItems: 'center', p: 2 }}
          >
            <Typography variant="body2" color="textSecondary" sx={{ textAlign: 'center' }}>
              <Link
                component={RouterLink}
                to={BUY_AD_SPACE}
                color="inherit"
                // A guest is asked to log in (back to /buyAdSpace), as from the menu, rather than
                // sent home by the members' page.
                onClick={(event: MouseEvent) => {
                  if (!requireLogin(undefined, BUY_AD_SPACE)) event.preventDefault();
                }}
              >
                Advertise here
              </Link>
            </Typography>
          </Paper>
        )}
      </Box>
    </Box>
  );
}
