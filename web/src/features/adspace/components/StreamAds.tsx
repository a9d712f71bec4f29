import { Children, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { LIMITS } from '@boli/engine/shared/limits';
import { shownAt, streamLayout } from '../model/rotation.ts';
import { ShownAdCreative } from './ShownAdCreative.tsx';
import { useRotationTick, useShownAds } from './useShownAds.ts';

/**
 * The ad list's cards with the inStream and betweenPosts spaces among them: an in-stream card
 * takes a place in the grid like a post, a between-posts banner spans the whole row. Several
 * active creatives take turns, and neighbouring places show different ones.
 */
export function StreamAds({ children }: { children: ReactNode }) {
  const posts = Children.toArray(children);
  const { inStream, betweenPosts } = useShownAds();
  const tick = useRotationTick(inStream.length > 1 || betweenPosts.length > 1);
  const items = streamLayout(posts.length, {
    inStreamEvery: LIMITS.adDisplay.inStreamEvery,
    betweenPostsEvery: LIMITS.adDisplay.betweenPostsEvery,
    inStream: inStream.length > 0,
    betweenPosts: betweenPosts.length > 0,
  });
  return items.map((item) => {
    switch (item.kind) {
      case 'post':
        return posts[item.index];
      case 'inStream': {
        const ad = shownAt(inStream, item.slot, tick);
        return ad ? (
          <ShownAdCreative key={`inStream-${item.slot}`} ad={ad} type="inStream" height={160} />
        ) : null;
      }
      case 'betweenPosts': {
        const ad = shownAt(betweenPosts, item.slot, tick);
        return ad ? (
          <Box key={`betweenPosts-${item.slot}`} sx={{ gridColumn: '1 / -1' }}>
            <ShownAdCreative ad={ad} type="betweenPosts" height={120} />
          </Box>
        ) : null;
      }
      default: {
        const unknown: never = item;
        return unknown;
      }
    }
  });
}
