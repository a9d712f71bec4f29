import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import ImageIcon from '@mui/icons-material/ImageOutlined';
import { formatPrice } from '../../../lib/format.ts';
import { adPath, type AdView } from '../ads.api.ts';
import {
  biddingBadge,
  myBidsLine,
  myBidsOutbidLine,
  ownerBidsLine,
} from '../model/biddingBadge.ts';
import { useNowAfter } from '../../../lib/serverClock.ts';
import { ClosesIn } from '../../bidding/components/ClosesIn.tsx';
import { linesAtMost, WRAP_ANYWHERE } from '../../../components/cellStyles.ts';
import { useReturnFocus } from '../../../lib/useReturnFocus.ts';
import { useReloadedOnline } from '../../../lib/useReloadedOnline.ts';

const THUMB_HEIGHT = 160;

/** How many cards at the top of a list fetch their pictures at once: what the first screen shows. */
const FIRST_SEEN_CARDS = 2;

/** The heading level of an ad card's name. */
export type CardHeading = 'h2' | 'h3';

/**
 * One ad in a list: its picture, name, price (₹, Indian grouping), town, and a final call (its
 * deadline and the time left) or close when there is one; opens the ad. The first cards (`index`)
 * fetch their pictures at once, the page's main content; the rest as they near the screen.
 */
export function AdCard({
  ad,
  actions,
  index,
  heading = 'h2',
}: {
  ad: AdView;
  actions?: ReactNode;
  /** Its place in the list, when it is in one. */
  index?: number;
  /** Its name's heading level: h3 in a list under a heading of its own (a seller's ads). */
  heading?: CardHeading;
}) {
  const firstSeen = index !== undefined && index < FIRST_SEEN_CARDS;
  const now = useNowAfter(ad.bidOpen ? ad.finalCallDateTime : null);
  const badge = biddingBadge(ad, now);
  // The owner's My Ads says what the bids came to.
  const bidsLine = ownerBidsLine(ad, badge?.closed ?? false);
  // My Bids says what came of the member's own.
  const mineLine = myBidsLine(ad, badge?.closed ?? false);
  const outbidLine = myBidsOutbidLine(ad, badge?.closed ?? false);
  // Back from the ad puts the keyboard on this card again.
  const returnFocus = useReturnFocus<HTMLAnchorElement>(adPath(ad));
  const reloadedOnline = useReloadedOnline();
  return (
    <Card
      variant="outlined"
      component="article"
      aria-label={ad.itemName}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      <CardActionArea
        component={RouterLink}
        to={adPath(ad)}
        ref={returnFocus.ref}
        onClick={returnFocus.onOpen}
        sx={{ flex: 1 }}
      >
        {ad.thumbnail ? (
          <CardMedia
            key={reloadedOnline.key}
            onError={reloadedOnline.onError}
            component="img"
            image={ad.thumbnail}
            // The card's link already says its name: the picture would only say it again.
            alt=""
            loading={firstSeen ? 'eager' : 'lazy'}
            fetchPriority={firstSeen ? 'high' : 'auto'}
            sx={{ height: THUMB_HEIGHT, objectFit: 'cover' }}
          />
        ) : (
          <Box
            sx={{
              height: THUMB_HEIGHT,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'action.hover',
              color: 'text.disabled',
            }}
          >
            <ImageIcon fontSize="large" />
          </Box>
        )}
        <CardContent>
          {/* Two lines of the name, and the whole place: one line cut both short, and with the
              text enlarged (200%) cut even a short name ('Keyboa…', 'Gurugram, Hary…'). */}
          <Typography
            variant="subtitle1"
            component={heading}
            title={ad.itemName}
            sx={linesAtMost(2)}
          >
            {ad.itemName}
          </Typography>
          <Typography variant="h6" component="p" color="primary" data-testid="ad-price">
            {formatPrice(ad.price, ad.currencycode || 'INR')}
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={WRAP_ANYWHERE}>
            {[ad.city, ad.state].filter(Boolean).join(', ')}
          </Typography>
          {badge && (
            <Chip
              label={badge.label}
              size="small"
              color={badge.closed ? 'default' : 'warning'}
              // The deadline whole, to the time zone: on a narrow card it wraps, never cut short.
              sx={{
                mt: 1,
                maxWidth: '100%',
                height: 'auto',
                '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
              }}
              data-testid="bidding-badge"
            />
          )}
          {/* In a final call: the time left, as the ad page counts it down. */}
          {badge && !badge.closed && ad.finalCallDateTime && (
            <ClosesIn deadline={ad.finalCallDateTime} />
          )}
          {bidsLine && (
            <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="owner-bids">
              {bidsLine}
            </Typography>
          )}
          {mineLine && (
            <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="my-bids">
              {mineLine}
            </Typography>
          )}
          {outbidLine && (
            <Typography variant="body2" color="error" sx={{ fontWeight: 600 }} data-testid="outbid">
              {outbidLine}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
      {actions && <CardActions>{actions}</CardActions>}
    </Card>
  );
}

/** Ads side by side, as many per row as fit. */
export function AdGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
      }}
    >
      {children}
    </Box>
  );
}
