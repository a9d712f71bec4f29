import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import type { AdSpaceType } from '@boli/engine/billing/products';
import { recordAudience, type ShownAd } from '../api/adspaceApi.ts';
import { createImpressionLog } from '../model/rotation.ts';

/** One log for the whole page: a creative shown in two places is seen once per page view. */
const impressions = createImpressionLog();

type Props = { ad: ShownAd; type: AdSpaceType; height: number | string };

/** The spaces shown among the ad list's posts (StreamAds.tsx). */
const IN_STREAM: readonly AdSpaceType[] = ['inStream', 'betweenPosts'];

/**
 * A creative shown whole, whatever its shape, on a quiet band where it is narrower or shorter
 * than its place: cropped to fill it, a 2:1 banner lost the ends of its words ('AVYA MEDIA SAL').
 */
const WHOLE_CREATIVE = (height: number | string) =>
  ({
    width: '100%',
    height,
    objectFit: 'contain',
    bgcolor: 'action.hover',
    display: 'block',
  }) as const;

/**
 * One advertiser's creative (photo or muted looping video) with its company. Showing it counts
 * one impression per page view; a click is counted and opens the advertiser's page (its link),
 * or the creative in full when it has none.
 */
export function ShownAdCreative({ ad, type, height }: Props) {
  const { key } = useLocation();
  useEffect(() => {
    if (impressions.first(key, ad.spaceId)) void recordAudience('impression', ad.spaceId);
  }, [key, ad.spaceId]);

  return (
    <Card
      variant="outlined"
      // Beside the page, an ad is a landmark of its own; among the posts (one advertiser's ad may
      // show several times down the list) a group, so the landmarks are not repeats of one name.
      component={IN_STREAM.includes(type) ? 'div' : 'aside'}
      role={IN_STREAM.includes(type) ? 'group' : undefined}
      aria-label={`Advertisement${ad.company ? ` by ${ad.company}` : ''}`}
      data-testid={`space-ad-${type}`}
      data-space-id={ad.spaceId}
      sx={{ height: '100%' }}
    >
      <CardActionArea
        component="a"
        href={ad.link || ad.url}
        target="_blank"
        rel="noopener sponsored"
        onClick={() => void recordAudience('click', ad.spaceId)}
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
        }}
      >
        {ad.galleryType === 'videos' ? (
          <Box
            component="video"
            src={ad.url}
            poster={ad.thumbnail || undefined}
            muted
            autoPlay
            loop
            playsInline
            sx={WHOLE_CREATIVE(height)}
          />
        ) : (
          <Box
            component="img"
            src={ad.url}
            alt={ad.company || 'Advertisement'}
            // Beside the list or between its cards: fetched as it nears the screen.
            loading="lazy"
            sx={WHOLE_CREATIVE(height)}
          />
        )}
        <Typography variant="caption" color="textSecondary" sx={{ px: 1, py: 0.5 }} noWrap>
          Ad{ad.company ? ` · ${ad.company}` : ''}
        </Typography>
      </CardActionArea>
    </Card>
  );
}
